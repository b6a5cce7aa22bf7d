import { Type } from '@sinclair/typebox'
import { defineConcern } from './concern.js'

export interface RedisConfig {
  /** undefined: no cache. */
  redisUrl?: string
  redisKeyPrefix: string
}

/** Redis, optional: where it is and the prefix of every key we write there. */
export const redis = defineConcern({
  env: {
    REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', description: 'a redis:// URL' })),
    REDIS_KEY_PREFIX: Type.String({ default: 'latchkey:', description: 'a key prefix' })
  },
  read: (env): RedisConfig => ({ redisUrl: env.REDIS_URL, redisKeyPrefix: env.REDIS_KEY_PREFIX })
})
