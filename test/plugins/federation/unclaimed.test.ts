/**
 * Pre-hijacking (docs/behaviour.md#unclaimed-accounts): an attacker registers the victim's address
 * with a password of its own and never confirms it, then adds a passkey (a real ceremony in
 * Chromium's virtual authenticator), a TOTP factor and its recovery codes, and keeps sessions and
 * a socket. When the victim proves the mailbox another way (a provider that verified the address,
 * a sign-in link), the account is the victim's: nothing the attacker set up opens it any more.
 */
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { CLOSE_UNAUTHORIZED } from '../../../plugins/realtime/rooms.js'
import { build } from '../../helpers/app.js'
import {
  ENV, assertError, assertIssued, authed, createTestAccount, login, ownerOf, refresh, signIn, uniqueEmail, type TapTest, type TestAccount
} from '../../helpers/accounts.js'
import { enrolTotp, signInAal2 } from '../../helpers/factors.js'
import { startOidcProvider } from '../../helpers/oidc.js'
import { APP_URL, callbackUrlOf, exchange, providerEnv, signInAtProvider } from '../../helpers/federation.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { claimsOf, passkeyApp, passkeyLogin, passkeyPage, registerPasskey } from '../../helpers/passkeys.js'
import { connectUser, type TestSocket } from '../../helpers/sockets.js'

const USER = ACCOUNT_TYPES.user
const ATTACKER_PASSWORD = 'the attacker chose this one'

