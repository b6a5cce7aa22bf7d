/**
 * The demo (/demo/) in Chromium against a service on a real port: sign up and sign in (password,
 * second factor, a mailed link, a passkey through the virtual authenticator), the devices with
 * revoke, and the live feed: a post published in one tab arrives in the other.
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

async function passwordSignIn (page: Page, email: string, password = PASSWORD) {
  await page.locator('#signin-email').fill(email)
  await page.locator('#signin-password').fill(password)
  await page.getByRole('button', { name: 'Sign in with password' }).click()
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

  // Publish in A: both feeds hear it over their sockets.
  const title = `Hello ${Date.now()}`
  await a.getByLabel('Post title').fill(title)
  await a.getByRole('button', { name: 'Publish' }).click()
  await b.locator('li.post', { hasText: title }).waitFor()
  await a.locator('li.post', { hasText: title }).waitFor()
  const [post] = await app.sql`select status, user_id from posts where title = ${title}`
  t.same(post, { status: 'published', user_id: user.id }, 'the post is published')
  if (SHOTS) await a.screenshot({ path: new URL('demo.png', SHOTS).pathname })

  // A revokes B: B's socket is closed with 4401 and B is signed out.
  await a.locator('li.device', { hasNotText: 'this device' }).getByRole('button', { name: /Revoke/ }).click()
  await b.getByText('Your session ended: sign in again.').waitFor({ timeout: 10_000 })
  await signedOut(b)
  await a.waitForFunction(() => document.querySelectorAll('li.device').length === 1)
  const [{ n }] = await app.sql`select count(*)::int as n from user_sessions where user_id = ${user.id} and revoked_at is null`
  t.equal(n, 1, 'one session left')

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
