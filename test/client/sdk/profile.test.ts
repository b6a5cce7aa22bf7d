/**
 * The SDK's updateProfile in Chromium: it answers the account as the service now has it and
 * `user` follows (a user's, and an admin's own); a refused value is a LatchkeyError naming the
 * field in `fields`, and changes nothing, neither the row nor `user`.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, ownerOf, type TestAccount } from '../../helpers/accounts.js'
import { browser } from '../../helpers/browser.js'
import { sdkApp, sdkTab } from '../../helpers/client.js'

async function signedInTab (t: Parameters<typeof sdkApp>[0], origin: string, account: TestAccount, kind: 'users' | 'admins'): Promise<Page> {
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const page = await sdkTab(context, origin, { kind })
  await page.evaluate(({ email, password }) => (globalThis as any).lk.login({ email, password }), { email: account.email, password: account.password })
  return page
}

/** In the page: updateProfile's account and `user` after it, or what it threw (a LatchkeyError's name, code, status, fields) and `user` still. */
function updateProfile (page: Page, changes: Record<string, unknown>): Promise<any> {
  return page.evaluate(async (changes) => {
    const lk = (globalThis as any).lk
    try {
      return { result: await lk.updateProfile(changes), user: lk.user }
    } catch (err: any) {
      return { thrown: { name: err.name, code: err.code, status: err.status, fields: err.fields }, user: lk.user }
    }
  }, changes)
}

t.test('updateProfile answers the new account, which user holds; a refusal names its fields and changes nothing', async (t) => {
  const { app, origin } = await sdkApp(t)
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const page = await signedInTab(t, origin, account, 'users')

  const saved = await updateProfile(page, { name: 'Ada Lovelace', locale: 'en-gb', zoneinfo: 'Europe/London', userMetadata: { theme: 'dark' } })
  t.match(saved.result, { id: account.id, name: 'Ada Lovelace', givenName: null, locale: 'en-GB', zoneinfo: 'Europe/London', userMetadata: { theme: 'dark' }, appMetadata: {} },
    'the account as stored (the locale canonical)')
  t.same(saved.user, saved.result, 'user is that account from then on')
  t.match(await ownerOf(app, ACCOUNT_TYPES.user, account.id), { name: 'Ada Lovelace', locale: 'en-GB', user_metadata: { theme: 'dark' } })

  const refused = await updateProfile(page, { name: 'Someone else', picture: 'http://example.com/ada.png' })
  t.match(refused.thrown, { name: 'LatchkeyError', code: 'BAD_REQUEST_INVALID_ARGUMENTS', status: 400 })
  t.same(refused.thrown.fields.map((f: { name: string }) => f.name), ['picture'], 'fields names the refused value')
  t.ok(refused.thrown.fields[0].message.length > 0, 'with its message')
  t.same(refused.user, saved.result, 'user is unchanged')
  t.match(await ownerOf(app, ACCOUNT_TYPES.user, account.id), { name: 'Ada Lovelace', picture: null }, 'nothing stored')

  const appMetadata = await updateProfile(page, { appMetadata: { plan: 'pro' } })
  t.same(appMetadata.thrown.fields.map((f: { name: string }) => f.name), ['appMetadata'], 'appMetadata is for admins: refused by name')
  const zone = await updateProfile(page, { zoneinfo: 'Mars/Olympus_Mons' })
  t.match(zone.thrown, { code: 'BAD_REQUEST_INVALID_ARGUMENTS', status: 400, fields: [{ name: 'zoneinfo' }] }, 'a refusal of the service\'s own checks too')

  const cleared = await updateProfile(page, { name: '', locale: null })
  t.match(cleared.result, { name: null, locale: null, zoneinfo: 'Europe/London' }, '"" and null clear, the rest stays')
})

t.test('an admin updates its own profile', async (t) => {
  const { app, origin } = await sdkApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const page = await signedInTab(t, origin, admin, 'admins')
  const saved = await updateProfile(page, { givenName: 'Grace', familyName: 'Hopper' })
  t.match(saved.result, { id: admin.id, givenName: 'Grace', familyName: 'Hopper' })
  t.same(saved.user, saved.result)
  t.match(await ownerOf(app, ACCOUNT_TYPES.admin, admin.id), { given_name: 'Grace', family_name: 'Hopper' })
})
