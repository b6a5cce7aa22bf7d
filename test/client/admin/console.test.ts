/**
 * The admin console (/admin/) in Chromium against a service listening on a real port: an admin
 * signs in, finds a user, deactivates them (the user's demo tab is signed out at once), reads
 * the audit log and the sign-ins chart; the console is usable with the keyboard and in Spanish.
 */
import { mkdirSync } from 'node:fs'
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, signIn, uniqueEmail } from '../../helpers/accounts.js'
import { newPage, virtualAuthenticator } from '../../helpers/browser.js'
import { enrolTotp, forgetUsedSteps, totpCode } from '../../helpers/factors.js'
import { adminSignIn, inkOf, pagesApp, watchPage } from '../../helpers/pages.js'
import { uuidv7 } from '../../../random.js'
import { chartFormats } from '../../../client/admin/chart-format.js'

// UPDATE_SCREENSHOTS=1 npm test -- test/client/admin/console.test.ts renews the README's pictures.
const SHOTS = process.env.UPDATE_SCREENSHOTS ? new URL('../../../docs/images/', import.meta.url) : null
if (SHOTS) mkdirSync(SHOTS, { recursive: true })
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: new URL(name, SHOTS).pathname })
}
const VIEWPORT = { width: 1100, height: 720 }

t.test('an admin finds a user, deactivates them (their demo tab is signed out) and reads the audit log', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user, { email: uniqueEmail('findme') })
  for (let i = 0; i < 3; i++) await createTestAccount(app, ACCOUNT_TYPES.user)

  // The user signs in to the demo in a browser of its own; its feed socket is open.
  const { page: demo } = await newPage(t)
  const demoWatch = watchPage(demo)
  await demo.goto(`${origin}/demo/`)
  await demo.getByLabel('Email').first().fill(user.email)
  await demo.getByLabel('Password').first().fill(user.password)
  await demo.getByRole('button', { name: 'Sign in with password' }).click()
  await demo.getByText(`Signed in as ${user.email}`).first().waitFor()
  await demo.getByText('Feed: connected').waitFor()

  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await adminSignIn(page, origin, admin)
  t.ok(await page.getByText(`Signed in as ${admin.email}`).isVisible(), 'the admin is named')
  t.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|jwt/i.test(k) || /eyJ/.test(localStorage.getItem(k) ?? '')).length), 0,
    'no token in localStorage')

  // Every user at first, then the search.
  await page.getByRole('table').waitFor()
  t.equal(await page.locator('tbody tr').count(), 4, 'four users listed')
  await shoot(page, 'admin-users.png')
  await page.getByLabel('Search by email').fill('findme')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1)
  t.equal(await page.locator('tbody tr a').textContent(), user.email, 'the search finds the one user')
  t.match(page.url(), /#\/users\?q=findme&status=all$/, 'the search is in the address (a link)')

  // The inactive filter finds nobody yet.
  await page.getByLabel('Status').selectOption('inactive')
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByText('No user matches.').waitFor()
  await page.getByLabel('Status').selectOption('all')
  await page.getByRole('button', { name: 'Search' }).click()

  await page.getByRole('link', { name: user.email }).click()
  await page.getByRole('heading', { name: user.email }).waitFor()
  t.equal(await page.getByTestId('user-status').textContent(), 'Active')
  t.equal(await page.locator('section table tbody tr').count(), 1, 'the user\'s one device')
  t.match(await page.locator('section table tbody tr td').first().textContent(), /^Chrome on Linux/, 'named as people compare devices')
  await shoot(page, 'admin-user.png')

  // A destructive action asks first; Cancel is the default and changes nothing.
  await page.getByRole('button', { name: 'Deactivate' }).click()
  const dialog = page.getByRole('dialog', { name: `Deactivate ${user.email}?` })
  await dialog.waitFor()
  t.match(await dialog.textContent(), 'they cannot sign in until an admin activates the account again', 'the dialog says what follows')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', 'Cancel has the focus')
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'hidden' })
  t.equal(await page.getByTestId('user-status').textContent(), 'Active', 'cancelled: still active')
  t.same(await app.sql`select is_active from users where id = ${user.id}`, [{ is_active: true }], 'nothing sent')
  await page.getByRole('button', { name: 'Deactivate' }).click()
  await dialog.getByRole('button', { name: 'Deactivate' }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Deactivate.' }).waitFor()
  t.equal(await page.getByTestId('user-status').textContent(), 'Inactive')
  t.ok(await page.getByRole('button', { name: 'Activate' }).isVisible(), 'now it can be activated again')
  t.equal(await page.locator('section table tbody tr').count(), 0, 'no device left')
  const [row] = await app.sql`select is_active, token_version from users where id = ${user.id}`
  t.same(row, { is_active: false, token_version: 1 }, 'deactivated in the database, every token dead')

  // The user's tab hears it: its socket is closed with 4401 and the SDK signs it out.
  await demo.getByText('Your session ended: sign in again.').waitFor({ timeout: 10_000 })
  await demo.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
  t.ok(await demo.getByText('Signed out').isVisible(), 'the demo shows the user signed out')

  // The audit log, from the user's page: the deactivation, by this admin.
  await page.getByRole('link', { name: 'This user\'s audit events' }).click()
  await page.locator('table.audit').waitFor()
  const events = await page.locator('table.audit tbody tr td:nth-child(2)').allTextContents()
  t.equal(events[0], 'admin.user_deactivated', 'newest first: the deactivation')
  t.ok(events.includes('login.succeeded'), 'and the user\'s sign-in')
  t.match(await page.locator('table.audit tbody tr').first().textContent(), `admin · ${admin.email}`, 'the actor is the admin, by email')
  t.same(await page.locator('table.audit tbody tr').first().locator('td:nth-child(3) a').textContent(), user.email, 'the account by its email, a link to its page')

  // Filter by event.
  await page.getByLabel('Event').selectOption('login.succeeded')
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.waitForFunction(() => [...document.querySelectorAll('table.audit tbody tr td:nth-child(2)')].every((td) => td.textContent === 'login.succeeded'))
  t.match(page.url(), /event=login.succeeded/)
  t.same(await page.locator('table.audit tbody tr td:nth-child(2)').allTextContents(), ['login.succeeded'])

  // A time range: from tomorrow on, nothing; the range is in the address as ISO times.
  const tomorrow = new Date(Date.now() + 86_400_000)
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
  await page.getByLabel('From').fill(local)
  await page.getByRole('button', { name: 'Filter' }).click()
  await page.getByText('No event matches.').waitFor()
  t.match(decodeURIComponent(page.url()), /from=\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z/)
  await page.getByRole('link', { name: 'Clear' }).click()
  await page.locator('table.audit td', { hasText: 'admin.user_deactivated' }).waitFor()
  t.equal(await page.getByLabel('Event').inputValue(), '', 'the filters are cleared')

  t.same(watch.errors, [], 'nothing refused by the CSP, no uncaught error (console)')
  t.same(demoWatch.errors, [], 'nor in the demo')
})

