import { createCipheriv, createDecipheriv, createHash, createPrivateKey, createPublicKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto'
import fp from 'fastify-plugin'
import jwt from '@fastify/jwt'
import { createVerifier, type Algorithm, type VerifierOptions } from 'fast-jwt'
import type { FastifyInstance } from 'fastify'
import type { AccountType, Client, OrgClaim } from './registry.js'
import { randomBase64url, randomHex } from '../../random.js'
import type { Assurance } from './assurance.js'

declare module 'fastify' {
  interface FastifyInstance { tokens: ReturnType<typeof createTokens> }
}

export interface AccessClaims {
  sub: string
  type: string
  tokenVersion: number
  /** The session family (docs/behaviour.md#devices-session-families); absent from tokens issued before families. */
  sid?: string
  /** The session's assurance level and methods (RFC 8176); absent from tokens issued before them (aal1, pwd). */
  aal?: Assurance['aal']
  amr?: Assurance['amr']
  aud: string
  iss: string
  /** Unique per token (RFC 9068): two tokens of one session issued in the same second still differ. Absent from tokens issued before it. */
  jti?: string
  /** The organization the session acts for (switchorg); absent when it acts for none (docs/behaviour.md#organizations-in-tokens). */
  org?: OrgClaim
  /** The account's name, when it has one (its profile). */
  name?: string
  /** The appMetadata keys ACCESS_TOKEN_CLAIMS names that the account has; absent when none. */
  app?: Record<string, unknown>
  iat: number
  exp: number
}

/** What an access token says of its owner: from the row login and refresh already read. */
export interface TokenOwner {
  id: string
  tokenVersion: number
  name?: string | null
  appMetadata?: Record<string, unknown>
}

/** Access tokens stay under this many characters: app claims that would pass it are left out (and counted). */
export const MAX_ACCESS_TOKEN_LENGTH = 4096

export function createTokens (app: FastifyInstance) {
  const { config } = app
  const claimKeys = config.accessTokenClaims
  const omitted = app.metrics?.counter({
    name: 'latchkey_access_token_claims_omitted_total',
    help: 'appMetadata keys named in ACCESS_TOKEN_CLAIMS left out of an access token that would have passed 4 KiB',
    labelNames: ['type'] as const
  })

  /** The `app` claim: the configured keys the account's appMetadata has, in ACCESS_TOKEN_CLAIMS's order; null for none. */
  function appClaim (metadata: Record<string, unknown> | undefined): Record<string, unknown> | null {
    if (!claimKeys.length || !metadata) return null
    let claim: Record<string, unknown> | null = null
    for (const key of claimKeys) if (Object.hasOwn(metadata, key)) (claim ??= {})[key] = metadata[key]
    return claim
  }
  // Tokens signed with a secret or key being rotated out: tried only when the current one's
  // signature check fails, so a current token costs nothing more.
  const previousKeys = config.accessTokenAlgorithm === 'EdDSA' ? config.accessTokenPreviousPublicKeys : config.accessTokenPreviousSecrets
  const previous = previousKeys.map((key) => createVerifier({ ...verifyOptions(config), key }))
  const jwks = { keys: publicKeys(config).map((key) => publicJwk(key)) }
  const successorKey = Buffer.from(hkdfSync('sha256', config.refreshTokenSecret, '', SUCCESSOR_KEY_INFO, 32))
  return {
    /**
     * A short-lived access token (ACCESS_TOKEN_ALGORITHM) for one owner, session family and client
     * kind; `org`: the organization the session acts for, a claim only then (other tokens do not grow).
     */
    sign (kind: AccountType, owner: TokenOwner, sid: string, client: Client, assurance: Assurance, org: OrgClaim | null = null): string {
      // jti (RFC 9068): iat is in whole seconds, so two tokens of one session in one second were equal.
      const claims = { sub: owner.id, type: kind.type, tokenVersion: owner.tokenVersion, sid, aud: kind.audiences[client], aal: assurance.aal, amr: assurance.amr,
        jti: randomBase64url(16), ...(org && { org }), ...(owner.name && { name: owner.name }) }
      const extra = appClaim(owner.appMetadata)
      if (!extra) return app.jwt.sign(claims)
      let token = app.jwt.sign({ ...claims, app: extra })
      // Over the limit: keys are left out from the last named, until it fits (signed again each time; a rare case).
      const keys = Object.keys(extra)
      while (token.length > MAX_ACCESS_TOKEN_LENGTH && keys.length) {
        delete extra[keys.pop()!]
        omitted?.inc({ type: kind.type })
        token = app.jwt.sign(keys.length ? { ...claims, app: extra } : claims)
      }
      return token
    },
    /**
     * Checks signature (the configured algorithm only), exp and iss; throws on any failure. The audience is the
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
    /** The JSON Web Key Set of the keys that verify access tokens: none with HS256 (docs/operations.md#access-tokens-for-other-services-eddsa). */
    jwks,
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
  return { algorithms: [config.accessTokenAlgorithm as Algorithm], allowedIss: config.jwtIssuer, requiredClaims: ['iss', 'exp', 'aud', 'sub'], cache: 10_000 }
}

/** EdDSA: the current key's public half first, then the previous public keys; HS256: none. */
function publicKeys (config: FastifyInstance['config']): KeyObject[] {
  if (config.accessTokenAlgorithm !== 'EdDSA') return []
  return [createPublicKey(createPrivateKey(config.accessTokenPrivateKey!)), ...config.accessTokenPreviousPublicKeys.map((pem) => createPublicKey(pem))]
}

/** An Ed25519 public key as a JWK whose `kid` is its RFC 7638 thumbprint. */
export function publicJwk (key: KeyObject): { kty: string, crv: string, x: string, kid: string, alg: string, use: string } {
  const { crv, x } = key.export({ format: 'jwk' }) as { crv: string, x: string }
  // RFC 7638: the required members, in lexicographic order, with no whitespace.
  const kid = createHash('sha256').update(JSON.stringify({ crv, kty: 'OKP', x })).digest('base64url')
  return { kty: 'OKP', crv, x, kid, alg: 'EdDSA', use: 'sig' }
}

/** The form of the opaque tokens (refresh tokens, the one-time tokens of mailed links). */
export const OPAQUE_TOKEN = /^[0-9a-f]{64}$/

/** An opaque token: 32 random bytes as 64 hex characters, and its hash, all that is ever stored. */
export function newOpaqueToken (): { token: string, hash: string } {
  const token = randomHex(32)
  return { token, hash: hashToken(token) }
}

/** The SHA-256 (hex) under which an opaque token is stored and looked up. */
export function hashToken (token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export default fp(async (app) => {
  const { config } = app
  const current = publicKeys(config)[0]
  await app.register(jwt, {
    secret: current
      ? { private: config.accessTokenPrivateKey!, public: current.export({ type: 'spki', format: 'pem' }) as string }
      : config.accessTokenSecret,
    // expiresIn in seconds: the plugin converts numbers to milliseconds for fast-jwt.
    sign: { algorithm: config.accessTokenAlgorithm, iss: config.jwtIssuer, expiresIn: config.accessTokenTtl, ...(current && { kid: publicJwk(current).kid }) },
    verify: verifyOptions(config)
  })
  app.decorate('tokens', createTokens(app))
}, { name: 'tokens', dependencies: ['config'] })