t.test('an account whose email is not confirmed is claimed by whoever proves the address', async (t) => {
  const mail = await smtpCatcher(t)
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('test')] })
  const { app, origin } = await passkeyApp(t, {
    WORKER_ENABLED: 'true', SMTP_URL: mail.url, OIDC_PROVIDERS: 'test', ...providerEnv('test', idp), PUBLIC_APP_URL: APP_URL
  })
  const count = async (table: string, userId: string) =>
    (await app.sql.unsafe(`select count(*)::int as n from ${table} where user_id = $1`, [userId]))[0].n as number
  const events = async (event: string, userId: string) =>
    [...await app.sql`select * from audit_events where event = ${event} and account_id = ${userId} order by id`]

  interface Hijacked {
    account: TestAccount
    sessions: { token: string, refreshToken: string }[]
    socket: TestSocket
    page: Awaited<ReturnType<typeof passkeyPage>>['page']
    /** The attacker's session families still active when the victim comes. */
    families: number
    /** The token of the link an email change to the attacker's own address mailed there. */
    emailChange: string
  }

  /**
   * The attacker registers `email` (unconfirmed, signed in: REQUIRE_EMAIL_CONFIRMED is off), adds
   * a passkey, then (aal2 through it) a TOTP factor with its recovery codes, signs in once more
   * with password and code (a socket open), and asks to move the account to an address of its own
   * without following that link yet.
   */
  async function hijack (t: TapTest, email: string): Promise<Hijacked> {
    const register = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password: ATTACKER_PASSWORD } })
    const registered = assertIssued(t, register, USER, 201)
    t.equal(registered.user.isEmailConfirmed, false, 'the address is not the attacker\'s: it stays unconfirmed')
    const account = { id: registered.user.id, email, password: ATTACKER_PASSWORD }
    const { page } = await passkeyPage(t, origin)
    t.equal((await registerPasskey(page, USER, registered.token)).status, 200, 'the attacker adds a passkey')
    const strong = await passkeyLogin(page, USER)
    t.equal(claimsOf(strong.body.token).aal, 'aal2')
    const enrolled = await enrolTotp(app, USER, strong.body.token)
    const again = await signInAal2(app, USER, account, enrolled)
    const socket = await connectUser(t, app, again.token)
    t.equal(await count('user_factors', account.id), 2, 'a passkey and a TOTP factor')
    t.equal(await count('user_recovery_codes', account.id), 10)
    const elsewhere = uniqueEmail('attacker')
    const after = mail.mails.length
    const change = await authed(app, USER, 'requestemailchange', again.token, { body: { newEmail: elsewhere, password: ATTACKER_PASSWORD } })
    t.equal(change.statusCode, 200, 'the attacker asks to move the account to its own address')
    const emailChange = linkToken(await mail.next(elsewhere, { after }), '/confirm-email-change')
    // And the notice to the old address: awaited here, so that it is not taken for a later mail to it.
    await mail.next(email, { after })
    const [{ families }] = await app.sql`select count(distinct family_id)::int as families from user_sessions
      where user_id = ${account.id} and revoked_at is null`
    return { account, sessions: [registered, strong.body, again], socket, page, families, emailChange }
  }

  /** Nothing the attacker set up opens the account: password, refresh and access tokens, socket, passkey; the rows are gone. */
  async function assertClaimed (t: TapTest, hijacked: Hijacked) {
    const { account, sessions, socket, page, emailChange } = hijacked
    const closed = await socket.closesWithin(3000)
    t.equal(closed && closed.code, CLOSE_UNAUTHORIZED, 'the attacker\'s socket is closed with 4401')
    const owner = (await ownerOf(app, USER, account.id))!
    t.equal(owner.password, null, 'the attacker\'s password is cleared')
    t.equal(owner.is_email_confirmed, true, 'the address is confirmed')
    assertError(t, await login(app, USER, { email: account.email, password: ATTACKER_PASSWORD }), 400, 'USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
    for (const session of sessions) {
      assertError(t, await refresh(app, USER, { body: { refreshToken: session.refreshToken } }), 401, 'USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN')
      assertError(t, await authed(app, USER, 'me', session.token), 401, 'UNAUTHORIZED')
    }
    t.equal(await count('user_factors', account.id), 0, 'the TOTP factor and the passkey are deleted')
    t.equal(await count('user_recovery_codes', account.id), 0, 'the recovery codes are deleted')
    const passkey = await passkeyLogin(page, USER)
    t.same([passkey.status, passkey.body.error], [400, 'USER.BAD_REQUEST_INVALID_PASSKEY'], 'the attacker\'s passkey no longer signs in')
    const confirm = await app.inject({ method: 'POST', url: '/v1/users/confirmemailchange', payload: { token: emailChange } })
    assertError(t, confirm, 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
    t.equal((await ownerOf(app, USER, account.id))!.email, account.email, 'the attacker\'s email change cannot take the account back')
  }

  t.test('a provider that verified the address claims it: the attacker\'s password, sessions and factors are gone', async (t) => {
    const email = uniqueEmail('victim')
    const hijacked = await hijack(t, email)

    const { location } = await signInAtProvider(app, idp, 'test', { sub: `victim-${Date.now()}`, email: email.toUpperCase(), email_verified: true })
    const res = await exchange(app, location.searchParams.get('code'))
    await assertClaimed(t, hijacked)
    const body = assertIssued(t, res, USER, 201)
    t.match(body.user, { id: hijacked.account.id, email, isEmailConfirmed: true }, 'signed in at once: no second factor of the attacker\'s asked')
    t.same(body.token && claimsOf(body.token).amr, ['oauth'])
    t.ok(res.cookies.find((c) => c.name === USER.cookie && c.value === body.refreshToken), 'the refresh cookie is set')
    t.equal((await refresh(app, USER, { body: { refreshToken: body.refreshToken } })).statusCode, 200, 'the victim\'s session works')
    const identities = await app.sql`select provider, email from user_identities where user_id = ${hijacked.account.id}`
    t.same([...identities], [{ provider: 'test', email }], 'the victim\'s identity is linked')
    t.match(await events('account.claimed', hijacked.account.id), [{
      actor_id: hijacked.account.id,
      data: { via: 'oauth', provider: 'test', password: true, sessions: hijacked.families, factors: 1, passkeys: 1, recoveryCodes: 10, identities: 0 }
    }])
    t.equal((await events('oauth.identity_linked', hijacked.account.id)).length, 1)
  })

  t.test('a sign-in link claims it the same way', async (t) => {
    const email = uniqueEmail('victim-link')
    const hijacked = await hijack(t, email)

    const after = mail.mails.length
    t.equal((await app.inject({ method: 'POST', url: '/v1/users/requestsigninlink', payload: { email } })).statusCode, 200)
    const token = linkToken(await mail.next(email, { after }), '/sign-in')
    const res = await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } })
    await assertClaimed(t, hijacked)
    const body = assertIssued(t, res, USER, 201)
    t.match(body.user, { id: hijacked.account.id, isEmailConfirmed: true }, 'signed in at once: no second factor of the attacker\'s asked')
    t.same(body.token && claimsOf(body.token).amr, ['link'])
    t.ok(res.cookies.find((c) => c.name === USER.cookie && c.value === body.refreshToken), 'the refresh cookie is set')
    t.equal((await refresh(app, USER, { body: { refreshToken: body.refreshToken } })).statusCode, 200, 'the victim\'s session works')
    t.match(await events('account.claimed', hijacked.account.id), [{
      actor_id: hijacked.account.id,
      data: { via: 'link', password: true, sessions: hijacked.families, factors: 1, passkeys: 1, recoveryCodes: 10, identities: 0 }
    }])
    t.equal((await events('signin_link.used', hijacked.account.id)).length, 1)
  })

  t.test('an identity another person linked to an unconfirmed account is removed', async (t) => {
    const email = uniqueEmail('victim-identity')
    // The attacker's provider does not verify addresses: a new account, unconfirmed, opened by its identity.
    const attackerSubject = `attacker-${Date.now()}`
    const { location } = await signInAtProvider(app, idp, 'test', { sub: attackerSubject, email, email_verified: false })
    const attacker = assertIssued(t, await exchange(app, location.searchParams.get('code')), USER, 201)
    t.equal(attacker.user.isEmailConfirmed, false)

    const victimSubject = `victim-${Date.now()}`
    const victim = await signInAtProvider(app, idp, 'test', { sub: victimSubject, email, email_verified: true })
    const body = assertIssued(t, await exchange(app, victim.location.searchParams.get('code')), USER, 201)
    t.equal(body.user.id, attacker.user.id, 'the same account')
    const identities = await app.sql`select subject from user_identities where user_id = ${body.user.id}`
    t.same(identities.map((i) => i.subject), [victimSubject], 'only the victim\'s identity')
    assertError(t, await refresh(app, USER, { body: { refreshToken: attacker.refreshToken } }), 401, 'USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN')
    t.match(await events('account.claimed', body.user.id), [{ data: { via: 'oauth', password: false, sessions: 1, identities: 1, factors: 0, passkeys: 0 } }])

    const again = await signInAtProvider(app, idp, 'test', { sub: attackerSubject, email, email_verified: false })
    t.same(Object.fromEntries(again.location.searchParams), { error: 'email_not_verified' }, 'the attacker\'s identity no longer opens it')
  })

  t.test('a refused sign-in claims nothing (the claim is rolled back with it)', async (t) => {
    const account = await createTestAccount(app, USER, { isActive: false })
    const { location } = await signInAtProvider(app, idp, 'test', { sub: `inactive-${Date.now()}`, email: account.email, email_verified: true })
    t.same(Object.fromEntries(location.searchParams), { error: 'account_inactive' })
    const owner = (await ownerOf(app, USER, account.id))!
    t.ok(owner.password, 'the password is kept')
    t.equal(owner.is_email_confirmed, false)
    t.equal((await events('account.claimed', account.id)).length, 0)
  })
})