t.test('an admin with a second factor signs in with its code, adds a passkey, then signs in with the passkey', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const enrolled = await enrolTotp(app, ACCOUNT_TYPES.admin, (await signIn(app, ACCOUNT_TYPES.admin, admin)).token)
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  const authenticator = await virtualAuthenticator(page)
  const session = async () => (await app.sql`select aal, amr from admin_sessions where admin_id = ${admin.id} and revoked_at is null order by created_at desc limit 1`)[0]

  await page.goto(`${origin}/admin/`)
  await forgetUsedSteps(app, ACCOUNT_TYPES.admin, enrolled.factorId)
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('heading', { name: 'Second factor' }).waitFor()
  // Back leads to the first step again; then the password once more.
  await page.getByRole('button', { name: 'Back', exact: true }).click()
  await page.getByRole('heading', { name: 'Administrator sign-in' }).waitFor()
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('heading', { name: 'Second factor' }).waitFor()
  await page.getByLabel('Code from your authenticator app').fill(totpCode(enrolled.secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  t.same(await session(), { aal: 'aal2', amr: ['pwd', 'otp'] }, 'signed in with both steps')

  // The admin's own account: its factor, and a passkey of this device (an aal2 session may add one).
  await page.getByRole('link', { name: `Signed in as ${admin.email}` }).click()
  await page.getByRole('heading', { name: 'My account' }).waitFor()
  await page.getByLabel('Passkey name').fill('Console laptop')
  await page.getByRole('button', { name: 'Add a passkey from this device' }).click()
  await page.getByText('Passkey "Console laptop" added.').waitFor()
  t.equal((await authenticator.credentials()).length, 1, 'the authenticator holds it')
  await page.waitForFunction(() => document.querySelectorAll('ul.list li').length === 2)
  t.same((await page.locator('ul.list li strong').allTextContents()).sort(), ['Authenticator', 'Console laptop'], 'the TOTP factor and the passkey are listed')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Administrator sign-in' }).waitFor()
  t.notOk(await page.getByText('Your session ended').isVisible(), 'its own sign-out is not an ended session')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  t.same(await session(), { aal: 'aal2', amr: ['webauthn'] }, 'signed in with the passkey alone')
  t.same(watch.errors, [])
})

t.test('the chart of the last 7 days renders the three series', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user)
  // Events spread over the week: sign-ins every 3 hours, failures every 5, a few reuse detections.
  const now = Date.now()
  const rows: Array<[string, number]> = []
  for (let h = 1; h < 160; h++) {
    if (h % 3 === 0) for (let i = 0; i < 1 + (h % 7); i++) rows.push(['login.succeeded', h])
    if (h % 5 === 0) for (let i = 0; i < 1 + (h % 4); i++) rows.push(['login.failed', h])
    if (h % 40 === 0) rows.push(['refresh.reuse_detected', h])
  }
  rows.push(['login.failed', 24 * 9]) // older than 7 days: not counted
  for (const [event, h] of rows) {
    await app.sql`insert into audit_events (id, created_at, event, account_type, account_id)
      values (${uuidv7()}, ${new Date(now - h * 3_600_000 + 60_000)}, ${event}, 'user', ${user.id})`
  }
  const count = (event: string) => rows.filter(([e, h]) => e === event && h < 24 * 7).length

  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: 'Sign-in activity' }).click()
  // The admin's own sign-in is one more.
  await page.getByText(`Last 7 days: ${count('login.succeeded') + 1} sign-ins, ${count('login.failed')} failed sign-ins, ${count('refresh.reuse_detected')} reuse detections.`).waitFor()
  const chart = page.locator('#activity-chart')
  await chart.locator('canvas').waitFor()
  const box = (await chart.boundingBox())!
  const picture = await chart.screenshot()
  const { width, height, ink, near } = await inkOf(page, picture, ['#16a34a', '#dc2626', '#9333ea'])
  t.equal(width, Math.round(box.width), 'the picture is the chart element')
  t.ok(height >= 280 && height < 400, `a chart's height (${height})`)
  t.ok(width >= 600, `as wide as the section (${width})`)
  t.ok(ink > width * height * 0.02, `drawn: ${ink} of ${width * height} pixels are not background`)
  t.ok(near[0] > 300, `the sign-ins line (${near[0]} green pixels)`)
  t.ok(near[1] > 300, `the failed sign-ins line (${near[1]} red pixels)`)
  t.ok(near[2] > 20, `the reuse detections (${near[2]} purple pixels)`)
  t.same(await chart.locator('.u-legend .u-label').allTextContents(), ['Time', 'Sign-ins', 'Failed sign-ins', 'Reuse detections'], 'the legend names the series')
  await shoot(page, 'admin-activity.png')
  t.same(watch.errors, [], 'nothing refused by the CSP (uPlot styles through the CSSOM)')
})

