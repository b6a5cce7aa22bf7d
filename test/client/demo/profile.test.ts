/**
 * The demo's profile section in Chromium: the account edits its profile and userMetadata (only
 * the fields changed are sent), the values show again after a reload, the picture shown; the
 * service's refusal (an http picture) is said beside the field and changes nothing; JSON that is
 * not an object is refused before anything is sent; the words in Spanish.
 */
import t from 'tap'
import type { Request } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { pagesApp, watchPage } from '../../helpers/pages.js'

const USER = ACCOUNT_TYPES.user
const PICTURE = 'https://pictures.example.com/ada.png'
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const profileOf = async (app: Awaited<ReturnType<typeof pagesApp>>['app'], id: string) =>
  (await app.sql`select name, given_name, family_name, picture, locale, zoneinfo, user_metadata, app_metadata from users where id = ${id}`)[0]

t.test('the account edits its profile, sees it after a reload, and a refusal changes nothing', async (t) => {
  const { app, origin } = await pagesApp(t)
  const account = await createTestAccount(app, USER)
  const { page } = await newPage(t, { viewport: { width: 1100, height: 900 }, locale: 'en-US' })
  const watch = watchPage(page)
  // The picture's host, answered in the browser (the machine has no outside network): a 1x1 PNG.
  await page.route(PICTURE, (route) => route.fulfill({ contentType: 'image/png', body: ONE_PIXEL_PNG }))
  const sent: unknown[] = []
  page.on('request', (r: Request) => { if (r.url().includes('/v1/users/updateprofile')) sent.push(r.postDataJSON()) })
  await page.goto(`${origin}/demo/`)
  await page.locator('#signin-email').fill(account.email)
  await page.locator('#signin-password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in with password' }).click()
  const form = page.getByRole('form', { name: 'Profile' })
  await form.waitFor()
  const input = (label: string) => form.getByLabel(label, { exact: true })

  await input('Name').fill('Ada Lovelace')
  await input('Given name').fill('Ada')
  await input('Family name').fill('Lovelace')
  await input('Picture URL').fill(PICTURE)
  await input('Locale').fill('en-gb')
  await input('Time zone').fill('Europe/London')
  await input('User metadata (JSON)').fill('{"theme": "dark", "lists": {"starred": [1, 2]}}')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor()
  t.same(await profileOf(app, account.id), {
    name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace', picture: PICTURE, locale: 'en-GB', zoneinfo: 'Europe/London',
    user_metadata: { theme: 'dark', lists: { starred: [1, 2] } }, app_metadata: {}
  }, 'stored')
  t.equal(await input('Locale').inputValue(), 'en-GB', 'the form shows the values as stored')

  await page.reload()
  await form.waitFor()
  t.same({
    name: await input('Name').inputValue(),
    givenName: await input('Given name').inputValue(),
    familyName: await input('Family name').inputValue(),
    picture: await input('Picture URL').inputValue(),
    locale: await input('Locale').inputValue(),
    zoneinfo: await input('Time zone').inputValue(),
    userMetadata: JSON.parse(await input('User metadata (JSON)').inputValue())
  }, { name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace', picture: PICTURE, locale: 'en-GB', zoneinfo: 'Europe/London',
    userMetadata: { theme: 'dark', lists: { starred: [1, 2] } } }, 'after a reload, the values are there')
  const picture = form.getByRole('img', { name: 'Profile picture' })
  t.equal(await picture.getAttribute('src'), PICTURE)
  await page.waitForFunction((img) => (img as HTMLImageElement).complete, await picture.elementHandle())
  t.equal(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth), 1, 'the picture is loaded and shown (the CSP allows https images)')

  // Refused by the service: the field says why, the alert that nothing was saved; nothing stored.
  await input('Name').fill('Somebody else')
  await input('Picture URL').fill('http://pictures.example.com/ada.png')
  await form.getByRole('button', { name: 'Save profile' }).click()
  const pictureError = page.locator('#profile-picture-error')
  await pictureError.waitFor()
  t.ok((await pictureError.textContent())!.length > 0, `the picture's error is said: ${await pictureError.textContent()}`)
  t.equal(await input('Picture URL').getAttribute('aria-invalid'), 'true', 'and the field marked')
  t.equal(await input('Picture URL').getAttribute('aria-describedby'), 'profile-picture-error', 'described by it')
  t.equal(await page.locator('#profile-name-error').count(), 0, 'the name is not refused')
  t.ok(await page.getByRole('alert').filter({ hasText: 'picture' }).isVisible(), 'the refusal is announced, naming the field')
  t.match(await profileOf(app, account.id), { name: 'Ada Lovelace', picture: PICTURE }, 'nothing changed')
  t.same(sent.at(-1), { name: 'Somebody else', picture: 'http://pictures.example.com/ada.png' }, 'only the fields changed were sent')

  // JSON that is not an object never leaves the page.
  const before = sent.length
  await input('Picture URL').fill(PICTURE)
  await input('User metadata (JSON)').fill('[1, 2]')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await page.locator('#profile-userMetadata-error').filter({ hasText: 'is not a JSON object' }).waitFor()
  t.equal(await page.locator('#profile-picture-error').count(), 0, 'the earlier refusal is gone')
  t.equal(sent.length, before, 'nothing sent')

  // A name cleared ('' is sent, and clears it).
  await input('User metadata (JSON)').fill('{"theme": "dark", "lists": {"starred": [1, 2]}}')
  await input('Name').fill('')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor()
  t.same(sent.at(-1), { name: '', userMetadata: { theme: 'dark', lists: { starred: [1, 2] } } }, 'the picture, as it was, not sent')
  t.match(await profileOf(app, account.id), { name: null, given_name: 'Ada' }, 'cleared')

  await page.getByLabel('Language').selectOption('es')
  await page.getByRole('form', { name: 'Perfil' }).getByLabel('Nombre de pila').waitFor()
  t.same(watch.errors, [], 'nothing refused by the CSP, no uncaught error')
})
