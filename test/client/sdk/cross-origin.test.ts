/**
 * A page on another origin (a second port, listed in CORS_ORIGINS) imports the SDK from the
 * service (/client/latchkey.js), signs in and refreshes with credentials (the HttpOnly cookie);
 * a page on an origin that is not listed cannot even import it; a page on another site is warned
 * that its session ends at the first refresh (the SameSite=Strict cookie), and it does.
 */
import { createServer, type Server } from 'node:http'
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount } from '../../helpers/accounts.js'
import { browser } from '../../helpers/browser.js'
import { sdkApp, until } from '../../helpers/client.js'
import { freePort } from '../../../db/embedded.js'

/** A plain web server for one page: an app's own origin, which is not the service's. */
async function pageServer (t: Parameters<typeof sdkApp>[0], api: string): Promise<string> {
  const port = await freePort()
  const html = '<!doctype html><html><head><meta charset="utf-8"><title>app</title>' +
    `<script type="module">import { createClient } from '${api}/client/latchkey.js'; window.lk = createClient({ baseUrl: '${api}' }); window.loaded = true</script>` +
    '</head><body>app</body></html>'
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(html)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://localhost:${port}`
}

t.test('a listed origin imports the SDK, signs in and refreshes with credentials', async (t) => {
  const allowedPort = await freePort()
  const allowed = `http://localhost:${allowedPort}`
  const { app, origin, refreshes } = await sdkApp(t, { CORS_ORIGINS: allowed })
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const origins: Array<string | undefined> = []
  app.server.on('request', (req) => { if (req.url?.startsWith('/v1/users/')) origins.push(req.headers.origin) })

  // The listed origin's page server, on the port CORS_ORIGINS names.
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><html><head><meta charset="utf-8"><title>app</title>' +
      `<script type="module">import { createClient } from '${origin}/client/latchkey.js'; window.lk = createClient({ baseUrl: '${origin}' }); window.loaded = true</script>` +
      '</head><body>app</body></html>')
  })
  await new Promise<void>((resolve) => server.listen(allowedPort, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  const warnings: string[] = []
  page.on('console', (message) => { if (message.type() === 'warning') warnings.push(message.text()) })
  await page.goto(`${allowed}/`)
  await until(page, '(globalThis).loaded')
  t.same(warnings, [], 'another port of the same host: the same site, no warning')
  const signedIn = await page.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })
  t.match(signedIn, { mfaRequired: false, user: { id: account.id } }, 'signed in from the other origin')
  const [cookie] = (await context.cookies(origin)).filter((c) => c.name === ACCOUNT_TYPES.user.cookie)
  t.ok(cookie?.httpOnly, 'the service set its HttpOnly refresh cookie (credentials: include)')
  const first = await page.evaluate(() => (globalThis as any).lk.accessToken())
  await page.waitForTimeout(1100) // a token of the next second (one of the same second and session is the same string)

  const refreshed = await page.evaluate(() => (globalThis as any).lk.refresh())
  t.match(refreshed, { id: account.id }, 'refreshed with the cookie alone')
  t.equal(refreshes(), 1, 'one refresh request')
  t.not(await page.evaluate(() => (globalThis as any).lk.accessToken()), first, 'a new access token')
  const [rotated] = (await context.cookies(origin)).filter((c) => c.name === ACCOUNT_TYPES.user.cookie)
  t.not(rotated.value, cookie.value, 'and a rotated cookie')
  t.match(await page.evaluate(() => (globalThis as any).lk.me()), { id: account.id, email: account.email })
  t.ok(origins.length >= 3 && origins.every((o) => o === allowed), 'every call came from the other origin')
  t.equal(await page.evaluate(() => (globalThis as any).document.cookie), '', 'no cookie of the service is readable there')
})

t.test('an origin that is not listed cannot import the SDK', async (t) => {
  const { origin } = await sdkApp(t, { CORS_ORIGINS: 'http://localhost:1' })
  const other = await pageServer(t, origin)
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()) })
  await page.goto(`${other}/`)
  await page.waitForTimeout(500)
  t.equal(await page.evaluate(() => (globalThis as any).loaded ?? false), false, 'the module did not load')
  t.match(errors.join('\n'), /CORS|Access-Control-Allow-Origin/, 'refused by CORS')
})

t.test('a page on another site: a sign-in works, the first refresh finds no cookie, and the SDK warned once', async (t) => {
  const pagePort = await freePort()
  // 127.0.0.1 and localhost are two sites: the SameSite=Strict cookie is neither stored nor sent between them.
  const page127 = `http://127.0.0.1:${pagePort}`
  const { app, origin } = await sdkApp(t, { CORS_ORIGINS: page127 })
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><html><head><meta charset="utf-8"><title>app</title>' +
      `<script type="module">import { createClient } from '${origin}/client/latchkey.js'; window.lk = createClient({ baseUrl: '${origin}' }); createClient({ baseUrl: '${origin}', kind: 'users' }); window.loaded = true</script>` +
      '</head><body>app</body></html>')
  })
  await new Promise<void>((resolve) => server.listen(pagePort, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const page = await context.newPage()
  const warnings: string[] = []
  page.on('console', (message) => { if (message.type() === 'warning') warnings.push(message.text()) })
  await page.goto(`${page127}/`)
  await until(page, '(globalThis).loaded')
  t.equal(warnings.length, 1, 'one warning for two clients of the service')
  t.match(warnings[0], /different sites.*SameSite=Strict/)
  const signedIn = await page.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })
  t.match(signedIn, { mfaRequired: false, user: { id: account.id } }, 'the sign-in itself works')
  t.same((await context.cookies(origin)).filter((c) => c.name === ACCOUNT_TYPES.user.cookie), [], 'but the browser did not keep the refresh cookie')
  t.equal(await page.evaluate(() => (globalThis as any).lk.refresh()), null, 'so the first refresh ends the session')
})
