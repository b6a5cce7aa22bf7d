/**
 * The demo (/demo/) in Chromium against a service on a real port: sign up and sign in (password,
 * second factor, a mailed link, a passkey through the virtual authenticator), an authenticator app
 * set up, the devices with revoke (confirmed first), and the live feed: a post published in one
 * tab arrives in the other.
 */
import { mkdirSync } from 'node:fs'
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { PASSWORD, createTestAccount, signIn, uniqueEmail } from '../../helpers/accounts.js'
import { newPage, virtualAuthenticator } from '../../helpers/browser.js'
import { enrolTotp, forgetUsedSteps, totpCode } from '../../helpers/factors.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { startOidcProvider } from '../../helpers/oidc.js'
import { providerEnv } from '../../helpers/federation.js'
import { pagesApp, watchPage } from '../../helpers/pages.js'
import { decodeJwt } from '../../helpers/tokens.js'

const USER = ACCOUNT_TYPES.user
const SHOTS = process.env.UPDATE_SCREENSHOTS ? new URL('../../../docs/images/', import.meta.url) : null
if (SHOTS) mkdirSync(SHOTS, { recursive: true })
const VIEWPORT = { width: 1100, height: 720 }

const signedIn = (page: Page, email: string) => page.locator('header .who').filter({ hasText: `Signed in as ${email}` }).waitFor()
const signedOut = (page: Page) => page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()

async function passwordSignIn (page: Page, email: string, password = PASSWORD, button = 'Sign in with password') {
  await page.locator('#signin-email').fill(email)
  await page.locator('#signin-password').fill(password)
  await page.getByRole('button', { name: button }).click()
}

t.test('sign up, two devices, the live feed, revoke and sign out', async (t) => {
  const { app, origin } = await pagesApp(t)
  const email = uniqueEmail('demo')
  const { page: a } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(a)
  await a.goto(`${origin}/demo/`)
  await signedOut(a)
  t.ok(await a.getByText('No provider is configured.').isVisible(), 'the providers the service has: none here')

  await a.getByLabel('Email').last().fill(email)
  await a.locator('#signup-password').fill(PASSWORD)
  await a.getByRole('button', { name: 'Create account' }).click()
  await signedIn(a, email)
  const [user] = await app.sql`select id, login_count from users where email = ${email}`
  t.equal(user.login_count, 1, 'registered and signed in')
  const cookies = await a.context().cookies()
  t.match(cookies.find((c) => c.name === USER.cookie), { httpOnly: true, sameSite: 'Strict' }, 'the refresh token is an HttpOnly cookie')
  t.equal(await a.evaluate(() => document.cookie), '', 'invisible to the page')
  t.equal(await a.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })).then((s) => /eyJ/.test(s)), false,
    'no token in web storage')

  // A second device of the same account, in a browser context of its own.
  const { page: b } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  await b.goto(`${origin}/demo/`)
  await passwordSignIn(b, email)
  await signedIn(b, email)
  await b.getByText('Feed: connected').waitFor()
  await a.getByText('Feed: connected').waitFor()

  await a.getByRole('button', { name: 'Refresh' }).click()
  await a.waitForFunction(() => document.querySelectorAll('li.device').length === 2)
  t.equal(await a.locator('li.device', { hasText: 'this device' }).count(), 1, 'one of them is this one')
  t.same(await a.locator('li.device strong').allTextContents(), ['Chrome on Linux', 'Chrome on Linux'],
    'each device is named as people compare them, not by its raw User-Agent')

  // Publish in A: both feeds hear it over their sockets.
  const title = `Hello ${Date.now()}`
  await a.getByLabel('Post title').fill(title)
  await a.getByRole('button', { name: 'Publish' }).click()
  await b.locator('li.post', { hasText: title }).waitFor()
  await a.locator('li.post', { hasText: title }).waitFor()
  const [post] = await app.sql`select status, user_id from posts where title = ${title}`
  t.same(post, { status: 'published', user_id: user.id }, 'the post is published')
  if (SHOTS) await a.screenshot({ path: new URL('demo.png', SHOTS).pathname })

  // A revokes B, once it confirms: B's socket is closed with 4401 and B is signed out.
  await a.locator('li.device', { hasNotText: 'this device' }).getByRole('button', { name: /Revoke/ }).click()
  const confirm = a.getByRole('dialog', { name: 'Revoke this device?' })
  await confirm.waitFor()
  t.equal(await a.evaluate(() => document.activeElement?.textContent), 'Cancel', 'Cancel has the focus')
  await confirm.getByRole('button', { name: 'Revoke' }).click()
  await b.getByText('Your session ended: sign in again.').waitFor({ timeout: 10_000 })
  await signedOut(b)
  await a.waitForFunction(() => document.querySelectorAll('li.device').length === 1)
  const [{ n }] = await app.sql`select count(*)::int as n from user_sessions where user_id = ${user.id} and revoked_at is null`
  t.equal(n, 1, 'one session left')

  // B signs in again: the notice of the ended session goes with the new sign-in.
  await passwordSignIn(b, email)
  await signedIn(b, email)
  t.notOk(await b.getByText('Your session ended').isVisible(), 'no ended session shown once signed in again')

  // A signs out: the cookie goes with it, and a reload stays signed out.
  await a.getByRole('button', { name: 'Sign out', exact: true }).click()
  await signedOut(a)
  t.notOk((await a.context().cookies()).find((c) => c.name === USER.cookie), 'the refresh cookie is cleared')
  t.notOk(await a.getByText('Your session ended').isVisible(), 'a sign-out of its own is not reported as an ended session')
  await a.reload()
  await signedOut(a)
  t.same(watch.errors, [], 'nothing refused by the CSP, no uncaught error')
})

