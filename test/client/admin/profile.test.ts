/**
 * A user's profile and metadata in the console, in Chromium: metadata the service would refuse
 * (not JSON, not an object, over 4 KiB in UTF-8, deeper than 5 levels) is refused in the page with
 * nothing sent, the limits themselves pass both checks; an admin edits the name and appMetadata
 * (only the fields changed are sent), a value the service refuses is said beside its field, a
 * name is cleared, and the page shows the saved values after a reload.
 */
import t from 'tap'
import type { Request } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { adminSignIn, pagesApp, watchPage } from '../../helpers/pages.js'

// Nested 5 levels (the service's limit), and 6; 4096 bytes of JSON in UTF-8 (the limit: "é" is 2 bytes), and 4098.
const DEEPEST = { a: { b: { c: { d: {} } } } }
const TOO_DEEP = { a: { b: { c: { d: { e: {} } } } } }
const LARGEST = { s: 'é'.repeat(2044) }
const TOO_LARGE = { s: 'é'.repeat(2045) }

t.test('an admin edits a user\'s name and metadata; metadata the service would refuse is refused before sending', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user)
  const stored = async () => (await app.sql`select name, picture, user_metadata, app_metadata from users where id = ${user.id}`)[0]
  const { page } = await newPage(t, { viewport: { width: 1100, height: 900 }, locale: 'en-US' })
  const watch = watchPage(page)
  const sent: Array<Record<string, unknown>> = []
  page.on('request', (r: Request) => { if (r.url().includes('/v1/admins/updateuser')) sent.push(r.postDataJSON()) })
  await adminSignIn(page, origin, admin)
  await page.goto(`${origin}/admin/#/users/${user.id}`)
  const form = page.getByRole('form', { name: 'Profile' })
  await form.waitFor()
  const input = (label: string) => form.getByLabel(label, { exact: true })
  const save = () => form.getByRole('button', { name: 'Save profile' }).click()
  t.same(JSON.parse(await input('App metadata (JSON)').inputValue()), {}, 'the metadata shown, empty')

  await input('Name').fill('Grace Hopper')
  const refusals: Array<[string, string]> = [
    ['{"plan": ', 'is not valid JSON'],
    ['["pro"]', 'is not a JSON object'],
    ['null', 'is not a JSON object'],
    [JSON.stringify(TOO_LARGE), 'is over 4 KiB as JSON'],
    [JSON.stringify(TOO_DEEP), 'is nested deeper than 5 levels']
  ]
  for (const [text, message] of refusals) {
    await input('App metadata (JSON)').fill(text)
    await save()
    await page.locator('#profile-appMetadata-error').filter({ hasText: message }).waitFor()
    t.equal(await input('App metadata (JSON)').getAttribute('aria-invalid'), 'true', `${text.slice(0, 20)}: ${message}`)
    await page.getByRole('alert').filter({ hasText: 'Nothing was saved: correct the fields marked.' }).waitFor()
  }
  t.same(sent, [], 'no request was sent')
  t.same(await stored(), { name: null, picture: null, user_metadata: {}, app_metadata: {} }, 'nothing stored')

  // The limits themselves pass, here and at the service.
  await input('App metadata (JSON)').fill(JSON.stringify({ plan: 'pro', seats: 5, deepest: DEEPEST.a }))
  await input('User metadata (JSON)').fill(JSON.stringify(LARGEST))
  await save()
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor()
  t.same(sent, [{ userId: user.id, name: 'Grace Hopper', userMetadata: LARGEST, appMetadata: { plan: 'pro', seats: 5, deepest: DEEPEST.a } }],
    'one request, with the fields changed only')
  t.same(await stored(), { name: 'Grace Hopper', picture: null, user_metadata: LARGEST, app_metadata: { plan: 'pro', seats: 5, deepest: DEEPEST.a } }, 'stored')
  t.equal(await page.locator('#profile-appMetadata-error').count(), 0, 'no error left')

  await input('App metadata (JSON)').fill(JSON.stringify(DEEPEST))
  await save()
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor()
  t.same((await stored()).app_metadata, DEEPEST, 'five levels: the service takes it too')

  // The service's refusal, said beside its field; nothing stored.
  await input('Picture URL').fill('http://pictures.example.com/grace.png')
  await save()
  await page.locator('#profile-picture-error').waitFor()
  t.ok((await page.locator('#profile-picture-error').textContent())!.length > 0, 'the picture\'s error is said')
  t.equal(sent.length, 3, 'that one was sent')
  t.equal((await stored()).picture, null, 'nothing stored')

  // A name cleared: '' is sent (blank arguments are not left out here).
  await input('Picture URL').fill('')
  await input('Name').fill('')
  await save()
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor()
  t.same(sent.at(-1), { userId: user.id, name: '' })
  t.equal((await stored()).name, null, 'cleared')
  await input('Name').fill('Grace Brewster Hopper')
  await save()
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor()

  await page.reload()
  await form.waitFor()
  t.equal(await input('Name').inputValue(), 'Grace Brewster Hopper', 'after a reload: the name')
  t.same(JSON.parse(await input('App metadata (JSON)').inputValue()), DEEPEST, 'the appMetadata')
  t.same(JSON.parse(await input('User metadata (JSON)').inputValue()), LARGEST, 'the userMetadata')
  const events = await app.sql`select data from audit_events where account_id = ${user.id} and event = 'admin.user_updated' order by id`
  t.same(events.map((e) => e.data.fields), [['name', 'userMetadata', 'appMetadata'], ['appMetadata'], ['name'], ['name']], 'audited: the fields sent')
  t.same(watch.errors, [], 'nothing refused by the CSP, no uncaught error')
})
