import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
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
  /** The session family (decisions.md section 13); absent from tokens issued before families. */
  sid?: string
  aud: string
  iss: string
  iat: number
  exp: number
}

export function createTokens (app: FastifyInstance) {
  const { config } = app
  const successorKey = Buffer.from(hkdfSync('sha256', config.refreshTokenSecret, '', SUCCESSOR_KEY_INFO, 32))
  return {
    /** A short-lived HS256 access token for one owner, session family and client kind. */
    sign (kind: AccountType, owner: { id: string, tokenVersion: number }, sid: string, client: Client): string {
      return app.jwt.sign({ sub: owner.id, type: kind.type, tokenVersion: owner.tokenVersion, sid, aud: kind.audiences[client] })
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
    /**
     * The successor of a rotated refresh token, as kept in `successor_token` for the reuse
     * interval: AES-256-GCM under a key derived from REFRESH_TOKEN_SECRET (HKDF-SHA256), bound
     * to the rotated token's hash so it opens only for a request that presents that token.
     */
    sealSuccessor (successor: string, rotatedHash: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', successorKey, iv).setAAD(Buffer.from(rotatedHash))
      const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()])
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
    },
    /** The successor sealed for this rotated token's hash; null when it does not open. */
    openSuccessor (sealed: string, rotatedHash: string): string | null {
      try {
        const bytes = Buffer.from(sealed, 'base64url')
        const decipher = createDecipheriv('aes-256-gcm', successorKey, bytes.subarray(0, 12))
          .setAAD(Buffer.from(rotatedHash)).setAuthTag(bytes.subarray(-16))
        return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString('utf8')
      } catch {
        return null
      }
    },
    refreshExpiresAt (): Date {
      return new Date(Date.now() + config.refreshTokenTtl * 1000)
    }
  }
}

const SUCCESSOR_KEY_INFO = 'latchkey refresh token successor v1'

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