t.test('the users list pages by cursor', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const emails: string[] = []
  for (let i = 0; i < 23; i++) emails.push((await createTestAccount(app, ACCOUNT_TYPES.user)).email)
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  await adminSignIn(page, origin, admin)
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 20)
  const first = await page.locator('tbody tr a').allTextContents()
  t.same(first, emails.slice(-20).reverse(), 'newest first, 20 a page')
  t.notOk(await page.getByRole('link', { name: 'First page' }).isVisible(), 'no way back from the first page')
  await page.getByRole('link', { name: 'Next page' }).click()
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3)
  t.same(await page.locator('tbody tr a').allTextContents(), emails.slice(0, 3).reverse(), 'the rest')
  t.notOk(await page.getByRole('link', { name: 'Next page' }).isVisible(), 'the last page')
  await page.getByRole('link', { name: 'First page' }).click()
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 20)
  await page.goBack()
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 3)
  t.pass('the browser\'s back button goes back a page')
})

t.test('keyboard only, in Spanish', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user, { email: uniqueEmail('teclado') })
  await createTestAccount(app, ACCOUNT_TYPES.user)

  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'es-ES' })
  const watch = watchPage(page)
  await page.goto(`${origin}/admin/`)
  await page.getByRole('heading', { name: 'Acceso de administradores' }).waitFor()
  t.equal(await page.evaluate(() => document.documentElement.lang), 'es')
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName)

  // Tab to the email field, type, Tab to the password, Enter: first a wrong password, answered in Spanish.
  const tabTo = async (id: string) => {
    for (let i = 0; i < 10 && await focused() !== id; i++) await page.keyboard.press('Tab')
    t.equal(await focused(), id, `Tab reaches #${id}`)
  }
  await tabTo('signin-email')
  await page.keyboard.type(admin.email)
  await page.keyboard.press('Tab')
  t.equal(await focused(), 'signin-password', 'the password follows the email')
  await page.keyboard.type('not the password')
  await page.keyboard.press('Enter')
  t.equal(await page.getByRole('alert').textContent(), 'Correo o contraseña incorrectos', 'the service\'s error, in Spanish')
  await page.locator('#signin-password').fill('')
  await page.keyboard.type(admin.password)
  await page.keyboard.press('Enter')
  await page.getByRole('navigation', { name: 'Secciones' }).waitFor()
  t.ok(await page.getByRole('heading', { name: 'Usuarios' }).isVisible())
  await page.getByRole('columnheader', { name: 'Correo', exact: true }).waitFor()
  t.pass('the table in Spanish')

  // The view's heading holds the focus: one Tab reaches the search field, Enter searches.
  t.equal(await focused(), 'users-title', 'the focus is on the view\'s heading')
  await page.keyboard.press('Tab')
  t.equal(await focused(), 'user-search', 'Tab goes to the search field')
  await page.keyboard.type('teclado')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1)
  t.equal(await page.locator('tbody tr a').textContent(), user.email)

  // Enter on the link opens the user; the actions are buttons in Spanish.
  await page.locator('tbody tr a').focus()
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: user.email }).waitFor()
  t.equal(await page.getByTestId('user-status').textContent(), 'Activo')
  const deactivate = page.getByRole('button', { name: 'Desactivar' })
  await deactivate.focus()
  await page.keyboard.press('Enter')
  // The confirmation, in Spanish: Cancel has the focus, Tab reaches the confirming button.
  await page.getByRole('dialog', { name: `¿Desactivar a ${user.email}?` }).waitFor()
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancelar', 'Cancelar has the focus')
  await page.keyboard.press('Tab')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Desactivar', 'Tab reaches Desactivar')
  await page.keyboard.press('Enter')
  await page.getByRole('status').filter({ hasText: 'Hecho: Desactivar.' }).waitFor()
  t.equal(await page.getByTestId('user-status').textContent(), 'Inactivo')

  // The language switch: English at once, and kept.
  await page.getByLabel('Idioma').selectOption('en')
  await page.getByRole('button', { name: 'Activate' }).waitFor()
  await page.reload()
  await page.getByRole('button', { name: 'Activate' }).waitFor()
  t.equal(await page.evaluate(() => document.documentElement.lang), 'en')
  t.same(watch.errors, [])
})

