import { createHash, randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import { v7 } from 'uuid'
import jwt from '@fastify/jwt'
import type { FastifyInstance } from 'fastify'
import type { AccountType, Client } from './accounts.js'

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

/** The client kind from X-Client: `app`, anything else is `web`. */
export function clientOf (header: string | string[] | undefined): Client {
  return header === 'app' ? 'app' : 'web'
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

// Each randomBytes call goes into OpenSSL's generator (about 5 µs for 32 bytes here, 2% of a
// refresh); drawing 4 KiB at a time and handing out each byte once costs about 0.2 µs. Node's
// randomUUID buffers the same way. A handed-out range is zeroed, so the pool keeps only bytes
// that no token has used yet.
const RANDOM_POOL_BYTES = 4096
let randomPool = Buffer.alloc(0)
let randomOffset = 0

/** Lends `bytes` unused bytes of the pool to `use`, then zeroes them. */
function drawRandom<T> (bytes: number, use: (bytes: Buffer) => T): T {
  if (randomOffset + bytes > randomPool.length) {
    randomPool = randomBytes(Math.max(RANDOM_POOL_BYTES, bytes))
    randomOffset = 0
  }
  const range = randomPool.subarray(randomOffset, randomOffset + bytes)
  randomOffset += bytes
  try {
    return use(range)
  } finally {
    range.fill(0)
  }
}

/** `bytes` bytes from the system's CSPRNG, as hex. */
export function randomHex (bytes: number): string {
  return drawRandom(bytes, (range) => range.toString('hex'))
}

/**
 * A UUIDv7 (RFC 9562) with its random bits from the pool. uuid's own v7 asks the system for 16
 * bytes per id (crypto.getRandomValues): 5.5% of the service's CPU in a refresh profile. Ids are
 * ordered by their millisecond; within one millisecond the order is random, which RFC 9562 allows.
 */
export function uuidv7 (): string {
  return drawRandom(16, (random) => v7({ random }))
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
