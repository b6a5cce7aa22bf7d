import t from 'tap'
import { ACCOUNT_PAGES } from '../../../plugins/core/links.js'
import { build, captureLogs } from '../../helpers/app.js'

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', ACCESS_TOKEN_SECRET: 'a'.repeat(32), REFRESH_TOKEN_SECRET: 'b'.repeat(40),
  PUBLIC_URL: 'https://auth.example.com' }
const NOT_FOUND = { status: 404, success: false, error: 'NOT_FOUND', message: 'Route not found' }
const ALLOWED = 'https://app.example.com'
const PATHS = ['/demo/', '/admin/', '/client/latchkey.js']

t.test('in production nothing is served unless enabled: 404 in the standard body', async (t) => {
  const app = await build(t, { env: PRODUCTION })
  for (const url of [...PATHS, '/demo/main.js', '/admin/index.html']) {
    const res = await app.inject({ method: 'GET', url })
    t.equal(res.statusCode, 404, url)
    t.same(res.json(), NOT_FOUND, `${url}: the standard error body`)
  }
})

t.test('each flag turns its page on, and either serves the SDK', async (t) => {
  await t.test('DEMO_ENABLED', async (t) => {
    const app = await build(t, { env: { ...PRODUCTION, DEMO_ENABLED: 'true' } })
    t.equal((await app.inject({ method: 'GET', url: '/demo/' })).statusCode, 200)
    t.equal((await app.inject({ method: 'GET', url: '/admin/' })).statusCode, 404)
    t.equal((await app.inject({ method: 'GET', url: '/client/latchkey.js' })).statusCode, 200)
  })
  await t.test('ADMIN_CONSOLE_ENABLED', async (t) => {
    const app = await build(t, { env: { ...PRODUCTION, ADMIN_CONSOLE_ENABLED: 'true' } })
    t.equal((await app.inject({ method: 'GET', url: '/demo/' })).statusCode, 404)
    t.equal((await app.inject({ method: 'GET', url: '/admin/' })).statusCode, 200)
    t.equal((await app.inject({ method: 'GET', url: '/client/latchkey.js' })).statusCode, 200)
  })
  await t.test('off outside production too when said so', async (t) => {
    const app = await build(t, { env: { DEMO_ENABLED: 'false', ADMIN_CONSOLE_ENABLED: 'false' } })
    for (const url of PATHS) t.same((await app.inject({ method: 'GET', url })).json(), NOT_FOUND, url)
  })
})

t.test('the pages: their index and bundle, a strict CSP, revalidated', async (t) => {
  const app = await build(t, { env: { DEMO_ENABLED: 'true' } })
  for (const name of ['demo', 'admin']) {
    const res = await app.inject({ method: 'GET', url: `/${name}/`, headers: { host: 'latchkey.test:8000' } })
    t.equal(res.statusCode, 200, name)
    t.match(res.headers['content-type'], /^text\/html/)
    t.match(res.body, /<script type="module" src="\.\/main\.js"><\/script>/, 'the page loads its bundle')
    t.notMatch(res.body, /<script>|<script type="module">[^<]/, 'no inline script')
    const csp = String(res.headers['content-security-policy'])
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]))
    t.equal(directives['default-src'], "'self'")
    t.equal(directives['script-src'], "'self'", 'scripts from the origin only')
    t.equal(directives['style-src'], "'self'")
    t.equal(directives['connect-src'], "'self' ws://latchkey.test:8000", 'the API and its sockets')
    t.equal(directives['frame-ancestors'], "'none'")
    t.equal(directives['object-src'], "'none'")
    t.notMatch(csp, /unsafe-inline|unsafe-eval|\*/, 'nothing unsafe, no wildcard')
    t.equal(res.headers['cache-control'], 'no-cache', 'revalidated on every load')
    t.ok(res.headers.etag, 'with an ETag to revalidate')
    t.equal(res.headers['x-frame-options'], 'DENY', 'the API security headers too')
    t.equal(res.headers['x-content-type-options'], 'nosniff')

    const again = await app.inject({ method: 'GET', url: `/${name}/`, headers: { 'if-none-match': String(res.headers.etag) } })
    t.equal(again.statusCode, 304, 'unchanged: 304')

    const bundle = await app.inject({ method: 'GET', url: `/${name}/main.js` })
    t.equal(bundle.statusCode, 200)
    t.match(bundle.headers['content-type'], /javascript/)
    t.ok(bundle.body.length > 1000, 'the bundle (Preact inside)')
    t.equal((await app.inject({ method: 'GET', url: `/${name}/style.css` })).statusCode, 200)
    const redirect = await app.inject({ method: 'GET', url: `/${name}` })
    t.equal(redirect.statusCode, 301, `/${name} redirects to /${name}/`)
    t.equal(redirect.headers.location, `/${name}/`)
    t.same((await app.inject({ method: 'GET', url: `/${name}/missing.js` })).json(), NOT_FOUND, 'a missing file: the standard 404')
  }
  const https = await app.inject({ method: 'GET', url: '/demo/', headers: { host: 'latchkey.test', 'x-forwarded-proto': 'https' } })
  t.match(https.headers['content-security-policy'], /connect-src 'self' ws:\/\/latchkey\.test;/, 'the proxy is not trusted: still ws')
  const odd = await app.inject({ method: 'GET', url: '/demo/', headers: { host: "x; script-src 'unsafe-inline'" } })
  t.match(odd.headers['content-security-policy'], /connect-src 'self'; /, 'a host that is no host is not copied into the policy')
})