t.test('no error in the console, signed out and signed in: no session check without a session, a favicon', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  const refreshes: string[] = []
  page.on('request', (request) => { if (request.url().includes('/v1/admins/refresh')) refreshes.push(request.url()) })
  await page.goto(`${origin}/admin/`, { waitUntil: 'networkidle' })
  await page.getByRole('heading', { name: 'Administrator sign-in' }).waitFor()
  t.same(refreshes, [], 'a signed-out load asks the service nothing about a session')
  t.equal((await page.request.get(`${origin}/admin/favicon.svg`)).status(), 200, 'the favicon is served')

  await adminSignIn(page, origin, admin)
  await page.reload({ waitUntil: 'networkidle' })
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  t.equal(refreshes.length, 1, 'a signed-in load restores the session by one refresh')
  t.same(watch.console, [], 'the console shows no error')
})

t.test('every destructive action asks first (Escape or Cancel changes nothing); the others do not', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user)
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await adminSignIn(page, origin, admin)
  await page.getByRole('link', { name: user.email }).click()
  await page.getByRole('heading', { name: user.email }).waitFor()
  const adminEvents = async () => (await app.sql`select count(*)::int as n from audit_events where account_id = ${user.id} and event like 'admin.%'`)[0].n

  for (const [label, question] of [
    ['Sign out everywhere', `Sign ${user.email} out everywhere?`],
    ['Reset second factors', `Reset the second factors of ${user.email}?`],
    ['Delete', `Delete ${user.email}?`]
  ]) {
    const before = await adminEvents()
    await page.getByRole('button', { name: label, exact: true }).click()
    const dialog = page.getByRole('dialog', { name: question })
    await dialog.waitFor()
    t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel', `${label}: Cancel has the focus`)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    t.equal(await adminEvents(), before, `${label}: Escape sends nothing`)
    await page.getByRole('button', { name: label, exact: true }).click()
    await dialog.getByRole('button', { name: label, exact: true }).click()
    await page.getByRole('status').filter({ hasText: `Done: ${label}.` }).waitFor()
    t.ok(await adminEvents() > before, `${label}: done once confirmed`)
  }
  t.equal(await page.getByTestId('user-status').textContent(), 'Deleted')

  // Restoring takes nothing away: no question.
  await page.getByRole('button', { name: 'Restore' }).click()
  await page.getByRole('status').filter({ hasText: 'Done: Restore.' }).waitFor()
  t.equal(await page.getByRole('dialog').count(), 0, 'no dialog for a restore')
  t.equal(await page.getByTestId('user-status').textContent(), 'Active')
  t.same(watch.errors, [])
})

