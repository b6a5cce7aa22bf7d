/**
 * The demo's live room (/demo/, public:lobby with presence) in Chromium: two users in two browser
 * contexts see each other present, a message sent in one arrives in both (PUBLIC_ROOMS_PUBLISH=true),
 * and when one leaves the other sees it gone; without PUBLIC_ROOMS_PUBLISH there is no Send box.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, type TapTest } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { pagesApp, watchPage } from '../../helpers/pages.js'

const VIEWPORT = { width: 1100, height: 900 }

async function signInPage (t: TapTest, origin: string, account: { email: string, password: string }) {
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await page.goto(`${origin}/demo/`)
  await page.locator('#signin-email').fill(account.email)
  await page.locator('#signin-password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in with password' }).click()
  await page.locator('header .who').filter({ hasText: `Signed in as ${account.email}` }).waitFor()
  await page.getByText('Lobby: connected').waitFor()
  return { page, watch }
}

/** The lobby's "Here now" list as its items read, once it reads `expected` (or the wait times out). */
async function present (page: Page, expected: string[]): Promise<string[]> {
  const list = page.getByTestId('present').locator('li')
  await page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('[data-testid="present"] li')].map((li) => li.textContent)) === want,
    JSON.stringify(expected), { timeout: 10_000 }).catch(() => {})
  return list.allTextContents()
}

t.test('two users in the lobby: each sees the other, a message reaches both, a leave is seen', async (t) => {
  const { app, origin } = await pagesApp(t, { PUBLIC_ROOMS_PUBLISH: 'true' })
  const alice = await createTestAccount(app, ACCOUNT_TYPES.user)
  const bob = await createTestAccount(app, ACCOUNT_TYPES.user)

  // Alice has a name: the others see it, not her id; Bob has none: his id stands for him.
  await app.sql`update users set name = 'Alice Liddell' where id = ${alice.id}`
  const a = await signInPage(t, origin, alice)
  t.same(await present(a.page, ['you (Alice Liddell)']), ['you (Alice Liddell)'], 'alone in the lobby: only herself')
  const b = await signInPage(t, origin, bob)
  // Oldest first: Alice joined before Bob.
  t.same(await present(b.page, ['Alice Liddell', `you (${bob.email})`]), ['Alice Liddell', `you (${bob.email})`], 'Bob sees Alice present by name, and himself')
  t.same(await present(a.page, ['you (Alice Liddell)', bob.id]), ['you (Alice Liddell)', bob.id], 'Alice sees Bob arrive (presence.joined)')
  const [row] = await app.sql`select count(*)::int as n from room_presence where room = 'public:lobby'`
  t.equal(row.n, 2, 'two sockets present in the database')

  t.equal(await a.page.getByTestId('read-only').count(), 0, 'no read-only note: the join said it may publish')
  const text = `hello ${Date.now()}`
  await a.page.getByLabel('Message').fill(text)
  await a.page.getByRole('button', { name: 'Send' }).click()
  await b.page.locator('li.message', { hasText: text }).waitFor()
  await a.page.locator('li.message', { hasText: text }).waitFor()
  t.pass('a message sent by Alice arrives in both tabs')
  const [event] = await app.sql`select event, data from room_history where room = 'public:lobby'`
  t.same(event, { event: 'chat.message', data: { text } }, 'the event is in the room\'s history')

  // Bob's tab goes away: Alice sees him leave.
  await b.page.close()
  t.same(await present(a.page, ['you (Alice Liddell)']), ['you (Alice Liddell)'], 'Bob left: Alice is alone again (presence.left)')
  t.same([...a.watch.errors, ...b.watch.errors], [], 'nothing refused by the CSP, no uncaught error')
})

t.test('without PUBLIC_ROOMS_PUBLISH (the default), the lobby shows no Send box, only a read-only note', async (t) => {
  const { app, origin } = await pagesApp(t)
  t.equal(app.config.publicRoomsPublish, false, 'the default')
  const carol = await createTestAccount(app, ACCOUNT_TYPES.user)
  const c = await signInPage(t, origin, carol)
  t.same(await present(c.page, [`you (${carol.email})`]), [`you (${carol.email})`], 'present in the lobby all the same')
  const note = c.page.getByTestId('read-only')
  await note.waitFor()
  t.match(await note.textContent(), /^Read only: .*PUBLIC_ROOMS_PUBLISH/, 'says why')
  const lobby = c.page.locator('section[aria-labelledby="lobby-title"]')
  t.equal(await lobby.locator('form').count(), 0, 'no form in the lobby')
  t.equal(await lobby.getByLabel('Message').count(), 0, 'no Message box')
  t.equal(await lobby.getByRole('button', { name: 'Send' }).count(), 0, 'no Send button')
  t.equal(await lobby.locator('[role="alert"]').count(), 0, 'and no error')
  t.same(c.watch.errors, [], 'nothing refused by the CSP, no uncaught error')
})
