/**
 * The SDK in Chromium, tabs of one origin: access tokens that expire together are refreshed by
 * one tab and handed to the others (one refresh request at the server), with and without
 * REFRESH_TOKEN_REUSE_INTERVAL, fifty times in a row; a tab opened later gets the session from
 * the cookie; a refresh whose answer is lost is safe only with the interval; the tokens stay out
 * of reach of page scripts' storage.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount } from '../../helpers/accounts.js'
import { browser } from '../../helpers/browser.js'
import { sdkApp, sdkTab, until } from '../../helpers/client.js'

const tokenOf = (page: Page): Promise<string> => page.evaluate(() => (globalThis as any).lk.accessToken())
const me = (page: Page): Promise<any> => page.evaluate(() => (globalThis as any).lk.me())

for (const [label, reuse] of [['without REFRESH_TOKEN_REUSE_INTERVAL', '0s'], ['with REFRESH_TOKEN_REUSE_INTERVAL', '10s']]) {
  t.test(`two tabs whose tokens expire together: one refresh between them, ${label}`, async (t) => {
    const { app, origin, refreshes } = await sdkApp(t, { ACCESS_TOKEN_EXPIRES_IN: '4s', REFRESH_TOKEN_REUSE_INTERVAL: reuse })
    const account = await createTestAccount(app, ACCOUNT_TYPES.user)
    const context = await (await browser(t)).newContext()
    t.teardown(() => context.close())
    const a = await sdkTab(context, origin)
    const b = await sdkTab(context, origin)

    const signedIn = await a.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })
    t.match(signedIn, { mfaRequired: false, user: { id: account.id, email: account.email } })
    await until(b, '(globalThis).lk.signedIn')
    t.same(await b.evaluate(() => (globalThis as any).authLog), ['SIGNED_IN'], 'tab B was handed the session')
    const first = await tokenOf(a)
    t.equal(await tokenOf(b), first, 'both tabs hold the same token, expiring together')
    t.equal(refreshes(), 0, 'no refresh yet')

    // Both tabs' timers fire at the same moment (3 s): one refreshes, the other is handed the token.
    for (const round of [1, 2]) {
      await until(a, `(globalThis).authLog.filter((e) => e === 'TOKEN_REFRESHED').length >= ${round}`)
      await until(b, `(globalThis).authLog.filter((e) => e === 'TOKEN_REFRESHED').length >= ${round}`)
      await new Promise((resolve) => setTimeout(resolve, 300))
      t.equal(refreshes(), round, `round ${round}: one refresh request at the server for both tabs`)
      const [ta, tb] = [await tokenOf(a), await tokenOf(b)]
      t.equal(ta, tb, `round ${round}: the same new token in both tabs`)
      t.not(ta, first)
    }
    t.match(await me(a), { id: account.id })
    t.match(await me(b), { id: account.id })
    const [session] = await app.sql`select count(*)::int as n from user_sessions where user_id = ${account.id} and revoked_at is null`
    t.equal(session.n, 1, 'one live session: no refresh token was spent twice (no theft response)')
    t.same(await a.evaluate(() => (globalThis as any).authLog), ['SIGNED_IN', 'TOKEN_REFRESHED', 'TOKEN_REFRESHED'], 'never signed out')

    // A third tab opened later: no token in its memory; the cookie gives it the session.
    const before = refreshes()
    const c = await sdkTab(context, origin)
    t.equal(await c.evaluate(() => (globalThis as any).lk.signedIn), false, 'nothing carried over but the cookie')
    const restored = await c.evaluate(() => (globalThis as any).lk.restore())
    t.match(restored, { id: account.id, email: account.email }, 'the third tab shares the session')
    t.equal(refreshes(), before + 1, 'by one refresh')
    const tc = await tokenOf(c)
    await until(a, `(globalThis).lk && true`)
    t.equal(await tokenOf(a), tc, 'and handed its token to the others')
    t.equal(await tokenOf(b), tc)
    t.match(await me(c), { id: account.id })

    // Signing out in one tab signs out all of them.
    await c.evaluate(() => (globalThis as any).lk.logout())
    await until(a, '!(globalThis).lk.signedIn')
    await until(b, '!(globalThis).lk.signedIn')
    t.equal((await a.evaluate(() => (globalThis as any).authLog)).at(-1), 'SIGNED_OUT')
    t.match(await b.evaluate(() => (globalThis as any).lk.restore()), null, 'the cookie is gone')
  })
}

t.test('fifty expiries in a row, two tabs: exactly one refresh per expiry (the hand-over does not race)', async (t) => {
  const { app, origin } = await sdkApp(t, { ACCESS_TOKEN_EXPIRES_IN: '2s' })
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const sent: number[] = []
  app.server.on('request', (req) => { if (req.method === 'POST' && req.url?.startsWith('/v1/users/refresh')) sent.push(Date.now()) })
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const a = await sdkTab(context, origin)
  const b = await sdkTab(context, origin)
  await a.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })
  await until(b, '(globalThis).lk.signedIn')

  // Tokens of one second's lifetime as the SDK counts it (iat is rounded down): both tabs' timers fire together every 750 ms.
  const rounds = 50
  await until(a, `(globalThis).authLog.filter((e) => e === 'TOKEN_REFRESHED').length >= ${rounds}`, rounds * 3000)
  for (const tab of [a, b]) await tab.evaluate(() => (globalThis as any).lk.destroy())
  await new Promise((resolve) => setTimeout(resolve, 500))

  const refreshed = (await a.evaluate(() => (globalThis as any).authLog)).filter((e: string) => e === 'TOKEN_REFRESHED').length
  t.equal(sent.length, refreshed, `${sent.length} refresh requests at the server, one per new token`)
  const gaps = sent.slice(1).map((at, i) => at - sent[i])
  t.same(gaps.filter((gap) => gap < 500), [], 'never two refreshes for one expiry (a second refresh follows the first within milliseconds)')
  const [rows] = await app.sql`select count(*)::int as n, count(*) filter (where revoked_at is null)::int as live from user_sessions where user_id = ${account.id}`
  t.same(rows, { n: sent.length + 1, live: 1 }, 'one session row per refresh, one of them live')
  t.equal((await b.evaluate(() => (globalThis as any).authLog)).filter((e: string) => e === 'TOKEN_REFRESHED').length, refreshed, 'tab B had each token')
})

for (const [label, reuse] of [['without REFRESH_TOKEN_REUSE_INTERVAL every tab is signed out', '0s'], ['with REFRESH_TOKEN_REUSE_INTERVAL the other tab carries on', '10s']]) {
  t.test(`a tab closed while its refresh is in flight (the service rotated, the answer never came): ${label}`, async (t) => {
    const { app, origin, refreshes } = await sdkApp(t, { REFRESH_TOKEN_REUSE_INTERVAL: reuse })
    const account = await createTestAccount(app, ACCOUNT_TYPES.user)
    const context = await (await browser(t)).newContext()
    t.teardown(() => context.close())
    const a = await sdkTab(context, origin)
    const b = await sdkTab(context, origin)
    await a.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })
    await until(b, '(globalThis).lk.signedIn')

    // Tab A's refresh goes to the service with the browser's cookie; the answer (and its cookie) is dropped, and A closes.
    const answered = new Promise<number>((resolve) => {
      void a.route('**/v1/users/refresh*', async (route) => {
        const [cookie] = (await context.cookies(origin)).filter((c) => c.name === ACCOUNT_TYPES.user.cookie)
        const res = await fetch(route.request().url(), { method: 'POST', headers: { 'content-type': 'application/json', cookie: `${cookie.name}=${cookie.value}` }, body: '{}' })
        await route.abort('connectionreset')
        resolve(res.status)
      })
    })
    void a.evaluate(() => (globalThis as any).lk.refresh()).catch(() => {})
    t.equal(await answered, 200, 'the service rotated the refresh token')
    await a.close()

    const restored = await b.evaluate(() => (globalThis as any).lk.refresh())
    t.equal(refreshes(), 2, 'tab B refreshed with the cookie the browser still held, the rotated one')
    const [rows] = await app.sql`select count(*) filter (where revoked_at is null)::int as live from user_sessions where user_id = ${account.id}`
    if (reuse === '0s') {
      t.equal(restored, null, 'the theft response: tab B is signed out')
      t.equal(rows.live, 0, 'and every session of the account revoked')
      t.equal((await b.evaluate(() => (globalThis as any).authLog)).at(-1), 'SIGNED_OUT')
    } else {
      t.match(restored, { id: account.id }, 'tab B got the successor the rotation issued')
      t.equal(rows.live, 1, 'one live session')
      t.match(await me(b), { id: account.id })
    }
  })
}

