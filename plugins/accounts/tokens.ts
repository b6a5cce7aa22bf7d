import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import jwt from '@fastify/jwt'
import type { FastifyInstance } from 'fastify'
import type { AccountType, Client } from './registry.js'
import { randomHex } from '../../random.js'

declare module 'fastify' {
  interface FastifyInstance { tokens: ReturnType<typeof createTokens> }
}

export interface AccessClaims {
  sub: string
  type: string
  tokenVersion: number
  aud: string
  iss: string
  iat: number
  exp: number
}

export function createTokens (app: FastifyInstance) {
  const { config } = app
  return {
    /** A short-lived HS256 access token for one owner and client kind. */
    sign (kind: AccountType, owner: { id: string, tokenVersion: number }, client: Client): string {
      return app.jwt.sign({ sub: owner.id, type: kind.type, tokenVersion: owner.tokenVersion, aud: kind.audiences[client] })
    },
    /**
     * Checks signature (HS256 only), exp and iss; throws on any failure. The audience is the
     * caller's to compare, since it depends on the request's client kind.
     */
    verify (token: string): AccessClaims {
      return app.jwt.verify<AccessClaims>(token)
    },
    /** 32 random bytes as 64 hex characters; only its SHA-256 is ever stored. */
    newRefreshToken (): { token: string, hash: string } {
      const token = randomHex(32)
      return { token, hash: hashRefreshToken(token) }
    },
    hashRefreshToken,
    refreshExpiresAt (): Date {
      return new Date(Date.now() + config.refreshTokenTtl * 1000)
    }
  }
}

export function hashRefreshToken (token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export default fp(async (app) => {
  const { config } = app
  await app.register(jwt, {
    secret: config.accessTokenSecret,
    // expiresIn in seconds: the plugin converts numbers to milliseconds for fast-jwt.
    sign: { algorithm: 'HS256', iss: config.jwtIssuer, expiresIn: config.accessTokenTtl },
    // Pinned: a token with any other algorithm, `none` included, fails verification.
    // The claims must also be present: fast-jwt checks iss only when it is there, and a token
    // without exp would never expire.
    verify: { algorithms: ['HS256'], allowedIss: config.jwtIssuer, requiredClaims: ['iss', 'exp', 'aud', 'sub'], cache: 10_000 }
  })
  app.decorate('tokens', createTokens(app))
}, { name: 'tokens', dependencies: ['config'] })
