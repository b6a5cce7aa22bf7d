import t from 'tap'
import { build, cloneDatabase } from '../helpers/app.js'
import { serve } from '../fixtures/serve.js'

const redisUrl = process.env.REDIS_URL
const noRedis = !redisUrl && 'REDIS_URL is not set'

t.test('without Redis, /ready answers 200 with the database ok and the cache disabled', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 200, success: true, checks: { database: 'ok', cache: 'disabled' } })
})

t.test('with Redis, /ready answers 200 with both checks ok', { skip: noRedis }, async (t) => {
  const app = await build(t, { env: { REDIS_URL: redisUrl! } })
  const res = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 200, success: true, checks: { database: 'ok', cache: 'ok' } })
})

t.test('when Redis goes away after the start, /ready is 503 naming the cache', { skip: noRedis }, async (t) => {
  const app = await build(t, { env: { REDIS_URL: redisUrl! } })
  app.redis!.disconnect()
  const res = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(res.statusCode, 503)
  t.same(res.json(), {
    status: 503,
    success: false,
    error: 'SERVICE_UNAVAILABLE',
    message: 'Not ready: cache failed',
    checks: { database: 'ok', cache: 'failed' },
    requestId: res.headers['x-request-id']
  })
  const health = await app.inject({ method: 'GET', url: '/health' })
  t.equal(health.statusCode, 200, '/health does not look at dependencies')
})

t.test('when the database is gone, /ready is 503 naming the database', async (t) => {
  const app = await build(t)
  await app.sql.end({ timeout: 1 })
  const res = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(res.statusCode, 503)
  t.same(res.json(), {
    status: 503,
    success: false,
    error: 'SERVICE_UNAVAILABLE',
    message: 'Not ready: database failed',
    checks: { database: 'failed', cache: 'disabled' },
    requestId: res.headers['x-request-id']
  })
  const health = await app.inject({ method: 'GET', url: '/health' })
  t.equal(health.statusCode, 200, '/health does not look at the database')
})

// Run as a process: it is about the whole start-up with a Redis that is down.

t.test('a server whose Redis is unreachable at start still starts, and /ready is 503 naming the cache', async (t) => {
  const db = await cloneDatabase()
  t.teardown(db.drop) // teardowns run last-in first-out: after serve's has stopped the process
  const server = await serve(t, {
    DATABASE_URL: db.url,
    REDIS_URL: 'redis://127.0.0.1:1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MIGRATE_ON_START: 'false',
    WORKER_ENABLED: 'false'
  })
  const res = await server.waitFor('/ready', 20_000)
  t.ok(res, 'the server answers')
  t.equal(res?.status, 503, '/ready is 503')
  t.match(res?.body, { error: 'SERVICE_UNAVAILABLE', checks: { database: 'ok', cache: 'failed' } }, 'the body names the cache')
  if (!res) t.comment(`exit code ${server.child.exitCode}; output: ${server.output().trim().split('\n').slice(-3).join(' | ').slice(0, 500)}`)
})
