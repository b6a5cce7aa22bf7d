import { randomBytes } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'
import { keptLocally } from './files.js'
import { list } from './forms.js'

export interface SigningConfig {
  accessTokenAlgorithm: 'HS256' | 'EdDSA'
  accessTokenSecret: string
  refreshTokenSecret: string
  /** Earlier ACCESS_TOKEN_SECRETs whose tokens are still accepted (rotation without downtime). */
  accessTokenPreviousSecrets: string[]
}

/**
 * What signs access tokens (the algorithm; with HS256, the secrets) and seals the refresh
 * successors (REFRESH_TOKEN_SECRET): required in production, generated once under DATA_DIR
 * otherwise. Only `serve` signs or checks tokens; the EdDSA keys are in keys.ts.
 */
export const signing = defineConcern({
  env: {
    ACCESS_TOKEN_ALGORITHM: Type.Union([Type.Literal('HS256'), Type.Literal('EdDSA')], { default: 'HS256', description: 'HS256 or EdDSA' }),
    ACCESS_TOKEN_SECRET: Type.Optional(Type.String({ description: 'a secret of at least 32 characters' })),
    REFRESH_TOKEN_SECRET: Type.Optional(Type.String({ description: 'a secret of at least 32 characters' })),
    ACCESS_TOKEN_PREVIOUS_SECRETS: Type.Optional(Type.String({ description: 'comma-separated secrets of at least 32 characters' }))
  },
  read: (env, { isProduction, dataDir }): SigningConfig => {
    let accessTokenSecret = env.ACCESS_TOKEN_SECRET
    let refreshTokenSecret = env.REFRESH_TOKEN_SECRET
    if (isProduction) {
      // With EdDSA the private key signs access tokens and ACCESS_TOKEN_SECRET has no use.
      const required = env.ACCESS_TOKEN_ALGORITHM === 'HS256' ? ['ACCESS_TOKEN_SECRET', 'REFRESH_TOKEN_SECRET'] : ['REFRESH_TOKEN_SECRET']
      const missing = required.filter((name) => (env[name] ?? '').length < 32)
      if (missing.length) {
        throw new ConfigError(missing.map((name) => `Invalid configuration: ${name} must be set to at least 32 characters in production`))
      }
    } else if (!accessTokenSecret || !refreshTokenSecret) {
      const generated = JSON.parse(keptLocally(dataDir, 'secrets.json', () => JSON.stringify({
        access: randomBytes(48).toString('base64url'),
        refresh: randomBytes(48).toString('base64url')
      })))
      accessTokenSecret ??= generated.access
      refreshTokenSecret ??= generated.refresh
    }

    const previousSecrets = list(env.ACCESS_TOKEN_PREVIOUS_SECRETS)
    if (isProduction && previousSecrets.some((v) => v.length < 32)) {
      throw new ConfigError('Invalid configuration: every ACCESS_TOKEN_PREVIOUS_SECRETS entry must be at least 32 characters in production')
    }

    return {
      accessTokenAlgorithm: env.ACCESS_TOKEN_ALGORITHM,
      accessTokenSecret: accessTokenSecret!,
      refreshTokenSecret: refreshTokenSecret!,
      accessTokenPreviousSecrets: previousSecrets
    }
  }
})
