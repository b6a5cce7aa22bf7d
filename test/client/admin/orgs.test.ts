/**
 * The console's Organizations page in Chromium: an admin finds an organization, reads its members,
 * roles and API keys (never a key's secret), and deletes it after the confirmation; the list
 * pages by cursor and the pages fit a 390 px phone.
 */
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount } from '../../helpers/accounts.js'
import { newPage } from '../../helpers/browser.js'
import { joined, keyCall, newKey, newMember, newOrg, orgCall, orgEvents, uniqueSlug } from '../../helpers/orgs.js'
import { adminSignIn, pagesApp, watchPage } from '../../helpers/pages.js'
import { uuidv7 } from '../../../random.js'

const VIEWPORT = { width: 1100, height: 720 }

t.test('an admin opens an organization (members, roles, keys without secrets) and deletes it after asking', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const owner = await newMember(app)
  const other = await newOrg(app, owner, uniqueSlug('other'))
  const org = await newOrg(app, owner, uniqueSlug('acme'))
  const created = await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'auditor', permissions: ['members:read', 'app:reports:read'] })
  t.equal(created.statusCode, 201, 'a custom role')
  const auditor = await joined(app, org.id, created.json().role.id)
  const { key } = await newKey(app, owner, org.id, ['members:read'], { name: 'ci-deploy', expiresIn: 86_400 })
  t.equal((await keyCall(app, 'listmembers', key, { organizationId: org.id })).statusCode, 200, 'the key is used once')
  const [{ key_hash: keyHash }] = await app.sql`select key_hash from api_keys where organization_id = ${org.id}`

  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: 'Organizations' }).click()
  await page.getByRole('heading', { name: 'Organizations' }).waitFor()
  const list = page.getByRole('region', { name: 'Organizations table' })
  await list.locator('tbody tr').nth(1).waitFor()
  t.same(await list.locator('tbody tr td:first-child').allTextContents(), [org.name, other.name], 'newest first')
  t.same((await list.locator('tbody tr').first().locator('td').allTextContents()).slice(0, 4), [org.name, org.slug, 'Active', '2'], 'name, slug, status and member count')

  // The search, in the address.
  await page.getByLabel('Search by name or slug').fill('acme')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.waitForFunction(() => document.querySelectorAll('table.orgs tbody tr').length === 1)
  t.match(page.url(), /#\/orgs\?q=acme$/)

  await page.getByRole('link', { name: org.name }).click()
  await page.getByRole('heading', { name: org.name }).waitFor()
  const rows = (name: string) => page.getByRole('region', { name }).locator('tbody tr')
  t.same(await rows('Members').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent))),
    [[owner.account.email, 'owner'], [auditor.account.email, 'auditor']], 'both members with their roles')
  t.equal(await rows('Members').nth(1).locator('a').getAttribute('href'), `#/users/${auditor.account.id}`, 'a member links to the user')
  const roles = await rows('Roles').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('td')!.textContent, [...tr.querySelectorAll('.perms code')].map((c) => c.textContent)]))
  t.same(roles.map(([name]) => name), ['owner (built-in)', 'admin (built-in)', 'member (built-in)', 'auditor'], 'the built-in roles, then the custom one')
  t.same(roles[3][1], ['members:read', 'app:reports:read'], 'the custom role\'s permissions')
  const keyCells = await rows('API keys').first().locator('td').allTextContents()
  t.equal(keyCells.length, 6)
  t.same([keyCells[0], keyCells[1], keyCells[2], keyCells[5]], ['ci-deploy', `${key.slice(0, 8)}…`, 'members:read', 'Active'], 'name, prefix, permissions, status')
  t.not(keyCells[3], 'never', 'its last use is shown')
  t.not(keyCells[4], 'never', 'its expiry is shown')
  const html = await page.content()
  t.notOk(html.includes(key.slice(8)), 'the key\'s secret is nowhere in the page')
  t.notOk(html.includes(keyHash), 'nor its hash')

  // Cancel changes nothing; Escape neither.
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Delete the organization ${org.name}?` })
  await dialog.waitFor()
  t.match(await dialog.textContent(), 'its API keys stop working', 'the dialog says what follows')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', 'Cancel has the focus')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await dialog.waitFor()
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  t.equal(await page.getByTestId('org-status').textContent(), 'Active', 'cancelled: still active')
  t.same(await app.sql`select deleted_at from organizations where id = ${org.id}`, [{ deleted_at: null }], 'nothing sent')
  t.same(await orgEvents(app, 'org.deleted', org.id), [])

  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Delete.' }).waitFor()
  t.equal(await page.getByTestId('org-status').textContent(), 'Deleted')
  t.equal(await page.getByRole('button', { name: 'Delete', exact: true }).count(), 0, 'nothing left to delete')
  const [row] = await app.sql`select deleted_at from organizations where id = ${org.id}`
  t.ok(row.deleted_at instanceof Date, 'deleted_at is set')
  t.match(await orgEvents(app, 'org.deleted', org.id), [{ actor_type: 'admin', actor_id: admin.id }], 'audited, the admin as actor')
  t.equal((await keyCall(app, 'listmembers', key, { organizationId: org.id })).statusCode, 401, 'its key no longer works')

  // Back in the list it is marked deleted (admins still see deleted organizations); the other is untouched.
  await page.getByRole('link', { name: 'Back to organizations' }).click()
  await list.locator('tbody tr').nth(1).waitFor()
  t.same(await list.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[0].textContent, tr.children[2].textContent])),
    [[org.name, 'Deleted'], [other.name, 'Active']])
  t.same(watch.errors, [], 'nothing refused by the CSP, no uncaught error')
})

t.test('the organizations list pages by cursor; on a 390 px phone the pages fit, in Spanish too', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const owner = await newMember(app)
  // One more than a page (50), in one statement; the list's order is the ids'.
  const ids = Array.from({ length: 51 }, () => uuidv7()).sort()
  const slugs = ids.map((id, i) => `bulk-${String(i).padStart(2, '0')}-${id.slice(-6)}`)
  await app.sql`insert into organizations ${app.sql(ids.map((id, i) => ({ id, slug: slugs[i], name: `Bulk ${slugs[i]}`, created_by: owner.account.id })))}`
  const org = await newOrg(app, owner, uniqueSlug('a-rather-long-organization-slug'))
  await newKey(app, owner, org.id, ['members:read', 'members:invite', 'roles:manage', 'apikeys:manage', 'rooms:join', 'rooms:publish'], { name: 'a key with a long name' })

  const { page } = await newPage(t, { viewport: { width: 390, height: 844 }, locale: 'en-US' })
  const watch = watchPage(page)
  const width = () => page.evaluate(() => document.documentElement.scrollWidth)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: 'Organizations' }).click()
  await page.waitForFunction(() => document.querySelectorAll('table.orgs tbody tr').length === 50)
  t.equal(await page.locator('table.orgs tbody tr td:first-child').first().textContent(), org.name, 'newest first')
  t.ok(await width() <= 390, `the list is not wider than the screen (${await width()})`)
  await page.getByRole('link', { name: 'Next page' }).click()
  await page.waitForFunction(() => document.querySelectorAll('table.orgs tbody tr').length === 2)
  t.same(await page.locator('table.orgs tbody tr td:first-child').allTextContents(), [`Bulk ${slugs[1]}`, `Bulk ${slugs[0]}`], 'the rest')
  t.notOk(await page.getByRole('link', { name: 'Next page' }).isVisible(), 'the last page')
  await page.getByRole('link', { name: 'First page' }).click()
  await page.waitForFunction(() => document.querySelectorAll('table.orgs tbody tr').length === 50)

  await page.getByRole('link', { name: org.name }).click()
  await page.getByRole('heading', { name: org.name }).waitFor()
  await page.getByRole('region', { name: 'API keys' }).waitFor()
  t.ok(await width() <= 390, `the organization's page (${await width()})`)
  for (const name of ['Members', 'Roles', 'API keys']) {
    const box = (await page.getByRole('region', { name }).boundingBox())!
    t.ok(box.x >= 0 && box.x + box.width <= 390, `the ${name} table's box is on the screen`)
  }
  await page.getByLabel('Language').selectOption('es')
  await page.getByRole('heading', { name: 'Claves de API' }).waitFor()
  t.ok(await width() <= 390, `in Spanish (${await width()})`)
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `¿Eliminar la organización ${org.name}?` })
  const box = (await dialog.boundingBox())!
  t.ok(box.x >= 0 && box.x + box.width <= 390, 'the dialog fits the screen')
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await dialog.waitFor({ state: 'hidden' })
  t.equal(await page.getByTestId('org-status').textContent(), 'Activa')
  t.same(watch.errors, [])
})
