/**
 * passkeyloginoptions and passkeylogin, users and admins, with real assertions made by Chromium's
 * virtual authenticator; the error paths replay or alter them.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { accountError, assertError, assertIssued, authed, createTestAccount, refresh, signIn, type TapTest } from '../../helpers/accounts.js'
import { freePort } from '../../../db/embedded.js'
import { uuidv7 } from '../../../random.js'
import { claimsOf, getCredential, passkeyApp, passkeyPage, registerPasskey } from '../../helpers/passkeys.js'

const KINDS = Object.values(ACCOUNT_TYPES)

function passkeyLogin (app: FastifyInstance, kind: AccountType, payload: unknown) {
  return app.inject({ method: 'POST', url: `/v1/${kind.path}/passkeylogin`, payload: payload as Record<string, unknown> })
}

const count = async (app: FastifyInstance, text: string, params: unknown[]) => (await app.sql.unsafe(text, params as never[]))[0].n as number
const sessionCount = (app: FastifyInstance, kind: AccountType, id: string) =>
  count(app, `select count(*)::int as n from "${kind.sessionTable}" where ${kind.ownerColumn} = $1`, [id])
const eventCount = (app: FastifyInstance, id: string, event: string) =>
  count(app, 'select count(*)::int as n from audit_events where account_id = $1 and event = $2', [id, event])
const signCount = async (app: FastifyInstance, kind: AccountType, id: string) =>
  Number((await app.sql.unsafe(`select sign_count from "${kind.type}_factors" where ${kind.ownerColumn} = $1`, [id]))[0].sign_count)

t.test('passkey sign-in', async (t) => {
  // METRICS_PORT: the metrics are on (an ephemeral port), so the login counter exists.
  const { app, origin } = await passkeyApp(t, { METRICS_PORT: '0' })

  /** An account with a passkey in a fresh page's authenticator, signed out of its password session. */
  async function enrolled (t: TapTest, kind: AccountType, authenticator?: Record<string, unknown>) {
    const account = await createTestAccount(app, kind)
    const { token } = await signIn(app, kind, account)
    const page = await passkeyPage(t, origin, { authenticator })
    const registered = await registerPasskey(page.page, kind, token)
    if (registered.status !== 200) throw new Error(`registration answered ${registered.status}`)
    return { account, page, factorId: registered.body.factor.id as string }
  }

  for (const kind of KINDS) {
    t.test(`${kind.path}: the options name no credential and their challenge is kept, single use, 5 minutes`, async (t) => {
      const res = await app.inject({ method: 'POST', url: `/v1/${kind.path}/passkeyloginoptions` })
      t.equal(res.statusCode, 200)
      t.equal(res.headers['cache-control'], 'no-store')
      const body = res.json()
      t.match(body, { status: 200, success: true, options: { rpId: 'localhost', userVerification: 'preferred', timeout: 300_000 } })
      t.notOk(body.options.allowCredentials?.length, 'discoverable: no credential is named')
      const [row] = await app.sql.unsafe(`select * from "${kind.type}_webauthn_challenges" where id = $1`, [body.challengeId])
      t.match(row, { purpose: 'login', challenge: body.options.challenge, [kind.ownerColumn]: null, used_at: null })
    })

    t.test(`${kind.path}: a passkey signs in once per challenge, with no password and no email`, async (t) => {
      const { account, page, factorId } = await enrolled(t, kind)
      const counted = async (outcome: string) =>
        (await app.accountMetrics!.logins.get()).values.find((v) => v.labels.type === kind.type && v.labels.outcome === outcome)?.value ?? 0
      const [successes, refusals] = [await counted('success'), await counted('bad_request')]
      const got = await getCredential(page.page, kind)
      const res = await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: got.credential })
      assertIssued(t, res, kind, 201)
      t.equal(res.json()[kind.bodyKey].id, account.id)
      t.match(claimsOf(res.json().token), { aal: 'aal2', amr: ['webauthn'], type: kind.type })
      const refreshed = await refresh(app, kind, { body: { refreshToken: res.json().refreshToken } })
      t.match(claimsOf(refreshed.json().token), { aal: 'aal2', amr: ['webauthn'] }, 'a refresh keeps the assurance')
      const devices = (await authed(app, kind, 'listsessions', refreshed.json().token)).json().sessions
      t.match(devices.find((d: { current: boolean }) => d.current), { aal: 'aal2' }, 'listsessions shows it')
      const [factor] = await app.sql.unsafe(`select last_used_at from "${kind.type}_factors" where id = $1`, [factorId])
      t.ok(factor.last_used_at, 'the passkey\'s last use is kept')
      const error = accountError(kind, 'BAD_REQUEST_INVALID_PASSKEY')
      assertError(t, await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: got.credential }), 400, error)
      const other = await app.inject({ method: 'POST', url: `/v1/${kind.path}/passkeyloginoptions` })
      assertError(t, await passkeyLogin(app, kind, { challengeId: other.json().challengeId, response: got.credential }), 400, error)
      t.equal(await eventCount(app, account.id, 'passkey.login'), 1, 'one sign-in recorded')
      t.equal(await counted('success'), successes + 1, 'latchkey_logins_total counts the passkey sign-in')
      t.equal(await counted('bad_request'), refusals + 2, 'and the refused answers')
      t.equal(await eventCount(app, account.id, 'passkey.clone_suspected'), 0, 'a replay is not a clone')
    })
  }

  t.test('a response for another challenge, an unknown or expired challenge, a tampered signature: 400, no session', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const { account, page } = await enrolled(t, kind)
    const error = 'USER.BAD_REQUEST_INVALID_PASSKEY'

    const first = await getCredential(page.page, kind)
    const second = await getCredential(page.page, kind)
    assertError(t, await passkeyLogin(app, kind, { challengeId: second.body.challengeId, response: first.credential }), 400, error)
    assertError(t, await passkeyLogin(app, kind, { challengeId: uuidv7(), response: first.credential }), 400, error)
    // The challenge the wrong response was sent with is spent.
    assertError(t, await passkeyLogin(app, kind, { challengeId: second.body.challengeId, response: second.credential }), 400, error)
    t.equal((await passkeyLogin(app, kind, { challengeId: first.body.challengeId, response: first.credential })).statusCode, 201,
      'the response\'s own challenge was untouched')
    const before = await sessionCount(app, kind, account.id)

    const late = await getCredential(page.page, kind)
    await app.sql.unsafe('update user_webauthn_challenges set expires_at = now() - interval \'1 second\' where id = $1', [late.body.challengeId])
    assertError(t, await passkeyLogin(app, kind, { challengeId: late.body.challengeId, response: late.credential }), 400, error)

    const signed = await getCredential(page.page, kind)
    const signature = Buffer.from(signed.credential.response.signature, 'base64url')
    signature[signature.length - 1] ^= 0x01
    const forged = { ...signed.credential, response: { ...signed.credential.response, signature: signature.toString('base64url') } }
    const stored = await signCount(app, kind, account.id)
    assertError(t, await passkeyLogin(app, kind, { challengeId: signed.body.challengeId, response: forged }), 400, error)
    t.equal(await signCount(app, kind, account.id), stored, 'the sign count did not move')

    const data = await getCredential(page.page, kind)
    const authData = Buffer.from(data.credential.response.authenticatorData, 'base64url')
    authData[32] &= ~0x04 // the UV flag cleared: the signature no longer covers what is sent
    const downgraded = { ...data.credential, response: { ...data.credential.response, authenticatorData: authData.toString('base64url') } }
    assertError(t, await passkeyLogin(app, kind, { challengeId: data.body.challengeId, response: downgraded }), 400, error)

    t.equal(await sessionCount(app, kind, account.id), before, 'no session was opened')
    t.equal(await eventCount(app, account.id, 'passkey.login'), 1, 'only the good one')
    t.equal(await eventCount(app, account.id, 'passkey.clone_suspected'), 0, 'an unsigned response is never taken for a clone')
  })

  t.test('one response sent twice at once signs in once', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const { account, page } = await enrolled(t, kind)
    const got = await getCredential(page.page, kind)
    const before = await sessionCount(app, kind, account.id)
    const payload = { challengeId: got.body.challengeId, response: got.credential }
    const answers = await Promise.all([passkeyLogin(app, kind, payload), passkeyLogin(app, kind, payload), passkeyLogin(app, kind, payload)])
    t.same(answers.map((r) => r.statusCode).sort(), [201, 400, 400])
    t.equal(await sessionCount(app, kind, account.id), before + 1, 'one session')
    t.equal(await eventCount(app, account.id, 'passkey.login'), 1)
  })

  t.test('a response made on another origin is refused', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const { account, page } = await enrolled(t, kind)
    const [credential] = await page.authenticator.credentials()
    const elsewhere = await passkeyPage(t, `http://localhost:${await freePort()}`, { proxyTo: origin })
    await elsewhere.authenticator.cdp.send('WebAuthn.addCredential',
      { authenticatorId: elsewhere.authenticator.authenticatorId, credential: { ...credential, signCount: 1000 } } as never)
    const got = await getCredential(elsewhere.page, kind)
    t.ok(got.credential, 'the browser signed on the other origin')
    assertError(t, await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: got.credential }), 400, 'USER.BAD_REQUEST_INVALID_PASSKEY')
    t.equal(await eventCount(app, account.id, 'passkey.login'), 0)
    t.equal(await eventCount(app, account.id, 'passkey.clone_suspected'), 0)
  })

  t.test('a stored sign count ahead of the authenticator\'s: a clone, refused and recorded', async (t) => {
    const kind = ACCOUNT_TYPES.admin
    const { account, page, factorId } = await enrolled(t, kind)
    await app.sql.unsafe('update admin_factors set sign_count = 1000 where id = $1', [factorId])
    const before = await sessionCount(app, kind, account.id)
    const got = await getCredential(page.page, kind)
    assertError(t, await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: got.credential }), 400, 'ADMIN.BAD_REQUEST_INVALID_PASSKEY')
    const [event] = await app.sql`select * from audit_events where account_id = ${account.id} and event = 'passkey.clone_suspected'`
    t.match(event, { account_type: 'admin', data: { factorId, storedSignCount: 1000 } })
    t.ok(event.data.signCount < 1000)
    t.same(Object.keys(event.data).sort(), ['factorId', 'signCount', 'storedSignCount'], 'no credential, key or signature in the event')
    t.equal(await sessionCount(app, kind, account.id), before)
    t.equal(await signCount(app, kind, account.id), 1000, 'the stored count stays')
  })

  t.test('an authenticator that does not verify its user signs in at aal1', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const { page } = await enrolled(t, kind, { hasUserVerification: false, isUserVerified: false })
    // Chromium asks such an authenticator for a passkey it names only (the client remembers its id).
    const [credential] = await page.authenticator.credentials()
    const got = await getCredential(page.page, kind, Buffer.from(credential.credentialId, 'base64').toString('base64url'))
    const res = await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: got.credential })
    t.equal(res.statusCode, 201)
    t.match(claimsOf(res.json().token), { aal: 'aal1', amr: ['webauthn'] })
    const [event] = await app.sql`select data from audit_events where event = 'passkey.login' and account_id = ${res.json().user.id}`
    t.same(event.data.userVerified, false)
  })

  for (const [state, update, error, reason] of [
    ['inactive', 'is_active = false', 'BAD_REQUEST_ACCOUNT_INACTIVE', 'inactive'],
    ['deleted', 'deleted_at = now()', 'BAD_REQUEST_ACCOUNT_DELETED', 'deleted']
  ]) {
    for (const kind of KINDS) {
      t.test(`${kind.path}: the passkey of a ${state} account fails like a login`, async (t) => {
        const { account, page } = await enrolled(t, kind)
        await app.sql.unsafe(`update "${kind.ownerTable}" set ${update} where id = $1`, [account.id])
        const stored = await signCount(app, kind, account.id)
        const got = await getCredential(page.page, kind)
        assertError(t, await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: got.credential }), 400, accountError(kind, error))
        const [failed] = await app.sql`select data from audit_events where account_id = ${account.id} and event = 'login.failed'`
        t.same(failed.data, { email: account.email, reason, method: 'webauthn' })
        t.equal(await signCount(app, kind, account.id), stored, 'nothing written for the passkey')
        t.equal(await eventCount(app, account.id, 'passkey.login'), 0)
      })
    }
  }

  t.test('a passkey needs no other factor, even on an account with a verified authenticator app', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const { account, page } = await enrolled(t, kind)
    await app.sql.unsafe(`insert into user_factors (id, user_id, type, name, status, secret) values ($1, $2, 'totp', 'Authenticator', 'verified', 'sealed')`,
      [uuidv7(), account.id])
    const got = await getCredential(page.page, kind)
    const res = await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: got.credential })
    assertIssued(t, res, kind, 201)
    t.match(claimsOf(res.json().token), { aal: 'aal2', amr: ['webauthn'] })
  })

  t.test('with REQUIRE_EMAIL_CONFIRMED, an unconfirmed account\'s passkey fails like its login', async (t) => {
    const strict = await passkeyApp(t, { REQUIRE_EMAIL_CONFIRMED: 'true' })
    const kind = ACCOUNT_TYPES.user
    const account = await createTestAccount(strict.app, kind, { isEmailConfirmed: true })
    const { token } = await signIn(strict.app, kind, account)
    const { page } = await passkeyPage(t, strict.origin)
    t.equal((await registerPasskey(page, kind, token)).status, 200)
    await strict.app.sql.unsafe('update users set is_email_confirmed = false where id = $1', [account.id])
    const got = await getCredential(page, kind)
    assertError(t, await passkeyLogin(strict.app, kind, { challengeId: got.body.challengeId, response: got.credential }), 401,
      'USER.UNAUTHORIZED_EMAIL_NOT_CONFIRMED')
    const [failed] = await strict.app.sql`select data from audit_events where account_id = ${account.id} and event = 'login.failed'`
    t.same(failed.data, { email: account.email, reason: 'email_not_confirmed', method: 'webauthn' })
  })

  t.test('a user\'s passkey is not an admin\'s, a removed passkey signs nobody in', async (t) => {
    const { account, page, factorId } = await enrolled(t, ACCOUNT_TYPES.user)
    const got = await getCredential(page.page, ACCOUNT_TYPES.admin)
    t.ok(got.credential, 'the authenticator offers the passkey on the admin route too')
    assertError(t, await passkeyLogin(app, ACCOUNT_TYPES.admin, { challengeId: got.body.challengeId, response: got.credential }), 400,
      'ADMIN.BAD_REQUEST_INVALID_PASSKEY')
    const userChallenge = await getCredential(page.page, ACCOUNT_TYPES.user)
    assertError(t, await passkeyLogin(app, ACCOUNT_TYPES.user, { challengeId: got.body.challengeId, response: userChallenge.credential }), 400,
      'USER.BAD_REQUEST_INVALID_PASSKEY')
    await app.sql.unsafe('delete from user_factors where id = $1', [factorId])
    const after = await getCredential(page.page, ACCOUNT_TYPES.user)
    assertError(t, await passkeyLogin(app, ACCOUNT_TYPES.user, { challengeId: after.body.challengeId, response: after.credential }), 400,
      'USER.BAD_REQUEST_INVALID_PASSKEY')
    t.equal(await sessionCount(app, ACCOUNT_TYPES.user, account.id), 1, 'only the password session of the enrolment')
  })

  t.test('a user handle that is not the passkey\'s owner is refused', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const { page } = await enrolled(t, kind)
    const got = await getCredential(page.page, kind)
    const response = { ...got.credential, response: { ...got.credential.response, userHandle: Buffer.alloc(16, 1).toString('base64url') } }
    assertError(t, await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response }), 400, 'USER.BAD_REQUEST_INVALID_PASSKEY')
  })

  t.test('malformed arguments are refused by the schema', async (t) => {
    const kind = ACCOUNT_TYPES.user
    const { page } = await enrolled(t, kind)
    const got = await getCredential(page.page, kind)
    const invalid = 'BAD_REQUEST_INVALID_ARGUMENTS'
    assertError(t, await passkeyLogin(app, kind, { challengeId: 'nope', response: got.credential }), 400, invalid)
    assertError(t, await passkeyLogin(app, kind, { challengeId: got.body.challengeId }), 400, invalid)
    const huge = { ...got.credential, response: { ...got.credential.response, signature: 'A'.repeat(50_000) } }
    assertError(t, await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: huge }), 400, invalid)
    // Fields the schema does not know (a newer browser's) are dropped, not refused.
    const newer = { ...got.credential, future: true, response: { ...got.credential.response, attestationObject: 'o2NmbXRkbm9uZQ' } }
    const res = await passkeyLogin(app, kind, { challengeId: got.body.challengeId, response: newer })
    t.equal(res.statusCode, 201, 'the challenge survived the refused shapes')
  })
})
