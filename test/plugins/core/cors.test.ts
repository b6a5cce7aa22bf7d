import t from 'tap'
import { build } from '../../helpers/app.js'

const ALLOWED = 'https://app.example.com'

t.test('with CORS_ORIGINS, an allowed origin gets credentials-enabled CORS, any other origin gets none', async (t) => {
  const app = await build(t, { env: { CORS_ORIGINS: `${ALLOWED}, https://admin.example.com` } })

  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/v1/users/refresh',
    headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
  })
  t.equal(preflight.statusCode, 204, 'the preflight of an any-method route is answered')
  t.equal(preflight.headers['access-control-allow-origin'], ALLOWED)
  t.equal(preflight.headers['access-control-allow-credentials'], 'true', 'cookies may be sent')
  t.same(preflight.headers['access-control-allow-methods']?.toString().split(', '), ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
    'every method the API accepts')

  const res = await app.inject({ method: 'POST', url: '/v1/users/refresh', headers: { origin: ALLOWED }, payload: {} })
  t.equal(res.statusCode, 401)
  t.equal(res.headers['access-control-allow-origin'], ALLOWED, 'the actual response is readable by the origin')
  t.equal(res.headers['access-control-allow-credentials'], 'true')
  t.equal(res.headers['access-control-expose-headers'], 'X-Request-ID, Retry-After', 'scripts may read the request id and Retry-After')

  const other = await app.inject({ method: 'POST', url: '/v1/users/refresh', headers: { origin: 'https://evil.example' }, payload: {} })
  t.equal(other.headers['access-control-allow-origin'], undefined, 'another origin is not allowed')
})

t.test('without CORS_ORIGINS no CORS headers are sent', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'POST', url: '/v1/users/refresh', headers: { origin: ALLOWED }, payload: {} })
  t.equal(res.headers['access-control-allow-origin'], undefined)
  t.equal(res.headers['access-control-allow-credentials'], undefined)
})

t.test('with CORS_ORIGINS, an OPTIONS request that is not a preflight gets the standard JSON error body', async (t) => {
  const app = await build(t, { env: { CORS_ORIGINS: ALLOWED } })
  const cases: Array<[string, Record<string, string>, string]> = [
    ['no Access-Control-Request-Method', { origin: ALLOWED }, 'Access-Control-Request-Method'],
    ['no Origin', { 'access-control-request-method': 'POST' }, 'Origin'],
    ['neither', {}, 'Origin, Access-Control-Request-Method']
  ]
  for (const [name, headers, missing] of cases) {
    const res = await app.inject({ method: 'OPTIONS', url: '/v1/users/refresh', headers })
    t.equal(res.statusCode, 400, `${name}: 400`)
    t.match(res.headers['content-type'], /^application\/json/, `${name}: JSON`)
    t.same(res.json(), { status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: `Invalid arguments: ${missing}` },
      `${name}: the body names what is missing`)
  }
  const preflight = await app.inject({ method: 'OPTIONS', url: '/v1/users/refresh', headers: { origin: ALLOWED, 'access-control-request-method': 'POST' } })
  t.equal(preflight.statusCode, 204, 'a preflight is still answered')
})
