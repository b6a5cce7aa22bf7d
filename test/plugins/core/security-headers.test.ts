import t from 'tap'
import { build } from '../../helpers/app.js'

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', ACCESS_TOKEN_SECRET: 'a'.repeat(32), REFRESH_TOKEN_SECRET: 'b'.repeat(32),
  PUBLIC_URL: 'https://auth.example.com' }

t.test('API responses, errors included, carry the API security headers; HSTS only in production', async (t) => {
  const dev = await build(t)
  // A 400 from validation, a 401 from the auth hook, a 404 and an undecodable path.
  for (const [url, status] of [['/v1/users/login', 400], ['/v1/users/logout', 401], ['/nope', 404], ['/v1/%zz', 400]] as const) {
    const res = await dev.inject({ method: 'POST', url, payload: {} })
    t.equal(res.statusCode, status, `${url}: ${status}`)
    t.equal(res.headers['x-content-type-options'], 'nosniff', `${url}: nosniff`)
    t.equal(res.headers['x-frame-options'], 'DENY', `${url}: frames denied`)
    t.equal(res.headers['referrer-policy'], 'no-referrer', `${url}: no referrer`)
    t.equal(res.headers['strict-transport-security'], undefined, `${url}: no HSTS outside production`)
    t.equal(res.headers['x-powered-by'], undefined)
  }
  const prod = await build(t, { env: PRODUCTION })
  for (const url of ['/v1/users/login', '/nope', '/v1/%zz']) {
    const res = await prod.inject({ method: 'POST', url, payload: {} })
    t.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains', `${url}: HSTS in production`)
  }
})

t.test('the probes skip the browser headers but keep X-Request-ID', async (t) => {
  const app = await build(t, { env: PRODUCTION })
  for (const url of ['/health', '/ready']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['x-content-type-options'], undefined, `${url}: no browser headers`)
    t.equal(res.headers['strict-transport-security'], undefined)
    t.match(res.headers['x-request-id'], /^[0-9a-f-]{36}$/, `${url}: a request id`)
  }
})
