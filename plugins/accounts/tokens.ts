import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import jwt from '@fastify/jwt'
import { createVerifier, type Algorithm, type VerifierOptions } from 'fast-jwt'
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
  // Tokens signed with a secret being rotated out: tried only when the current secret's
  // signature check fails, so a current token costs nothing more.
  const previous = config.accessTokenPreviousSecrets.map((key) => createVerifier({ ...verifyOptions(config), key }))
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
      try {
        return app.jwt.verify<AccessClaims>(token)
      } catch (err) {
        if (!previous.length || (err as { code?: string }).code !== INVALID_SIGNATURE) throw err
        for (const verifyWith of previous) {
          try {
            return verifyWith(token) as AccessClaims
          } catch (e) {
            if ((e as { code?: string }).code !== INVALID_SIGNATURE) throw e
          }
        }
        throw err
      }
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
const INVALID_SIGNATURE = 'FAST_JWT_INVALID_SIGNATURE'

/**
 * Pinned: a token with any other algorithm, `none` included, fails verification. The claims
 * must also be present: fast-jwt checks iss only when it is there, and a token without exp
 * would never expire.
 */
function verifyOptions (config: FastifyInstance['config']): Partial<VerifierOptions> {
  return { algorithms: ['HS256' as Algorithm], allowedIss: config.jwtIssuer, requiredClaims: ['iss', 'exp', 'aud', 'sub'], cache: 10_000 }
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
    verify: verifyOptions(config)
  })
  app.decorate('tokens', createTokens(app))
}, { name: 'tokens', dependencies: ['config'] })
