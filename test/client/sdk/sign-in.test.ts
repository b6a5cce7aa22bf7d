/**
 * The SDK's sign-ins in Chromium: refusals thrown with the API's code and status, a second
 * factor (login's mfaRequired, then verifyMfa), passkeys through the virtual authenticator,
 * the sessions list, fetch() with the token; and a tab that hangs holding the refresh lock
 * does not block another for longer than lockTimeout.
 */
import t from 'tap'
import type { Page } from 'playwright-core'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, signIn, type TestAccount } from '../../helpers/accounts.js'
import { browser, virtualAuthenticator } from '../../helpers/browser.js'
import { sdkApp, sdkTab } from '../../helpers/client.js'
import { enrolTotp, totpCode, withinOneStep } from '../../helpers/factors.js'
import { claimsOf } from '../../helpers/passkeys.js'

const user = ACCOUNT_TYPES.user

async function tab (t: Parameters<typeof sdkApp>[0], origin: string, options: Record<string, unknown> = {}): Promise<Page> {
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  return await sdkTab(context, origin, options)
}

/** In the page: the call's result, or what it threw (name, code, status). */
function attempt (page: Page, method: string, ...args: unknown[]): Promise<any> {
  return page.evaluate(async ({ method, args }) => {
    try {
      return { result: await (globalThis as any).lk[method](...args) }
    } catch (err: any) {
      return { thrown: { name: err.name, code: err.code, status: err.status, message: err.message, isError: err instanceof Error } }
    }
  }, { method, args })
}

const credentials = (account: TestAccount) => ({ email: account.email, password: account.password })

t.test('a refusal is thrown with the API error code and status', async (t) => {
  const { app, origin } = await sdkApp(t)
  const account = await createTestAccount(app, user)
  const page = await tab(t, origin)
  const wrong = await attempt(page, 'login', { email: account.email, password: 'not the password' })
  t.match(wrong.thrown, { name: 'LatchkeyError', code: 'USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS', status: 400, isError: true })
  t.ok(wrong.thrown.message.length > 0, 'with the translated message')
  const unsigned = await attempt(page, 'me')
  t.match(unsigned.thrown, { code: 'UNAUTHORIZED', status: 401 }, 'me() when signed out')
  const admins = await page.evaluate(async (origin) => {
    const { createClient } = await import(`${origin}/client/latchkey.js`)
    try { createClient({ baseUrl: origin, kind: 'admins' }).socket(); return null } catch (err: any) { return { code: err.code, status: err.status } }
  }, origin)
  t.same(admins, { code: 'BAD_REQUEST_INVALID_ARGUMENTS', status: 400 }, 'sockets are for users (the service takes user tokens only)')
})

t.test('a second factor: login answers mfaRequired, verifyMfa signs in', async (t) => {
  const { app, origin } = await sdkApp(t)
  const account = await createTestAccount(app, user)
  const enrolled = await enrolTotp(app, user, (await signIn(app, user, account)).token)
  // A tab of its own each try: one that the time step interrupted may be signed in already.
  const { page, signedIn } = await withinOneStep(async () => {
    const page = await tab(t, origin)
    const first = await attempt(page, 'login', credentials(account))
    t.match(first.result, { mfaRequired: true, factors: [{ id: enrolled.factorId, type: 'totp' }] })
    t.equal(await page.evaluate(() => (globalThis as any).lk.signedIn), false, 'not signed in yet')
    return { page, signedIn: await attempt(page, 'verifyMfa', { mfaToken: first.result.mfaToken, factorId: enrolled.factorId, code: totpCode(enrolled.secret) }) }
  })
  t.match(signedIn.result, { id: account.id })
  const token = await page.evaluate(() => (globalThis as any).lk.accessToken())
  t.equal(claimsOf(token).aal, 'aal2')
  t.same(await page.evaluate(() => (globalThis as any).authLog), ['SIGNED_IN'])
})

t.test('passkeys: register while signed in, sign in with nothing typed', async (t) => {
  const { app, origin } = await sdkApp(t)
  const account = await createTestAccount(app, user)
  const page = await tab(t, origin)
  const authenticator = await virtualAuthenticator(page)
  await attempt(page, 'login', credentials(account))
  const registered = await attempt(page, 'passkeyRegister', { name: 'Laptop' })
  t.match(registered.result, { type: 'webauthn', name: 'Laptop', status: 'verified' })
  t.equal((await authenticator.credentials()).length, 1, 'the authenticator holds it')
  await attempt(page, 'logout')
  t.equal(await page.evaluate(() => (globalThis as any).lk.signedIn), false)
  const again = await attempt(page, 'passkeyLogin')
  t.match(again.result, { id: account.id, email: account.email }, 'signed in with the passkey')
  t.same(claimsOf(await page.evaluate(() => (globalThis as any).lk.accessToken())).amr, ['webauthn'])
})

t.test('sessions and fetch', async (t) => {
  const { app, origin } = await sdkApp(t)
  const account = await createTestAccount(app, user)
  const page = await tab(t, origin)
  const seen: Array<string | undefined> = []
  app.server.on('request', (req) => { if (req.url === '/v1/users/me') seen.push(req.headers.authorization) })
  await attempt(page, 'login', credentials(account))
  const sessions = await attempt(page, 'listSessions')
  t.match(sessions.result, [{ current: true }])
  const res = await page.evaluate(async () => {
    const r = await (globalThis as any).lk.fetch('/v1/users/me')
    return { status: r.status, body: await r.json() }
  })
  t.match(res, { status: 200, body: { user: { id: account.id } } }, 'fetch() adds the access token')
  t.match(seen, [/^jwt-user eyJ/])
  await attempt(page, 'revokeSession', sessions.result[0].id)
  t.equal(await page.evaluate(() => (globalThis as any).lk.signedIn), false, "revoking this device's own session signs out")
  t.same(await page.evaluate(() => (globalThis as any).authLog), ['SIGNED_IN', 'SIGNED_OUT'])
})

t.test('a tab that hangs holding the refresh lock does not block another past lockTimeout', async (t) => {
  const { app, origin, refreshes } = await sdkApp(t)
  const account = await createTestAccount(app, user)
  const context = await (await browser(t)).newContext()
  t.teardown(() => context.close())
  const hung = await sdkTab(context, origin)
  await hung.evaluate((args) => (globalThis as any).lk.login(args), credentials(account))
  // The lock taken and never given back, as by a tab frozen in the middle of a refresh.
  await hung.evaluate((name) => { (globalThis as any).navigator.locks.request(name, () => new Promise(() => {})) }, `latchkey:users:${origin}`)
  const other = await sdkTab(context, origin, { lockTimeout: 1000 })
  const started = Date.now()
  const restored = await other.evaluate(() => (globalThis as any).lk.restore())
  const took = Date.now() - started
  t.match(restored, { id: account.id }, 'the other tab got the session anyway')
  t.ok(took >= 900 && took < 5000, `after waiting about lockTimeout (${took} ms)`)
  t.equal(refreshes(), 1)
})