t.test('the account pages answer in production too, whatever the token, never stored, the token kept out of the logs', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { ...PRODUCTION, LOG_LEVEL: 'info' }, logger: { level: 'info', stream: logs.stream } })
  const token = 'f'.repeat(64)
  for (const name of ACCOUNT_PAGES) {
    const res = await app.inject({ method: 'GET', url: `/account/${name}?token=${token}`, headers: { host: 'auth.example.com' } })
    t.equal(res.statusCode, 200, name)
    t.match(res.headers['content-type'], /^text\/html/)
    t.match(res.body, /<script type="module" src="\.\/main\.js"><\/script>/, 'the page loads its bundle beside it')
    t.match(res.body, /<meta name="referrer" content="no-referrer">/)
    t.notMatch(res.body, /<script>|<script type="module">[^<]/, 'no inline script')
    t.match(res.headers['content-security-policy'], /^default-src 'self'; .*script-src 'self'; script-src-attr 'none'; style-src 'self'/, 'the pages\' CSP')
    t.equal(res.headers['referrer-policy'], 'no-referrer', 'the token in the address is sent to no one')
    t.equal(res.headers['cache-control'], 'no-store', 'an address with a token is not kept')
  }
  t.equal((await app.inject({ method: 'GET', url: '/account/verify-email' })).statusCode, 200, 'without a token too: the page says so')
  const bundle = await app.inject({ method: 'GET', url: '/account/main.js' })
  t.equal(bundle.statusCode, 200)
  t.match(bundle.headers['content-type'], /javascript/)
  t.equal(bundle.headers['cache-control'], 'no-cache')
  t.equal((await app.inject({ method: 'GET', url: '/account/style.css' })).statusCode, 200)
  for (const url of ['/account/', '/account/index.html', '/account/profile', '/account/verify-email/', '/account/../package.json']) {
    t.same((await app.inject({ method: 'GET', url })).json(), NOT_FOUND, `${url}: the standard 404`)
  }
  const lines = logs.lines.filter((l) => l.req?.url?.startsWith('/account/'))
  t.ok(lines.length >= ACCOUNT_PAGES.length, 'the requests are logged')
  t.notMatch(JSON.stringify(logs.lines), token, 'the token is in no log line')
  t.match(lines[0].req.url, '?token=[redacted]')
})

t.test('the SDK file is one ES module, readable by the origins of CORS_ORIGINS only', async (t) => {
  const app = await build(t, { env: { CORS_ORIGINS: ALLOWED } })
  const res = await app.inject({ method: 'GET', url: '/client/latchkey.js', headers: { origin: ALLOWED } })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^(text|application)\/javascript/)
  t.match(res.body, /export\s*\{/, 'an ES module')
  t.equal(res.headers['access-control-allow-origin'], ALLOWED, 'a listed origin may import it')
  t.equal(res.headers['access-control-allow-credentials'], 'true')
  t.equal(res.headers['cache-control'], 'no-cache')
  t.equal((await app.inject({ method: 'GET', url: '/client/latchkey.js.map' })).statusCode, 200, 'its source map')

  const other = await app.inject({ method: 'GET', url: '/client/latchkey.js', headers: { origin: 'https://evil.example' } })
  t.equal(other.statusCode, 200)
  t.equal(other.headers['access-control-allow-origin'], undefined, 'another origin gets no CORS header: its import fails')
  for (const url of ['/client/demo/index.html', '/client/admin/main.js', '/client/', '/client/../package.json']) {
    t.equal((await app.inject({ method: 'GET', url })).statusCode, 404, `${url} is not the SDK`)
  }
})
