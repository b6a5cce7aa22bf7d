import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, assertError, assertIssued, createTestAccount, login, ownerOf, uniqueEmail } from '../../helpers/accounts.js'
import { decodeJwt, sha256 } from '../../helpers/tokens.js'
import { startOidcProvider } from '../../helpers/oidc.js'
import {
  APP_URL, STATE_COOKIE, authorize, callback, callbackUrlOf, exchange, providerEnv, signInAtProvider, throughProvider
} from '../../helpers/federation.js'

const USER = ACCOUNT_TYPES.user
const INVALID_TOKEN = 'USER.BAD_REQUEST_INVALID_TOKEN'

t.test('provider sign-in: authorize -> provider -> callback -> oauthexchange', async (t) => {
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('test')] })
  const app = await build(t, {
    env: { ...ENV, OIDC_PROVIDERS: 'test', ...providerEnv('test', idp), PUBLIC_APP_URL: APP_URL, OAUTH_REDIRECT_URLS: 'com.example.app:/oauth' }
  })
  const events = async (event: string, accountId?: string) => [...await app.sql`select * from audit_events
    where event = ${event} and (${accountId ?? null}::uuid is null or account_id = ${accountId ?? null}::uuid) order by id`]
  let n = 0
  const subject = () => `subject-${++n}-${Date.now()}`

  t.test('authorize sends the browser to the provider with state, nonce and an S256 PKCE challenge, kept server-side', async (t) => {
    const res = await authorize(app, 'test')
    t.equal(res.statusCode, 302)
    const to = new URL(res.headers.location as string)
    t.equal(to.origin, idp.issuer)
    const params = Object.fromEntries(to.searchParams)
    t.match(params, { client_id: 'latchkey', response_type: 'code', redirect_uri: callbackUrlOf('test'), code_challenge_method: 'S256', scope: 'openid email profile' })
    t.ok(params.state && params.nonce && params.code_challenge, 'state, nonce and challenge are sent')
    const [row] = await app.sql`select * from oauth_states where state_hash = ${sha256(params.state)}`
    t.ok(row, 'the state is stored hashed')
    t.equal(row.nonce, params.nonce)
    t.notOk(row.code_verifier === params.code_challenge, 'the verifier never leaves the server')
    t.ok(row.expires_at.getTime() - row.created_at.getTime() <= 600_000 + 1000, 'for 10 minutes')
    const cookie = res.cookies.find((c) => c.name === STATE_COOKIE)
    t.match(cookie, { value: params.state, httpOnly: true, sameSite: 'Lax', path: '/v1/users/oauth/' }, 'the state is bound to this browser')
  })

  t.test('a new person gets a new account without a password, signed in through the exchange', async (t) => {
    const email = uniqueEmail('new')
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email, email_verified: true })
    t.equal(`${location.origin}${location.pathname}`, `${APP_URL}/signed-in`)
    t.same([...location.searchParams.keys()], ['code'], 'only the code goes back in the URL: never a token')
    const code = location.searchParams.get('code')!
    t.match(code, /^[0-9a-f]{64}$/)
    const res = await exchange(app, code)
    const body = assertIssued(t, res, USER, 201)
    t.match(body.user, { email, isEmailConfirmed: true, loginCount: 1 })
    t.same(decodeJwt(body.token).payload.amr, ['oauth'], 'the session was opened by a provider')
    t.equal(decodeJwt(body.token).payload.aal, 'aal1')
    t.ok(res.cookies.find((c) => c.name === USER.cookie), 'the refresh cookie is set, as on login')
    const owner = await ownerOf(app, USER, body.user.id)
    t.equal(owner!.password, null, 'no password')
    const [identity] = await app.sql`select * from user_identities where user_id = ${body.user.id}`
    t.match(identity, { provider: 'test', email, email_verified: true })
    t.equal((await events('register', body.user.id)).length, 1)
    t.match(await events('oauth.identity_linked', body.user.id), [{ data: { provider: 'test', identityId: identity.id } }])
    t.equal((await events('oauth.signed_in', body.user.id)).length, 1)
    t.equal((await events('login.succeeded', body.user.id)).length, 1)
  })

  t.test('a person whose provider did not verify a new address gets an unconfirmed account', async (t) => {
    const email = uniqueEmail('unverified-new')
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email, email_verified: false })
    const body = assertIssued(t, await exchange(app, location.searchParams.get('code')), USER, 201)
    t.match(body.user, { email, isEmailConfirmed: false })
  })

  t.test('a mobile app exchanges with X-Client: app and gets an app session', async (t) => {
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('app'), email_verified: true })
    const body = assertIssued(t, await exchange(app, location.searchParams.get('code'), { 'x-client': 'app', 'x-platform': 'ios' }), USER, 201)
    t.equal(decodeJwt(body.token).payload.aud, 'user-app')
    const [session] = await app.sql`select client, platform, aal, amr from user_sessions where user_id = ${body.user.id}`
    t.same({ ...session }, { client: 'app', platform: 'ios', aal: 'aal1', amr: ['oauth'] }, 'the session keeps its assurance through refreshes')
  })

  t.test('a returning person signs in to the same account', async (t) => {
    const person = { sub: subject(), email: uniqueEmail('returning'), email_verified: true }
    const first = await signInAtProvider(app, idp, 'test', person)
    const firstUser = (await exchange(app, first.location.searchParams.get('code'))).json().user
    const second = await signInAtProvider(app, idp, 'test', person)
    const body = assertIssued(t, await exchange(app, second.location.searchParams.get('code')), USER, 201)
    t.equal(body.user.id, firstUser.id)
    t.equal(body.user.loginCount, 2)
    const identities = await app.sql`select * from user_identities where user_id = ${firstUser.id}`
    t.equal(identities.length, 1, 'one identity')
    t.ok(identities[0].last_sign_in_at, 'its last sign-in is kept')
  })

  t.test('a verified address of a confirmed account links the identity to it; the password still works', async (t) => {
    // An unconfirmed one is claimed instead (unclaimed.test.ts).
    const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email: account.email.toUpperCase(), email_verified: true })
    const body = assertIssued(t, await exchange(app, location.searchParams.get('code')), USER, 201)
    t.equal(body.user.id, account.id, 'the same account')
    t.equal(body.user.isEmailConfirmed, true, 'the provider proved the address')
    t.equal((await app.sql`select * from user_identities where user_id = ${account.id}`).length, 1)
    t.equal((await events('oauth.identity_linked', account.id)).length, 1)
    t.equal((await login(app, USER, { email: account.email, password: account.password })).statusCode, 201)
  })

  t.test('an unverified address that an account has is refused: no takeover', async (t) => {
    const account = await createTestAccount(app, USER)
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email: account.email, email_verified: false })
    t.same(Object.fromEntries(location.searchParams), { error: 'email_not_verified' })
    t.equal((await app.sql`select * from user_identities where user_id = ${account.id}`).length, 0, 'nothing linked')
    t.equal((await app.sql`select * from user_tokens where user_id = ${account.id} and purpose = 'oauth_exchange'`).length, 0, 'no code')
    t.match(await events('oauth.failed', account.id), [{ data: { provider: 'test', reason: 'email_not_verified' } }])
  })

  t.test('a deactivated account is sent back with an error', async (t) => {
    const account = await createTestAccount(app, USER, { isActive: false })
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email: account.email, email_verified: true })
    t.same(Object.fromEntries(location.searchParams), { error: 'account_inactive' })
  })

  t.test('a tampered state, or one without its cookie, is refused and spends nothing', async (t) => {
    const { back, cookie } = await throughProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('tamper'), email_verified: true })
    const tampered = new URL(back)
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`)
    assertError(t, await callback(app, tampered, `${cookie}x`), 400, INVALID_TOKEN)
    assertError(t, await callback(app, tampered, cookie), 400, INVALID_TOKEN)
    assertError(t, await callback(app, back, undefined), 400, INVALID_TOKEN)
    assertError(t, await callback(app, back, 'another-browser'), 400, INVALID_TOKEN)
    t.ok((await events('oauth.failed')).some((e) => e.data.reason === 'state_mismatch'), 'recorded')
    const res = await callback(app, back, cookie)
    t.equal(res.statusCode, 302, 'the real state still works once')
    t.match(res.headers.location, /\?code=[0-9a-f]{64}$/)
  })

  t.test('a replayed callback is refused', async (t) => {
    const { back, cookie } = await throughProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('replay'), email_verified: true })
    t.equal((await callback(app, back, cookie)).statusCode, 302)
    assertError(t, await callback(app, back, cookie), 400, INVALID_TOKEN)
    t.ok((await events('oauth.failed')).some((e) => e.data.reason === 'invalid_state'))
  })

  t.test('an exchange code works once, and not after 2 minutes', async (t) => {
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('code'), email_verified: true })
    const code = location.searchParams.get('code')!
    const [row] = await app.sql`select * from user_tokens where token_hash = ${sha256(code)}`
    t.equal(row.purpose, 'oauth_exchange', 'a one-time token of the account, stored hashed')
    t.ok(row.expires_at.getTime() - row.created_at.getTime() <= 120_000 + 1000, 'for 2 minutes')
    assertIssued(t, await exchange(app, code), USER, 201)
    assertError(t, await exchange(app, code), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')

    const late = await signInAtProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('late'), email_verified: true })
    const lateCode = late.location.searchParams.get('code')!
    await app.sql`update user_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(lateCode)}`
    assertError(t, await exchange(app, lateCode), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
    assertError(t, await exchange(app, 'not a code'), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
    assertError(t, await exchange(app, undefined), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  })

  t.test('an ID token with another nonce is refused', async (t) => {
    const { back, cookie } = await throughProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('nonce'), email_verified: true })
    await app.sql`update oauth_states set nonce = 'a-nonce-this-sign-in-never-sent' where state_hash = ${sha256(back.searchParams.get('state')!)}`
    const res = await callback(app, back, cookie)
    t.equal(res.statusCode, 302)
    t.same(Object.fromEntries(new URL(res.headers.location as string).searchParams), { error: 'invalid_id_token' })
    t.ok((await events('oauth.failed')).some((e) => e.data.reason === 'invalid_id_token' && e.data.detail === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED'),
      'openid-client compared the nonce claim')
  })

  t.test('an ID token the provider issued for another audience is refused', async (t) => {
    const email = uniqueEmail('audience')
    const { back, cookie } = await throughProvider(app, idp, 'test', { sub: subject(), email, email_verified: true })
    idp.nextIdToken((claims) => ({ ...claims, aud: 'another-client', azp: 'another-client' }))
    const res = await callback(app, back, cookie)
    t.same(Object.fromEntries(new URL(res.headers.location as string).searchParams), { error: 'invalid_id_token' })
    t.equal((await app.sql`select * from users where email = ${email}`).length, 0, 'no account')
    t.equal((await events('oauth.failed')).filter((e) => e.data.detail === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED').length, 2, 'openid-client compared the aud claim')
  })

  t.test('an ID token signed with the provider key but unchanged is accepted (the re-signing itself is sound)', async (t) => {
    const { back, cookie } = await throughProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('resigned'), email_verified: true })
    idp.nextIdToken((claims) => claims)
    const res = await callback(app, back, cookie)
    t.match(res.headers.location, /\?code=[0-9a-f]{64}$/)
  })

  t.test('the provider\'s refusal goes back to the app as ?error=', async (t) => {
    idp.denyNext = true
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject() })
    t.same(Object.fromEntries(location.searchParams), { error: 'access_denied' })
  })

  t.test('redirectTo must start with PUBLIC_APP_URL or one of OAUTH_REDIRECT_URLS', async (t) => {
    const [{ before }] = await app.sql`select count(*)::int as before from oauth_states`
    for (const url of ['http://app.test.evil.example/x', 'https://evil.example/?r=http://app.test', 'javascript:alert(1)', 'com.example.app:/oauthx']) {
      const body = assertError(t, await authorize(app, 'test', url), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.match(body.fields, [{ name: 'redirectTo' }], url)
    }
    const [{ after }] = await app.sql`select count(*)::int as after from oauth_states`
    t.equal(after, before, 'nothing stored')
    const { location } = await signInAtProvider(app, idp, 'test', { sub: subject(), email: uniqueEmail('mobile'), email_verified: true },
      'com.example.app:/oauth/done?from=login')
    t.equal(location.protocol, 'com.example.app:', 'a mobile app gets the browser back through its own scheme')
    t.equal(location.searchParams.get('from'), 'login', 'its own parameters are kept')
    t.match(location.searchParams.get('code'), /^[0-9a-f]{64}$/)
  })

  t.test('an unknown provider is 404', async (t) => {
    assertError(t, await authorize(app, 'nope'), 404, 'USER.OAUTH_PROVIDER_NOT_FOUND')
    assertError(t, await app.inject({ method: 'GET', url: '/v1/users/oauth/nope/callback?state=x&code=y' }), 404, 'USER.OAUTH_PROVIDER_NOT_FOUND')
  })

  t.test('the codes and states of the callback never reach a log line', async (t) => {
    const { redactUrl } = await import('../../../plugins/core/logging.js')
    t.equal(redactUrl('/v1/users/oauth/test/callback?code=abc&state=def&iss=x'), '/v1/users/oauth/test/callback?code=[redacted]&state=[redacted]&iss=x')
  })
})
