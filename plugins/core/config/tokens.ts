import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'
import { Duration, parseDuration } from './forms.js'

const MAX_REUSE_INTERVAL = 300

export interface TokensConfig {
  accessTokenTtl: number
  refreshTokenTtl: number
  /** Seconds after a rotation during which the rotated token gets the same successor back (0: never). */
  refreshTokenReuseInterval: number
  /** Seconds expired or revoked session rows are kept before V1PruneSessionsTask deletes them. */
  sessionRetention: number
  jwtIssuer: string
  /** The appMetadata keys access tokens carry as the `app` claim (ACCESS_TOKEN_CLAIMS); empty: none. */
  accessTokenClaims: string[]
}

/**
 * Access and refresh tokens: lifetimes, issuer, reuse interval and session retention (the worker's
 * pruning reads these too). What signs them is signing.ts and keys.ts.
 */
export const tokens = defineConcern({
  env: {
    ACCESS_TOKEN_EXPIRES_IN: Duration('15m'),
    REFRESH_TOKEN_EXPIRES_IN: Duration('60d'),
    REFRESH_TOKEN_REUSE_INTERVAL: Duration('0s'),
    SESSION_RETENTION: Duration('30d'),
    JWT_ISSUER: Type.String({ minLength: 1, default: 'latchkey', description: 'a non-empty issuer name' }),
    ACCESS_TOKEN_CLAIMS: Type.String({ default: '', description: 'comma-separated appMetadata keys (plan,tenant)' })
  },
  read: (env): TokensConfig => {
    // A long window would let a stolen rotated token be replayed without raising the theft signal.
    if (parseDuration(env.REFRESH_TOKEN_REUSE_INTERVAL) > MAX_REUSE_INTERVAL) {
      throw new ConfigError(`Invalid configuration: REFRESH_TOKEN_REUSE_INTERVAL must be at most 5m, got "${env.REFRESH_TOKEN_REUSE_INTERVAL}"`)
    }
    return {
      accessTokenTtl: parseDuration(env.ACCESS_TOKEN_EXPIRES_IN),
      refreshTokenTtl: parseDuration(env.REFRESH_TOKEN_EXPIRES_IN),
      refreshTokenReuseInterval: parseDuration(env.REFRESH_TOKEN_REUSE_INTERVAL),
      sessionRetention: parseDuration(env.SESSION_RETENTION),
      jwtIssuer: env.JWT_ISSUER,
      accessTokenClaims: [...new Set(env.ACCESS_TOKEN_CLAIMS.split(',').map((key) => key.trim()).filter(Boolean))]
    }
  }
})
