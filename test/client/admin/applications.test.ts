/**
 * The console's Applications page (the OpenID provider's OAuth clients) in Chromium: an admin
 * registers a confidential client (its id and secret shown once, gone after a reload; the secret
 * gets a token from the provider), a refused redirect URI is said, edits its redirect URIs and
 * scopes, rotates its secret (the old one refused) and deletes it after asking; it fits a phone.
 */
import t from 'tap'
import * as oauth from 'oauth4webapi'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { secretHash } from '../../../plugins/oidc/clients.js'
import { newPage } from '../../helpers/browser.js'
import { adminSignIn, pagesApp, watchPage } from '../../helpers/pages.js'
import { createTestAccount } from '../../helpers/accounts.js'

const insecure = { [oauth.allowInsecureRequests]: true }

t.test('an admin registers an application (secret once), edits it, rotates its secret and deletes it', async (t) => {
  const { app, origin } = await pagesApp(t, (o) => Promise.resolve({ OIDC_PROVIDER_ENABLED: 'true', PUBLIC_URL: o }))
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const { page } = await newPage(t, { viewport: { width: 1100, height: 800 }, locale: 'en-US' })
  const watch = watchPage(page)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: 'Applications' }).click()
  await page.getByText('No application.').waitFor()

  // A redirect URI the provider would never accept: the service's reason is shown, nothing stored.
  await page.getByLabel('Name').fill('Billing')
  await page.getByLabel('Redirect URIs').fill('https://*.example.com/cb')
  await page.getByRole('button', { name: 'Add application' }).click()
  await page.getByRole('alert').filter({ hasText: 'no wildcards' }).waitFor()
  t.same(await app.sql`select id from oauth_clients`, [], 'nothing registered')

  await page.getByLabel('Redirect URIs').fill('https://billing.example.com/cb\nhttp://localhost:3000/cb')
  await page.getByRole('checkbox', { name: 'client_credentials' }).check()
  await page.getByLabel('Scopes').fill('openid email members:read')
  await page.getByRole('button', { name: 'Add application' }).click()
  const clientId = (await page.getByTestId('client-id').textContent())!
  const secret = (await page.getByTestId('client-secret').textContent())!
  t.match(clientId, /^lkc_/)
  t.match(secret, /^lks_[A-Za-z0-9_-]{43}$/, 'the secret is shown')
  const [row] = await app.sql`select * from oauth_clients`
  t.match(row, { id: clientId, name: 'Billing', type: 'confidential', redirect_uris: ['https://billing.example.com/cb', 'http://localhost:3000/cb'],
    grant_types: ['authorization_code', 'client_credentials'], scopes: ['openid', 'email', 'members:read'], secret_hash: secretHash(secret) })
  const list = page.getByRole('region', { name: 'Applications' })
  await list.locator('tbody tr').first().waitFor()
  t.same((await list.locator('tbody tr td').allTextContents()).slice(0, 3), ['Billing', clientId, 'confidential'])

  // The secret shown works with the provider at once.
  const issuer = new URL(`${origin}/oidc`)
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...insecure, algorithm: 'oidc' }))
  const grant = (s: string) => oauth.clientCredentialsGrantRequest(as, { client_id: clientId }, oauth.ClientSecretBasic(s),
    new URLSearchParams({ scope: 'members:read' }), insecure)
  t.equal((await grant(secret)).status, 200, 'a token with the secret shown')

  await page.reload()
  await list.locator('tbody tr').first().waitFor()
  t.notOk((await page.content()).includes(secret), 'after a reload the secret is nowhere in the page')

  await list.getByRole('link', { name: 'Billing' }).click()
  await page.getByRole('heading', { name: 'Billing' }).waitFor()
  t.equal(await page.getByLabel('Redirect URIs').inputValue(), 'https://billing.example.com/cb\nhttp://localhost:3000/cb')
  await page.getByLabel('Redirect URIs').fill('https://billing.example.com/callback')
  await page.getByLabel('Scopes').fill('openid members:read app:billing:write')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  t.match((await app.sql`select redirect_uris, scopes from oauth_clients`)[0],
    { redirect_uris: ['https://billing.example.com/callback'], scopes: ['openid', 'members:read', 'app:billing:write'] })
  await page.getByLabel('Redirect URIs').fill('http://billing.example.com/callback')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('alert').filter({ hasText: 'https only' }).waitFor()

  await page.getByRole('button', { name: 'Rotate secret' }).click()
  await page.getByRole('dialog', { name: 'Rotate the secret of Billing?' }).getByRole('button', { name: 'Rotate secret' }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Rotate secret.' }).waitFor()
  const rotated = (await page.getByTestId('client-secret').textContent())!
  t.not(rotated, secret, 'a new secret, shown once')
  t.equal((await grant(secret)).status, 401, 'the old secret is refused')
  t.equal((await grant(rotated)).status, 200, 'the new one works')

  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete the application Billing?' })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await dialog.waitFor({ state: 'hidden' })
  t.equal((await app.sql`select id from oauth_clients`).length, 1, 'cancelled: kept')
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await page.getByText('No application.').waitFor()
  t.same(await app.sql`select id from oauth_clients`, [], 'deleted')
  const events = await app.sql`select event from audit_events where data->>'clientId' = ${clientId} order by id`
  t.same(events.map((e) => e.event), ['oauth_client.created', 'oauth_client.updated', 'oauth_client.secret_rotated', 'oauth_client.deleted'])
  t.same(watch.errors, [], 'nothing refused by the CSP, no uncaught error')
})

t.test('a public client shows no secret; on a 390 px phone the pages fit, in Spanish too', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const { page } = await newPage(t, { viewport: { width: 390, height: 844 }, locale: 'en-US' })
  const watch = watchPage(page)
  const width = () => page.evaluate(() => document.documentElement.scrollWidth)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: 'Applications' }).click()
  await page.getByLabel('Name').fill('Single-page app')
  await page.getByLabel('Type', { exact: true }).selectOption('public')
  await page.getByLabel('Redirect URIs').fill('https://spa.example.com/a/rather/long/path/for/a/callback/that/does/not/fit/on/a/phone')
  await page.getByRole('button', { name: 'Add application' }).click()
  await page.getByText('A public client has no secret.').waitFor()
  t.equal(await page.getByTestId('client-secret').count(), 0)
  t.match((await app.sql`select type, secret_hash from oauth_clients`)[0], { type: 'public', secret_hash: null })
  await page.getByRole('region', { name: 'Applications' }).locator('tbody tr').first().waitFor()
  t.ok(await width() <= 390, `the list is not wider than the screen (${await width()})`)
  await page.getByRole('link', { name: 'Single-page app' }).click()
  await page.getByRole('heading', { name: 'Single-page app' }).waitFor()
  t.equal(await page.getByRole('button', { name: 'Rotate secret' }).count(), 0, 'no secret to rotate')
  t.ok(await width() <= 390, `the application's page (${await width()})`)
  await page.getByLabel('Language').selectOption('es')
  await page.getByRole('link', { name: 'Volver a las aplicaciones' }).waitFor()
  t.ok(await width() <= 390, `in Spanish (${await width()})`)
  t.same(watch.errors, [])
})
