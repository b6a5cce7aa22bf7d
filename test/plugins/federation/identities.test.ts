import t from 'tap'
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, PASSWORD, assertError, createTestAccount, login, signIn, uniqueEmail } from '../../helpers/accounts.js'
import { startOidcProvider, type OidcProvider } from '../../helpers/oidc.js'
import { APP_URL, callbackUrlOf, exchange, providerEnv, signInAtProvider } from '../../helpers/federation.js'

const USER = ACCOUNT_TYPES.user

/** A provider sign-in of `person` through the exchange: the access token and the user. */
async function viaProvider (app: FastifyInstance, idp: OidcProvider, provider: string, sub: string, email: string) {
  const { location } = await signInAtProvider(app, idp, provider, { sub, email, email_verified: true })
  const res = await exchange(app, location.searchParams.get('code'))
  if (res.statusCode !== 201) throw new Error(`oauthexchange answered ${res.statusCode}: ${res.body}`)
  return res.json() as { token: string, user: { id: string, email: string } }
}

const call = (app: FastifyInstance, action: string, token: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/v1/users/${action}`, payload, headers: { authorization: `jwt-user ${token}` } })

function median (values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
}

t.test('identities and accounts without a password', async (t) => {
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('one'), callbackUrlOf('two')] })
  // The timing below tries 23 wrong passwords per address: the lockout (lockout.test.ts) would answer 429 from the 11th.
  const app = await build(t, {
    env: { ...ENV, LOGIN_LOCKOUT_THRESHOLD: '0', PUBLIC_APP_URL: APP_URL, OIDC_PROVIDERS: 'one,two', ...providerEnv('one', idp), ...providerEnv('two', idp) }
  })

  t.test('listidentities shows the caller\'s identities, nothing secret', async (t) => {
    const email = uniqueEmail('list')
    // Subjects no other field can contain by chance (the email's random part once held "list-1").
    const subjects = ['subject-one-zq', 'subject-two-zq'].map((s) => `${s}${randomUUID()}`)
    const first = await viaProvider(app, idp, 'one', subjects[0], email)
    await viaProvider(app, idp, 'two', subjects[1], email)
    const res = await call(app, 'listidentities', first.token)
    t.equal(res.statusCode, 200)
    const { identities } = res.json()
    t.match(identities, [{ provider: 'one', email, emailVerified: true }, { provider: 'two', email, emailVerified: true }])
    t.same(Object.keys(identities[0]).sort(), ['createdAt', 'email', 'emailVerified', 'id', 'lastSignInAt', 'provider'])
    for (const subject of subjects) t.notOk(res.body.includes(subject), 'the subjects stay on the server')
    t.equal((await app.inject({ method: 'POST', url: '/v1/users/listidentities' })).statusCode, 401)
  })

  t.test('without a password, the last identity cannot be unlinked; another one can', async (t) => {
    const email = uniqueEmail('unlink')
    const { token, user } = await viaProvider(app, idp, 'one', 'unlink-1', email)
    await viaProvider(app, idp, 'two', 'unlink-2', email)
    const [a, b] = (await call(app, 'listidentities', token)).json().identities
    const res = await call(app, 'unlinkidentity', token, { identityId: a.id })
    t.same([res.statusCode, res.json()], [200, { status: 200, success: true }])
    t.match([...await app.sql`select * from audit_events where event = 'oauth.identity_unlinked' and account_id = ${user.id}`],
      [{ data: { provider: 'one', identityId: a.id }, actor_id: user.id }])
    assertError(t, await call(app, 'unlinkidentity', token, { identityId: b.id }), 400, 'USER.BAD_REQUEST_LAST_SIGN_IN_METHOD')
    t.equal((await app.sql`select count(*)::int as n from user_identities where user_id = ${user.id}`)[0].n, 1, 'still there')
  })

  t.test('with a password (or a passkey), the only identity can be unlinked', async (t) => {
    // Confirmed: an unconfirmed account would be claimed by the provider, its password cleared.
    const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const { token } = await viaProvider(app, idp, 'one', 'with-password', account.email)
    const [identity] = (await call(app, 'listidentities', token)).json().identities
    t.equal((await call(app, 'unlinkidentity', token, { identityId: identity.id })).statusCode, 200)
    t.same((await call(app, 'listidentities', token)).json().identities, [])

    const email = uniqueEmail('passkey')
    const keyed = await viaProvider(app, idp, 'one', 'with-passkey', email)
    await app.sql`insert into user_factors (id, user_id, type, name, status, credential_id, public_key, sign_count)
      values (gen_random_uuid(), ${keyed.user.id}, 'webauthn', 'Passkey', 'verified', '\\x01', '\\x02', 0)`
    const [only] = (await call(app, 'listidentities', keyed.token)).json().identities
    t.equal((await call(app, 'unlinkidentity', keyed.token, { identityId: only.id })).statusCode, 200)
  })

  t.test('another user\'s identity, or none, is 404; a bad id is 400', async (t) => {
    const mine = await viaProvider(app, idp, 'one', 'mine', uniqueEmail('mine'))
    const theirs = await viaProvider(app, idp, 'one', 'theirs', uniqueEmail('theirs'))
    const [identity] = (await call(app, 'listidentities', theirs.token)).json().identities
    assertError(t, await call(app, 'unlinkidentity', mine.token, { identityId: identity.id }), 404, 'USER.IDENTITY_NOT_FOUND')
    assertError(t, await call(app, 'unlinkidentity', mine.token, { identityId: '0190a4d1-7d6e-7000-8000-000000000000' }), 404, 'USER.IDENTITY_NOT_FOUND')
    assertError(t, await call(app, 'unlinkidentity', mine.token, { identityId: 'nope' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  })

  t.test('an account without a password: login fails like a wrong password, in about the same time', async (t) => {
    const email = uniqueEmail('nopassword')
    const made = await viaProvider(app, idp, 'one', 'nopassword', email)
    const withPassword = await createTestAccount(app, USER)
    const bodies = new Set<string>()
    const times: Record<string, number[]> = { none: [], wrong: [] }
    for (let round = -3; round < 20; round++) {
      for (const [name, address] of [['none', email], ['wrong', withPassword.email]] as const) {
        const start = process.hrtime.bigint()
        const res = await login(app, USER, { email: address, password: 'not the password' })
        const ms = Number(process.hrtime.bigint() - start) / 1e6
        if (round < 0) continue
        times[name].push(ms)
        bodies.add(JSON.stringify([res.statusCode, res.json()]))
      }
    }
    t.equal(bodies.size, 1, 'the same answer')
    t.match(JSON.parse([...bodies][0]), [400, { error: 'USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS' }])
    const ratio = Math.max(median(times.none), median(times.wrong)) / Math.min(median(times.none), median(times.wrong))
    t.ok(ratio <= 1.5, `medians ${median(times.none).toFixed(1)} and ${median(times.wrong).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`)
    t.ok((await app.sql`select * from audit_events where event = 'login.failed' and account_id = ${made.user.id}`)
      .every((e) => e.data.reason === 'no_password'), 'the audit log says why')
  })

  t.test('an account without a password cannot change one, but sets one through the reset mail', async (t) => {
    const email = uniqueEmail('setpassword')
    const { token, user } = await viaProvider(app, idp, 'one', 'setpassword', email)
    assertError(t, await call(app, 'changepassword', token, { currentPassword: 'anything', newPassword: 'a new password' }),
      400, 'USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD')
    const { newOpaqueToken } = await import('../../../plugins/accounts/tokens.js')
    // The reset mail's token, issued as requestpasswordreset does (its mail is tested with the reset).
    const reset = newOpaqueToken()
    await app.sql`insert into user_tokens (id, user_id, purpose, token_hash, email, expires_at)
      values (gen_random_uuid(), ${user.id}, 'reset_password', ${reset.hash}, ${email}, now() + interval '1 hour')`
    t.equal((await app.inject({ method: 'POST', url: '/v1/users/resetpassword', payload: { token: reset.token, password: PASSWORD } })).statusCode, 200)
    await signIn(app, USER, { id: user.id, email, password: PASSWORD })
  })

  t.test('admins see an account without a password like any other', async (t) => {
    const { user } = await viaProvider(app, idp, 'one', 'admin-view', uniqueEmail('adminview'))
    const admin = await createTestAccount(app, ACCOUNT_TYPES.admin)
    const { token } = await signIn(app, ACCOUNT_TYPES.admin, admin)
    const res = await app.inject({ method: 'POST', url: '/v1/admins/getuser', payload: { userId: user.id }, headers: { authorization: `jwt-admin ${token}` } })
    t.equal(res.statusCode, 200)
    t.match(res.json().user, { id: user.id, email: user.email })
    t.notMatch(res.body, /password/i)
  })
})