t.test('a second factor, a mailed link, a passkey', async (t) => {
  const mail = await smtpCatcher(t)
  const { app, origin } = await pagesApp(t, { WORKER_ENABLED: 'true', SMTP_URL: mail.url })
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)
  const enrolled = await enrolTotp(app, USER, token)

  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  const authenticator = await virtualAuthenticator(page)
  await page.goto(`${origin}/demo/`)

  await t.test('password, then the second factor', async (t) => {
    await forgetUsedSteps(app, USER, enrolled.factorId) // the enrolment used this step's code (a code is accepted one step either side)
    await passwordSignIn(page, account.email)
    await page.getByRole('heading', { name: 'Second factor' }).waitFor()
    await page.getByLabel('Code from your authenticator app').fill(totpCode(enrolled.secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await signedIn(page, account.email)
    const [session] = await app.sql`select aal, amr from user_sessions where user_id = ${account.id} and revoked_at is null order by created_at desc limit 1`
    t.same(session, { aal: 'aal2', amr: ['pwd', 'otp'] }, 'the session says both steps')
  })

  await t.test('a passkey added while signed in signs in alone', async (t) => {
    await page.getByLabel('Passkey name').fill('Laptop')
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    await page.getByText('Passkey "Laptop" added.').waitFor()
    t.equal((await authenticator.credentials()).length, 1, 'the authenticator holds it')
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await signedOut(page)

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await signedIn(page, account.email)
    const [event] = await app.sql`select data from audit_events where event = 'passkey.login' and account_id = ${account.id}`
    t.match(event?.data, { userVerified: true }, 'a passkey sign-in, by the service\'s log')
    const [session] = await app.sql`select amr from user_sessions where user_id = ${account.id} and revoked_at is null order by created_at desc limit 1`
    t.same(session.amr, ['webauthn'])
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
    await signedOut(page)
  })

  await t.test('a mailed sign-in link', async (t) => {
    const after = mail.mails.length
    await page.locator('#link-email').fill(account.email)
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
    await page.getByText('If an account has this address, a link is on its way.').waitFor()
    const link = linkToken(await mail.next(account.email, { after }), '/sign-in')
    // The app's /sign-in page hands the token to the demo: here, the demo's own address.
    await page.goto(`${origin}/demo/?token=${link}`)
    // The link is a first step like the password: this account has a second factor.
    await page.getByRole('heading', { name: 'Second factor' }).waitFor()
    await forgetUsedSteps(app, USER, enrolled.factorId)
    await page.getByLabel('Code from your authenticator app').fill(totpCode(enrolled.secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await signedIn(page, account.email)
    const [session] = await app.sql`select amr from user_sessions where user_id = ${account.id} and revoked_at is null order by created_at desc limit 1`
    t.same(session.amr, ['link', 'otp'], 'the link and the code')
    t.equal(new URL(page.url()).search, '', 'the token leaves the address bar')
    const [event] = await app.sql`select count(*)::int as n from audit_events where event = 'signin_link.used' and account_id = ${account.id}`
    t.equal(event.n, 1)
  })
  t.same(watch.errors, [])
  t.ok(decodeJwt(token).payload.sub === account.id)
})

t.test('a provider from the service\'s list: its button, the provider, back to the demo signed in', async (t) => {
  let idp: Awaited<ReturnType<typeof startOidcProvider>> | undefined
  const { app, origin } = await pagesApp(t, async (origin) => {
    idp = await startOidcProvider(t, { redirectUris: [`${origin}/v1/users/oauth/acme/callback`] })
    return { OIDC_PROVIDERS: 'acme', ...providerEnv('acme', idp) }
  })
  const email = uniqueEmail('oidc')
  idp!.person = { sub: `sub-${Date.now()}`, email, email_verified: true }
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await page.goto(`${origin}/demo/`)
  const button = page.getByRole('button', { name: /^Continue with / })
  await button.waitFor()
  t.equal(await button.count(), 1, 'one button: the one provider configured')
  await button.click()
  await signedIn(page, email)
  t.equal(new URL(page.url()).pathname, '/demo/', 'back on the demo')
  t.equal(new URL(page.url()).search, '', 'the code left the address bar')
  const [user] = await app.sql`select u.id from users u join user_identities i on i.user_id = u.id where u.email = ${email} and i.provider = 'acme'`
  t.ok(user, 'the account and its identity exist')
  t.same(watch.errors, [])
})

t.test('no error in the console, signed out and signed in: no session check without a session, a favicon', async (t) => {
  const { app, origin } = await pagesApp(t)
  const account = await createTestAccount(app, USER)
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  const refreshes: string[] = []
  page.on('request', (request) => { if (request.url().includes('/v1/users/refresh')) refreshes.push(request.url()) })
  await page.goto(`${origin}/demo/`, { waitUntil: 'networkidle' })
  await signedOut(page)
  t.same(refreshes, [], 'a signed-out load asks the service nothing about a session')
  t.equal((await page.request.get(`${origin}/demo/favicon.svg`)).status(), 200, 'the favicon is served')

  await passwordSignIn(page, account.email, account.password)
  await signedIn(page, account.email)
  await page.getByText('Feed: connected').waitFor()
  await page.reload({ waitUntil: 'networkidle' })
  await signedIn(page, account.email)
  await page.getByText('Feed: connected').waitFor()
  t.equal(refreshes.length, 1, 'a signed-in load restores the session by one refresh')
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await signedOut(page)
  await page.reload({ waitUntil: 'networkidle' })
  await signedOut(page)
  t.equal(refreshes.length, 1, 'signed out again: nothing asked')
  t.same(watch.console, [], 'the console shows no error')
})

t.test('revoking this device asks first, in Spanish and with the keyboard; so does signing out everywhere', async (t) => {
  const { app, origin } = await pagesApp(t)
  const account = await createTestAccount(app, USER)
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'es-ES' })
  const watch = watchPage(page)
  await page.goto(`${origin}/demo/`)
  await passwordSignIn(page, account.email, account.password, 'Entrar con contraseña')
  await page.locator('header .who').filter({ hasText: `Sesión iniciada como ${account.email}` }).waitFor()
  const open = async () => (await app.sql`select count(*)::int as n from user_sessions where user_id = ${account.id} and revoked_at is null`)[0].n
  const focused = () => page.evaluate(() => document.activeElement?.textContent)

  const revoke = page.locator('li.device', { hasText: 'este dispositivo' }).getByRole('button', { name: /Revocar/ })
  await revoke.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: '¿Cerrar la sesión de este dispositivo?' })
  await dialog.waitFor()
  t.match(await dialog.textContent(), 'Es el dispositivo que estás usando', 'it says this is the device in use')
  t.equal(await focused(), 'Cancelar', 'Cancelar has the focus')
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'hidden' })
  t.equal(await open(), 1, 'cancelled: still signed in')

  await page.getByRole('button', { name: 'Cerrar sesión en todas partes' }).click()
  await page.getByRole('dialog', { name: '¿Cerrar sesión en todas partes?' }).waitFor()
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'hidden' })
  t.equal(await open(), 1, 'Escape: still signed in')

  await revoke.focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor()
  await page.keyboard.press('Tab')
  t.equal(await focused(), 'Cerrar sesión', 'Tab reaches the confirming button')
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: 'Iniciar sesión', exact: true }).waitFor()
  t.equal(await open(), 0, 'this device is signed out')
  t.notOk(await page.getByText('Tu sesión terminó').isVisible(), 'its own choice, not an ended session')
  t.same(watch.errors, [])
})

