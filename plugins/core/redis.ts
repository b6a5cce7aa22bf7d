import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'

declare module 'fastify' {
  interface FastifyInstance { redis: Redis | null }
}

const REDIS_COMMAND_TIMEOUT_MS = 50

/** The optional cache connection (REDIS_URL); null when the service runs without Redis. */
export default fp(async (app) => {
  const { redisUrl } = app.config
  if (!redisUrl) {
    app.decorate('redis', null)
    return
  }
  // Loaded only when configured: ioredis is a large share of the idle resident set.
  const { Redis } = await import('ioredis')
  // Redis is a cache: while it is unreachable or hung, a command fails at once (no offline
  // queue) or within REDIS_COMMAND_TIMEOUT_MS, and the rate limits fail open, instead of every
  // request waiting for it.
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000
  })
  redis.on('error', (err) => app.log.warn({ err }, 'redis error'))
  app.decorate('redis', redis)
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
  // Redis is a cache: the service starts without it, /ready reports it failed, and the rate
  // limiter lets requests through until it is back (ioredis keeps reconnecting).
  await redis.connect().catch((err) => app.log.warn({ err }, 'redis unreachable at start'))
}, { name: 'redis', dependencies: ['config'] })
