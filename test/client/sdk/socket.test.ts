/**
 * client.socket() in Chromium: revoking a device from another closes its socket with 4401 and
 * the SDK reports signed-out; a socket outlives its access token by re-authenticating; after a
 * server restart it reconnects and hears its rooms again.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js'
import { browser } from '../../helpers/browser.js'
import { restartableApp, sdkApp, sdkTab, until } from '../../helpers/client.js'

async function device (t: Parameters<typeof sdkApp>[0], origin: string): Promise<Page> {
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  return await sdkTab(context, origin)
}

const login = (page: Page, account: TestAccount) =>
  page.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })

/** Opens `window.sock` in FEED; `window.sockLog` collects its statuses, `window.events` its room events. */
async function openSocket (page: Page) {
  await page.evaluate(() => {
    const w = globalThis as any
    w.sockLog = []
    w.closeCodes = [] // the close code each time the socket starts over, read before a failed attempt replaces it
    w.events = []
    w.sock = w.lk.socket({ rooms: ['FEED'] })
    w.sock.onStatus((s: string) => {
      w.sockLog.push(s)
      if (s === 'reconnecting') w.closeCodes.push(w.sock.lastCloseCode)
    })
    w.sock.onEvent((e: unknown) => w.events.push(e))
  })
  await until(page, "(globalThis).sock.status === 'open'")
}

t.test('revoking a device from another closes its socket with 4401 and the SDK reports signed-out', async (t) => {
  const { app, origin } = await sdkApp(t)
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const a = await device(t, origin)
  const b = await device(t, origin)
  await login(a, account)
  await login(b, account)
  await openSocket(b)

  const sessions = await a.evaluate(() => (globalThis as any).lk.listSessions())
  t.equal(sessions.length, 2, 'two devices')
  const other = sessions.find((s: any) => !s.current)
  await a.evaluate((id) => (globalThis as any).lk.revokeSession(id), other.id)

  await until(b, "(globalThis).sock.status === 'signed-out'")
  t.equal(await b.evaluate(() => (globalThis as any).sock.lastCloseCode), 4401, 'closed with 4401')
  t.equal(await b.evaluate(() => (globalThis as any).lk.signedIn), false, 'the SDK is signed out')
  t.equal((await b.evaluate(() => (globalThis as any).authLog)).at(-1), 'SIGNED_OUT', 'and said so to onAuthChange')
  t.same((await b.evaluate(() => (globalThis as any).sockLog)).slice(-1), ['signed-out'])
  await b.waitForTimeout(1500)
  t.equal(await b.evaluate(() => (globalThis as any).sock.status), 'signed-out', 'it does not reconnect')
  t.equal(await a.evaluate(() => (globalThis as any).lk.signedIn), true, 'the revoking device stays signed in')
  t.match(await a.evaluate(() => (globalThis as any).lk.me()), { id: account.id })
})

t.test("a socket outlives its access token's expiry by re-authenticating", async (t) => {
  const { app, origin } = await sdkApp(t, { ACCESS_TOKEN_EXPIRES_IN: '4s' })
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const page = await device(t, origin)
  const auths: string[] = []
  page.on('websocket', (ws) => ws.on('framesent', ({ payload }) => { if (String(payload).includes('"auth"')) auths.push(String(payload)) }))
  await login(page, account)
  await openSocket(page)
  const first = await page.evaluate(() => (globalThis as any).lk.accessToken())

  await page.waitForTimeout(9000) // more than two lifetimes of a token
  t.equal(await page.evaluate(() => (globalThis as any).sock.status), 'open', 'still open')
  t.equal(await page.evaluate(() => (globalThis as any).sock.lastCloseCode), null, 'never closed')
  t.same(await page.evaluate(() => (globalThis as any).sockLog), ['open'], 'never reconnected')
  t.ok(auths.length >= 3, `auth was sent again with each new token (${auths.length} auth frames on one connection)`)
  t.not(JSON.parse(auths.at(-1)!).token, first, 'the last with a new token')
  await app.rooms.emit('FEED', 'POST_PUBLISHED', { postId: 'p1', title: 'after expiry', publishedAt: new Date().toISOString() })
  await until(page, '(globalThis).events.length === 1')
  t.match(await page.evaluate(() => (globalThis as any).events), [{ room: 'FEED', event: 'POST_PUBLISHED', data: { title: 'after expiry' } }])
})

t.test('after a server restart the socket reconnects and hears its rooms again', async (t) => {
  const server = await restartableApp(t)
  await server.start()
  const account = await createTestAccount(server.app, ACCOUNT_TYPES.user)
  const page = await device(t, server.origin)
  await login(page, account)
  await openSocket(page)
  await server.app.rooms.emit('FEED', 'POST_PUBLISHED', { postId: 'p1', title: 'before', publishedAt: new Date().toISOString() })
  await until(page, '(globalThis).events.length === 1')

  await server.stop()
  await until(page, "(globalThis).sock.status === 'reconnecting'")
  t.equal((await page.evaluate(() => (globalThis as any).closeCodes))[0], 1001, 'the server going away closed it with 1001')
  await page.waitForTimeout(1000) // attempts fail meanwhile (1006) and back off
  await server.start()
  await until(page, "(globalThis).sock.status === 'open'", 20_000)
  t.same((await page.evaluate(() => (globalThis as any).sockLog)).filter((s: string) => s === 'open').length, 2, 'open again')
  await server.app.rooms.emit('FEED', 'POST_PUBLISHED', { postId: 'p2', title: 'after', publishedAt: new Date().toISOString() })
  await until(page, '(globalThis).events.length === 2')
  t.match((await page.evaluate(() => (globalThis as any).events))[1], { room: 'FEED', event: 'POST_PUBLISHED', data: { title: 'after' } },
    'the room was joined again on the new server')
  t.equal(await page.evaluate(() => (globalThis as any).lk.signedIn), true, 'still signed in')
})
