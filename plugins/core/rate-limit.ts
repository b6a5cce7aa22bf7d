import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import { AppError } from './errors.js'

/**
 * Global limit per client IP, in Redis when configured (shared by every instance) and in
 * memory otherwise. Routes opt out with `config: { rateLimit: false }` (the probes do).
 */
export default fp(async (app) => {
  const { config, redis } = app
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rl:` } : {}),
    skipOnError: true,
    // The x-ratelimit-* headers go only on the 429 (with Retry-After): on every response they
    // cost the hot paths measurable throughput (bench/README.md).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => new AppError('TOO_MANY_REQUESTS', {
      params: { after: context.after }
    })
  })
}, { name: 'rate-limit', dependencies: ['config', 'redis', 'errors'] })