t.test('on a 390 px phone: no sideways page, the users table scrolls in its own box, the audit log stays short', async (t) => {
  const { app, origin } = await pagesApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
  const user = await createTestAccount(app, ACCOUNT_TYPES.user, { email: uniqueEmail('a-rather-long-address-on-a-phone') })
  for (let i = 0; i < 3; i++) await createTestAccount(app, ACCOUNT_TYPES.user)
  // More events than a page (50) holds, with the details and user agent the service records.
  for (let i = 0; i < 60; i++) {
    await app.sql`insert into audit_events (id, event, account_type, account_id, actor_type, actor_id, ip_address, user_agent, data)
      values (${uuidv7()}, 'login.failed', 'user', ${user.id}, 'user', ${user.id}, '203.0.113.7',
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15', ${app.sql.json({ email: user.email, reason: 'wrong_password' })})`
  }
  const { page } = await newPage(t, { viewport: { width: 390, height: 844 }, locale: 'en-US' })
  const watch = watchPage(page)
  const size = () => page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }))
  await adminSignIn(page, origin, admin)

  const region = page.getByRole('region', { name: 'Users table' })
  await region.locator('tbody tr').nth(3).waitFor()
  t.ok((await size()).width <= 390, `the page is not wider than the screen (${(await size()).width})`)
  const box = (await region.boundingBox())!
  t.ok(box.x >= 0 && box.x + box.width <= 390, 'the table\'s box is on the screen')
  const table = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, overflow: getComputedStyle(el).overflowX }))
  t.ok(table.scroll <= table.client || table.overflow === 'auto', `the table fits (${table.scroll} <= ${table.client}) or scrolls in its box`)
  if (table.scroll > table.client) {
    // Its box takes the focus and the arrow keys scroll it: the hidden columns are reachable from the keyboard.
    await region.focus()
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(() => document.querySelector('.scroll')!.scrollLeft > 0)
    t.pass('the keyboard scrolls the table')
  }
  t.ok(await page.getByRole('link', { name: user.email }).isVisible(), 'the emails are shown')

  await page.getByRole('link', { name: 'Audit log' }).click()
  await page.waitForFunction(() => document.querySelectorAll('table.audit tbody tr').length === 50)
  const audit = await size()
  t.ok(audit.width <= 390, `the audit log is not wider than the screen (${audit.width})`)
  t.ok(audit.height < 3000, `a page of 50 events is ${audit.height} px tall`)
  t.ok(await page.getByRole('link', { name: 'Next page' }).isVisible(), 'the rest on the next page')

  // In Spanish (longer words) the header still wraps instead of widening the page; the user's page and its dialog fit.
  await page.getByLabel('Language').selectOption('es')
  await page.getByRole('navigation', { name: 'Secciones' }).waitFor()
  t.ok((await size()).width <= 390, `in Spanish too (${(await size()).width})`)
  await page.getByRole('link', { name: 'Usuarios' }).click()
  await page.getByRole('link', { name: user.email }).click()
  await page.getByRole('heading', { name: user.email }).waitFor()
  t.ok((await size()).width <= 390, `the user's page (${(await size()).width})`)
  await page.getByRole('button', { name: 'Eliminar' }).click()
  const dialog = page.getByRole('dialog', { name: `¿Eliminar a ${user.email}?` })
  const dialogBox = (await dialog.boundingBox())!
  t.ok(dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 390, 'the dialog fits the screen')
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await page.getByRole('link', { name: 'Actividad de acceso' }).click()
  await page.locator('#activity-chart canvas').waitFor()
  t.ok((await size()).width <= 390, `the chart (${(await size()).width})`)
  t.same(await page.locator('#activity-chart .u-legend .u-label').allTextContents(), ['Hora', 'Accesos', 'Accesos fallidos', 'Reutilizaciones detectadas'])
  t.same(watch.errors, [])
})

t.test('the chart\'s axes and legend speak the page\'s language (Intl)', async (t) => {
  // 10:00 UTC: the same day in every time zone from UTC-10 to UTC+13, the next hour too.
  const at = Date.UTC(2026, 10, 27, 10) / 1000
  const es = chartFormats('es')
  const en = chartFormats('en')
  t.same(es.times([at, at + 86_400], 86_400), ['27 nov', '28 nov'], 'days, in Spanish')
  t.same(en.times([at, at + 86_400], 86_400), ['Nov 27', 'Nov 28'], 'days, in English')
  const [first, second] = es.times([at, at + 3600], 3600)
  t.match(first, /^\d{1,2}\n27 nov$/, 'hours on a 24-hour clock, the date under the day\'s first')
  t.match(second, /^\d{1,2}$/, 'then the hour alone')
  t.match(en.times([at], 3600)[0], /^\d{1,2}\s?[AP]M\nNov 27$/, 'AM and PM in English')
  t.equal(es.count(12345), '12.345')
  t.equal(en.count(12345), '12,345')
  t.match(es.when(at), /nov/)
  t.match(en.when(at), /Nov/)
})
