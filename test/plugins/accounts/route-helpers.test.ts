import t from 'tap'
import { build } from '../../helpers/app.js'

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