t.test('the refresh cookie is invisible to page scripts; the access token is in memory only', async (t) => {
  const { app, origin } = await sdkApp(t)
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const page = await sdkTab(context, origin)
  await page.evaluate((args) => (globalThis as any).lk.login(args), { email: account.email, password: account.password })
  const token = await tokenOf(page)
  t.ok(token.length > 100, 'signed in')
  // A string: tsx would wrap a named function in a helper the page does not have.
  const seen: Record<string, string> = await page.evaluate(`(() => {
    const all = (s) => Array.from({ length: s.length }, (_, i) => s.key(i) + '=' + s.getItem(s.key(i))).join('\\n')
    return { cookie: document.cookie, local: all(localStorage), session: all(sessionStorage) }
  })()`)
  const [cookie] = (await context.cookies(origin)).filter((c) => c.name === ACCOUNT_TYPES.user.cookie)
  t.ok(cookie, 'the browser holds the refresh cookie')
  t.equal(cookie.httpOnly, true, 'HttpOnly')
  t.equal(cookie.sameSite, 'Strict')
  t.notMatch(seen.cookie, ACCOUNT_TYPES.user.cookie, 'document.cookie does not show it')
  t.notMatch(seen.cookie, cookie.value)
  for (const [where, text] of Object.entries(seen)) {
    t.notMatch(text, token, `the access token is not in ${where}`)
    t.notMatch(text, token.split('.')[2], `nor its signature (${where})`)
    t.notMatch(text, cookie.value, `nor the refresh token (${where})`)
  }
})
