import fp from 'fastify-plugin'
import { Redis } from 'ioredis'

declare module 'fastify' {
  interface FastifyInstance { redis: Redis | null }
}

/** The optional cache connection (REDIS_URL); null when the service runs without Redis. */
export default fp(async (app) => {
  const { redisUrl } = app.config
  if (!redisUrl) {
    app.decorate('redis', null)
    return
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000
  })
  redis.on('error', (err) => app.log.warn({ err }, 'redis error'))
  await redis.connect()
  app.decorate('redis', redis)
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
}, { name: 'redis', dependencies: ['config'] })
