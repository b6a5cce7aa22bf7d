import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import t from 'tap'
import { Redis } from 'ioredis'
import { ROOT } from '../../../paths.js'
import { build } from '../../helpers/app.js'

const routeDirs = [join(ROOT, 'test', 'fixtures', 'routes')]
const redisUrl = process.env.REDIS_URL

const stores: Array<{ store: string, env: Record<string, string> }> = [{ store: 'memory', env: {} }]
if (redisUrl) stores.push({ store: 'Redis', env: { REDIS_URL: redisUrl } })
else t.comment('REDIS_URL is not set: the Redis store is not tested')

for (const { store, env } of stores) {
  t.test(`with the ${store} store`, async (t) => {
    const limited = { ...env, RATE_LIMIT_MAX: '3' }

    t.test('the 4th request to a route is 429 TOO_MANY_REQUESTS in the flat body with Retry-After', async (t) => {
      const app = await build(t, { routeDirs, env: limited })
      for (let i = 1; i <= 3; i++) {
        const res = await app.inject({ method: 'GET', url: '/v1/echo/ping' })
        t.equal(res.statusCode, 200, `request ${i} passes`)
        t.equal(res.headers['x-ratelimit-remaining'], undefined, 'no budget headers while under the limit')
      }
      const res = await app.inject({ method: 'GET', url: '/v1/echo/ping' })
      t.equal(res.statusCode, 429)
      const body = res.json()
      t.same(Object.keys(body).sort(), ['error', 'message', 'status', 'success'])
      t.match(body, { status: 429, success: false, error: 'TOO_MANY_REQUESTS', message: /^Too many requests, retry in / })
      t.equal(res.headers['x-ratelimit-limit'], '3', 'the limit is stated on the 429')
      t.equal(res.headers['x-ratelimit-remaining'], '0')
      const retryAfter = Number(res.headers['retry-after'])
      t.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 300, `Retry-After is a number of seconds (${res.headers['retry-after']})`)

      const es = await app.inject({ method: 'GET', url: '/v1/echo/ping', headers: { 'accept-language': 'es' } })
      t.equal(es.statusCode, 429, 'the limit holds across routes and requests')
      t.match(es.json().message, /^Demasiadas peticiones/, 'the message is translated')
      const other = await app.inject({ method: 'GET', url: '/v1/echo/args?n=1&name=ab' })
      t.equal(other.statusCode, 429, 'the limit is per client, not per route')

      t.test('while /health and /ready are never limited', async (t) => {
        for (let i = 0; i < 10; i++) {
          const health = await app.inject({ method: 'GET', url: '/health' })
          const ready = await app.inject({ method: 'GET', url: '/ready' })
          // Never limited, whatever it answers: under a loaded machine's suite /ready may give its
          // 503 when a dependency takes longer than the probe's 800 ms (routes/ready.ts).
          t.equal(health.statusCode, 200, `/health call ${i + 1}`)
          t.not(ready.statusCode, 429, `/ready call ${i + 1}`)
          t.equal(health.headers['x-ratelimit-limit'], undefined, 'no rate limit headers on /health')
          t.equal(ready.headers['x-ratelimit-limit'], undefined, 'nor on /ready')
        }
      })
    })

    t.test('probe calls do not use up the budget of the client', async (t) => {
      const app = await build(t, { routeDirs, env: limited })
      for (let i = 0; i < 10; i++) {
        t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
        t.not((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 429)
      }
      for (let i = 1; i <= 3; i++) {
        t.equal((await app.inject({ method: 'GET', url: '/v1/echo/ping' })).statusCode, 200, `request ${i} still passes`)
      }
    })
  })
}

t.test('with Redis, the counters live under REDIS_KEY_PREFIX and are shared by every instance', { skip: !redisUrl && 'REDIS_URL is not set' }, async (t) => {
  const prefix = `latchkey-test:${randomBytes(4).toString('hex')}:`
  const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: '3' }
  const redis = new Redis(redisUrl!)
  t.teardown(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })
  const one = await build(t, { routeDirs, env })
  const two = await build(t, { routeDirs, env })
  t.equal(one.config.redisKeyPrefix, prefix)

  t.equal((await one.inject({ method: 'GET', url: '/v1/echo/ping' })).statusCode, 200)
  const keys = await redis.keys(`${prefix}*`)
  t.ok(keys.length >= 1, `a key with the prefix exists (${keys.join(', ')})`)
  t.ok(keys.every((k) => k.startsWith(`${prefix}rl:`)), 'the rate limit keys sit under <prefix>rl:')

  t.equal((await two.inject({ method: 'GET', url: '/v1/echo/ping' })).statusCode, 200)
  t.equal((await one.inject({ method: 'GET', url: '/v1/echo/ping' })).statusCode, 200)
  const fourth = await two.inject({ method: 'GET', url: '/v1/echo/ping' })
  t.equal(fourth.statusCode, 429, 'the 4th request is refused by the other instance')
  t.equal(fourth.json().error, 'TOO_MANY_REQUESTS')
})

t.test('with Redis, a limit made with createRateLimit counts apart from the route limits', { skip: !redisUrl && 'REDIS_URL is not set' }, async (t) => {
  const prefix = `latchkey-test:${randomBytes(4).toString('hex')}:`
  const redis = new Redis(redisUrl!)
  t.teardown(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })
  const app = await build(t, { env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: '100', LOGIN_RATE_LIMIT_MAX: '2' } })
  const login = (email: string) => app.inject({ method: 'POST', url: '/v1/users/login', payload: { email, password: 'not the password' } })
  t.equal((await login('a@example.com')).statusCode, 400)
  t.equal((await login('a@example.com')).statusCode, 400)
  t.equal((await login('a@example.com')).statusCode, 429, 'the third login for one email is refused')
  t.equal((await login('b@example.com')).statusCode, 400, 'another email has its own count')

  const keys = await redis.keys(`${prefix}*`)
  const perEmail = keys.filter((k) => k.includes('login:user:'))
  t.equal(perEmail.length, 2, `one key per email (${perEmail.join(', ')})`)
  t.ok(perEmail.every((k) => k.startsWith(`${prefix}rl:`) && /login:user:[^:]+:[ab]@example\.com$/.test(k)),
    'under <prefix>rl:, named by the key generator (what the store puts before it is the library\'s)')
  const route = keys.filter((k) => !perEmail.includes(k))
  t.equal(route.length, 1, `the route limit has a key of its own (${route.join(', ')})`)
  t.equal(Number(await redis.get(route[0])), 4, 'counting all four requests')
})
