import { randomBytes } from 'node:crypto'
import t from 'tap'
import { Redis } from 'ioredis'
import { build } from '../../../helpers/app.js'
import { PASSWORD, createTestAccount } from '../../../helpers/accounts.js'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'

const redisUrl = process.env.REDIS_URL
const login = (email: string, headers: Record<string, string> = {}) => ({
  method: 'POST' as const, url: '/v1/users/login', payload: { email, password: 'wrong password' }, headers
})

t.test('the login limiter (per IP and email)', async (t) => {
  const app = await build(t, { env: { LOGIN_RATE_LIMIT_MAX: '2', TRUST_PROXY: '1' } })

  t.test('its 429 carries the same headers as the global limiter\'s', async (t) => {
    await app.inject(login('headers@example.com'))
    await app.inject(login('headers@example.com'))
    const res = await app.inject(login('headers@example.com'))
    t.equal(res.statusCode, 429)
    t.equal(res.json().error, 'TOO_MANY_REQUESTS')
    t.equal(res.headers['x-ratelimit-limit'], '2')
    t.equal(res.headers['x-ratelimit-remaining'], '0')
    t.match(res.headers['x-ratelimit-reset'], /^[0-9]+$/)
    t.equal(res.headers['retry-after'], res.headers['x-ratelimit-reset'], 'Retry-After says when')
  })

  t.test('behind one proxy (TRUST_PROXY=1), a forged X-Forwarded-For does not reset the count', async (t) => {
    // The proxy appends the address it saw; everything before it is the client's to choose.
    const via = (forged: string) => ({ 'x-forwarded-for': `${forged}, 203.0.113.9` })
    const codes = []
    for (let i = 0; i < 4; i++) codes.push((await app.inject(login('proxied@example.com', via(`10.0.${i}.1`)))).statusCode)
    t.same(codes, [400, 400, 429, 429], 'the client is counted by the address the proxy saw')
    const other = await app.inject(login('proxied@example.com', { 'x-forwarded-for': '203.0.113.10' }))
    t.equal(other.statusCode, 400, 'another client behind the proxy has its own count')
  })
})

t.test('with Redis, the login limiter\'s keys read <prefix>rl:login:<type>:<ip>:<email>', { skip: !redisUrl && 'REDIS_URL is not set' }, async (t) => {
  const prefix = `latchkey-test:${randomBytes(4).toString('hex')}:`
  const redis = new Redis(redisUrl!)
  t.teardown(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    await redis.quit()
  })
  const app = await build(t, { env: { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix } })
  const account = await createTestAccount(app, ACCOUNT_TYPES.user, { email: 'keys@example.com' })
  const res = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email: account.email, password: PASSWORD } })
  t.equal(res.statusCode, 201)
  const keys = await redis.keys(`${prefix}rl:login:*`)
  t.same(keys, [`${prefix}rl:login:user:127.0.0.1:keys@example.com`])
  t.same(await redis.keys(`${prefix}*undefined*`), [], 'no key names an undefined route')
})
