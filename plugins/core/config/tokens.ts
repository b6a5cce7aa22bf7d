import { randomBytes } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'
import { keptLocally } from './files.js'
import { Duration, list, parseDuration } from './forms.js'

const MAX_REUSE_INTERVAL = 300

export interface TokensConfig {
  accessTokenSecret: string
  refreshTokenSecret: string
  /** Earlier ACCESS_TOKEN_SECRETs whose tokens are still accepted (rotation without downtime). */
  accessTokenPreviousSecrets: string[]
  accessTokenAlgorithm: 'HS256' | 'EdDSA'
  accessTokenTtl: number
  refreshTokenTtl: number
  /** Seconds after a rotation during which the rotated token gets the same successor back (0: never). */
  refreshTokenReuseInterval: number
  /** Seconds expired or revoked session rows are kept before V1PruneSessionsTask deletes them. */
  sessionRetention: number
  jwtIssuer: string
}

/** Access and refresh tokens: the HS256 secrets, the algorithm, lifetimes, reuse and session retention. */
export const tokens = defineConcern({
  env: {
    ACCESS_TOKEN_SECRET: Type.Optional(Type.String({ description: 'a secret of at least 32 characters' })),
    REFRESH_TOKEN_SECRET: Type.Optional(Type.String({ description: 'a secret of at least 32 characters' })),
    ACCESS_TOKEN_PREVIOUS_SECRETS: Type.Optional(Type.String({ description: 'comma-separated secrets of at least 32 characters' })),
    ACCESS_TOKEN_ALGORITHM: Type.Union([Type.Literal('HS256'), Type.Literal('EdDSA')], { description: 'HS256 or EdDSA' }),
    ACCESS_TOKEN_EXPIRES_IN: Duration,
    REFRESH_TOKEN_EXPIRES_IN: Duration,
    REFRESH_TOKEN_REUSE_INTERVAL: Duration,
    SESSION_RETENTION: Duration,
    JWT_ISSUER: Type.String({ minLength: 1, description: 'a non-empty issuer name' })
  },
  defaults: {
    ACCESS_TOKEN_ALGORITHM: 'HS256',
    ACCESS_TOKEN_EXPIRES_IN: '15m',
    REFRESH_TOKEN_EXPIRES_IN: '60d',
    REFRESH_TOKEN_REUSE_INTERVAL: '0s',
    SESSION_RETENTION: '30d',
    JWT_ISSUER: 'latchkey'
  },
  read: (env, { isProduction, dataDir }): TokensConfig => {
    let accessTokenSecret = env.ACCESS_TOKEN_SECRET
    let refreshTokenSecret = env.REFRESH_TOKEN_SECRET
    if (isProduction) {
      // With EdDSA the private key signs access tokens and ACCESS_TOKEN_SECRET has no use.
      const required = env.ACCESS_TOKEN_ALGORITHM === 'HS256' ? ['ACCESS_TOKEN_SECRET', 'REFRESH_TOKEN_SECRET'] : ['REFRESH_TOKEN_SECRET']
      for (const name of required) {
        if ((env[name] ?? '').length < 32) {
          throw new ConfigError(`Invalid configuration: ${name} must be set to at least 32 characters in production`)
        }
      }
    } else if (!accessTokenSecret || !refreshTokenSecret) {
      const generated = JSON.parse(keptLocally(dataDir, 'secrets.json', () => JSON.stringify({
        access: randomBytes(48).toString('base64url'),
        refresh: randomBytes(48).toString('base64url')
      })))
      accessTokenSecret ??= generated.access
      refreshTokenSecret ??= generated.refresh
    }

    // A long window would let a stolen rotated token be replayed without raising the theft signal.
    if (parseDuration(env.REFRESH_TOKEN_REUSE_INTERVAL) > MAX_REUSE_INTERVAL) {
      throw new ConfigError(`Invalid configuration: REFRESH_TOKEN_REUSE_INTERVAL must be at most 5m, got "${env.REFRESH_TOKEN_REUSE_INTERVAL}"`)
    }

    const previousSecrets = list(env.ACCESS_TOKEN_PREVIOUS_SECRETS)
    if (isProduction && previousSecrets.some((v) => v.length < 32)) {
      throw new ConfigError('Invalid configuration: every ACCESS_TOKEN_PREVIOUS_SECRETS entry must be at least 32 characters in production')
    }

    return {
      accessTokenSecret: accessTokenSecret!,
      refreshTokenSecret: refreshTokenSecret!,
      accessTokenPreviousSecrets: previousSecrets,
      accessTokenAlgorithm: env.ACCESS_TOKEN_ALGORITHM,
      accessTokenTtl: parseDuration(env.ACCESS_TOKEN_EXPIRES_IN),
      refreshTokenTtl: parseDuration(env.REFRESH_TOKEN_EXPIRES_IN),
      refreshTokenReuseInterval: parseDuration(env.REFRESH_TOKEN_REUSE_INTERVAL),
      sessionRetention: parseDuration(env.SESSION_RETENTION),
      jwtIssuer: env.JWT_ISSUER
    }
  }
})