t.test('a confirmed account is linked, not claimed: nothing is removed', async (t) => {
  const mail = await smtpCatcher(t)
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('test')] })
  const app = await build(t, {
    env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, OIDC_PROVIDERS: 'test', ...providerEnv('test', idp), PUBLIC_APP_URL: APP_URL }
  })

  /** A confirmed account with a TOTP factor, its codes and a session (with a socket). */
  async function owned (t: TapTest) {
    const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const first = await signIn(app, USER, account)
    const enrolled = await enrolTotp(app, USER, first.token)
    const session = await signInAal2(app, USER, account, enrolled)
    const socket = await connectUser(t, app, session.token)
    return { account, enrolled, session, socket }
  }

  async function assertKept (t: TapTest, { account, session, socket }: Awaited<ReturnType<typeof owned>>) {
    const owner = (await ownerOf(app, USER, account.id))!
    t.ok(owner.password, 'the password is kept')
    t.equal((await login(app, USER, { email: account.email, password: account.password })).json().mfaRequired, true,
      'the password still signs in (to its second step)')
    t.equal((await refresh(app, USER, { body: { refreshToken: session.refreshToken } })).statusCode, 200, 'the session goes on')
    t.equal(await socket.closesWithin(200), false, 'its socket stays open')
    const [{ factors }] = await app.sql`select count(*)::int as factors from user_factors where user_id = ${account.id}`
    const [{ codes }] = await app.sql`select count(*)::int as codes from user_recovery_codes where user_id = ${account.id}`
    t.same([factors, codes], [1, 10], 'the factor and its codes are kept')
    t.equal((await app.sql`select 1 from audit_events where event = 'account.claimed' and account_id = ${account.id}`).length, 0, 'no account.claimed')
  }

  t.test('by a provider that verified the address', async (t) => {
    const state = await owned(t)
    const { location } = await signInAtProvider(app, idp, 'test', { sub: `owner-${Date.now()}`, email: state.account.email, email_verified: true })
    const res = await exchange(app, location.searchParams.get('code'))
    t.equal(res.statusCode, 200, 'the second factor is still asked')
    t.equal(res.json().mfaRequired, true)
    t.equal((await app.sql`select 1 from user_identities where user_id = ${state.account.id}`).length, 1, 'the identity is linked')
    await assertKept(t, state)
  })

  t.test('by a sign-in link', async (t) => {
    const state = await owned(t)
    const after = mail.mails.length
    await app.inject({ method: 'POST', url: '/v1/users/requestsigninlink', payload: { email: state.account.email } })
    const token = linkToken(await mail.next(state.account.email, { after }), '/sign-in')
    const res = await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } })
    t.equal(res.statusCode, 200, 'the second factor is still asked')
    t.equal(res.json().mfaRequired, true)
    await assertKept(t, state)
  })
})