t.test('an authenticator app set up in the demo: QR code and key, a code, the recovery codes once; the next sign-in asks for it, Back returns', async (t) => {
  const { app, origin } = await pagesApp(t)
  const account = await createTestAccount(app, USER)
  const { page } = await newPage(t, { viewport: VIEWPORT, locale: 'en-US' })
  const watch = watchPage(page)
  await page.goto(`${origin}/demo/`)
  await passwordSignIn(page, account.email, account.password)
  await signedIn(page, account.email)

  const section = page.getByRole('region', { name: 'Authenticator app' })
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click()
  const qr = section.getByRole('img', { name: 'QR code that adds this account to an authenticator app' })
  await qr.waitFor()
  t.match(await qr.getAttribute('src'), /^data:image\/svg\+xml/, 'the QR code is an image from a data: URL')
  t.ok(await qr.evaluate((img: HTMLImageElement) => img.decode().then(() => true, () => false)), 'the CSP lets it load: it decodes')
  t.equal(Math.round((await qr.boundingBox())!.width), 200, 'shown at its size')
  const secret = (await section.getByTestId('totp-secret').textContent())!
  t.match(secret, /^[A-Z2-7]{16,}$/, 'the key, in base32, for typing')

  await section.getByLabel('Code shown by the app').fill(totpCode(secret))
  await section.getByRole('button', { name: 'Turn on' }).click()
  const codes = section.getByRole('list', { name: 'Recovery codes' })
  await codes.waitFor()
  t.equal(await codes.getByRole('listitem').count(), 10, 'ten recovery codes')
  t.ok(await section.getByText('The authenticator app is on.').isVisible())
  const [factor] = await app.sql`select id, status from user_factors where user_id = ${account.id} and type = 'totp'`
  t.equal(factor.status, 'verified', 'the factor is verified')
  await section.getByRole('button', { name: 'I have saved them' }).click()
  await codes.waitFor({ state: 'detached' })
  await section.getByText('An authenticator app (Authenticator) protects this account').waitFor()
  await page.reload()
  await signedIn(page, account.email)
  await page.getByText('An authenticator app (Authenticator) protects this account').waitFor()
  t.equal(await page.getByRole('list', { name: 'Recovery codes' }).count(), 0, 'the codes are shown once')

  // Signed out, the password leads to the second step; Back returns to the sign-in form.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  await signedOut(page)
  await passwordSignIn(page, account.email, account.password)
  await page.getByRole('heading', { name: 'Second factor' }).waitFor()
  await page.getByRole('button', { name: 'Back' }).click()
  await signedOut(page)
  t.ok(await page.locator('#signin-email').isVisible(), 'the sign-in form again')
  await passwordSignIn(page, account.email, account.password)
  await page.getByRole('heading', { name: 'Second factor' }).waitFor()
  await forgetUsedSteps(app, USER, factor.id)
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await signedIn(page, account.email)
  const [session] = await app.sql`select amr from user_sessions where user_id = ${account.id} and revoked_at is null order by created_at desc limit 1`
  t.same(session.amr, ['pwd', 'otp'], 'signed in with the code')
  t.same(watch.errors, [])
})
