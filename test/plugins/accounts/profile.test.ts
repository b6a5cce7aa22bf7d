/**
 * What a profile does beyond its own routes: the access token's `name` and `app` claims
 * (ACCESS_TOKEN_CLAIMS) with the 4 KiB bound, a claimed account emptied of its registrant's
 * profile, and a provider's claims filling only the fields nobody set by hand.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, PASSWORD, assertIssued, authed, createTestAccount, ownerOf, refresh, signIn, uniqueEmail } from '../../helpers/accounts.js'
import { decodeJwt } from '../../helpers/tokens.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { startOidcProvider } from '../../helpers/oidc.js'
import { APP_URL, callbackUrlOf, exchange, providerEnv, signInAtProvider } from '../../helpers/federation.js'

const USER = ACCOUNT_TYPES.user
const ADMIN = ACCOUNT_TYPES.admin

async function setAppMetadata (app: FastifyInstance, userId: string, appMetadata: Record<string, unknown>) {
  const admin = await createTestAccount(app, ADMIN)
  const { token } = await signIn(app, ADMIN, admin)
  const res = await app.inject({ method: 'POST', url: '/v1/admins/updateuser', payload: { userId, appMetadata }, headers: { authorization: `${ADMIN.scheme} ${token}` } })
  if (res.statusCode !== 200) throw new Error(`updateuser answered ${res.statusCode}: ${res.body}`)
}

async function omittedCount (app: FastifyInstance): Promise<number> {
  const metric = await app.metrics!.registry.getSingleMetric('latchkey_access_token_claims_omitted_total')!.get()
  return metric.values.find((v) => v.labels.type === 'user')?.value ?? 0
}

t.test('ACCESS_TOKEN_CLAIMS: the named appMetadata keys ride in the access token as `app`, under 4 KiB', async (t) => {
  const app = await build(t, { env: { ...ENV, ACCESS_TOKEN_CLAIMS: 'plan, tenant,flags', METRICS_PORT: '0' } })

  t.test('login and refresh carry the keys the account has, and only those', async (t) => {
    const user = await createTestAccount(app, USER)
    await setAppMetadata(app, user.id, { plan: 'pro', flags: { beta: true }, secretNote: 'not for tokens' })
    const signed = await signIn(app, USER, user)
    const claims = decodeJwt(signed.token).payload
    t.same(claims.app, { plan: 'pro', flags: { beta: true } }, 'plan and flags, in the configured order; tenant absent; secretNote never')
    const refreshed = await refresh(app, USER, { body: { refreshToken: signed.refreshToken } })
    t.equal(refreshed.statusCode, 200)
    t.same(decodeJwt(refreshed.json().token).payload.app, { plan: 'pro', flags: { beta: true } }, 'the refresh reads them from its row too')
    // A change is in the next token, not the current one.
    await setAppMetadata(app, user.id, { plan: 'free' })
    const again = await refresh(app, USER, { body: { refreshToken: refreshed.json().refreshToken } })
    t.same(decodeJwt(again.json().token).payload.app, { plan: 'free' })
    const none = await createTestAccount(app, USER)
    t.notOk('app' in decodeJwt((await signIn(app, USER, none)).token).payload, 'an account with none of the keys: no app claim')
  })

  t.test('a token that would pass 4 KiB leaves the last keys out, counted; the account still signs in', async (t) => {
    const user = await createTestAccount(app, USER)
    const before = await omittedCount(app)
    // Under the metadata's 4 KiB; plan and tenant together would pass the token's, as would all three.
    await setAppMetadata(app, user.id, { plan: 'x'.repeat(1500), tenant: 'y'.repeat(1500), flags: 'z'.repeat(900) })
    const { token } = await signIn(app, USER, user)
    t.ok(token.length <= 4096, `the token is ${token.length} characters`)
    const claims = decodeJwt(token).payload
    t.same(Object.keys(claims.app), ['plan'], 'flags, then tenant, are left out')
    t.equal(await omittedCount(app) - before, 2, 'two keys counted in latchkey_access_token_claims_omitted_total')
    const me = await authed(app, USER, 'me', token)
    t.equal(me.statusCode, 200, 'the token works')
  })

  t.test('4 KiB of metadata in one key: the name stays, the key goes', async (t) => {
    const user = await createTestAccount(app, USER)
    await setAppMetadata(app, user.id, { plan: 'p'.repeat(4000) })
    await app.sql`update users set name = 'Still Named' where id = ${user.id}`
    const { token } = await signIn(app, USER, user)
    t.ok(token.length <= 4096)
    t.notOk('app' in decodeJwt(token).payload)
    t.equal(decodeJwt(token).payload.name, 'Still Named')
  })
})

t.test('a claimed account keeps nothing of its registrant\'s profile', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, PUBLIC_APP_URL: 'http://app.test' } })
  const email = uniqueEmail('claimed')
  const registered = assertIssued(t, await app.inject({ method: 'POST', url: '/v1/users/register',
    payload: { email, password: PASSWORD, name: 'Not You', picture: 'https://attacker.example/me.png', userMetadata: { planted: true } } }), USER, 201)
  await setAppMetadata(app, registered.user.id, { plan: 'trial' })
  // The verification mail of the registration may come before or after the link's.
  await mail.next(email)
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/requestsigninlink', payload: { email } })).statusCode, 200)
  let link: Awaited<ReturnType<typeof mail.next>> | undefined
  for (let after = 0; !link; after = mail.mails.indexOf(link ?? mail.mails.at(-1)!) + 1) {
    const next = await mail.next(email, { after })
    if (next.subject === 'Your sign-in link') link = next
  }
  const token = linkToken(link, '/sign-in')
  const signedIn = await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } })
  t.equal(signedIn.statusCode, 201, signedIn.body)
  t.match(signedIn.json().user, { name: null, picture: null, userMetadata: {}, appMetadata: { plan: 'trial' } }, 'the registrant\'s profile is gone, the app\'s metadata stays')
  const row = (await ownerOf(app, USER, registered.user.id))!
  t.same(row.profile_edited, [], 'nothing counts as set by hand')
  t.equal(row.profile_updated_at, null)
})

t.test('a provider sign-in fills empty profile fields from its claims, never those set by hand', async (t) => {
  const idp = await startOidcProvider(t, { redirectUris: [callbackUrlOf('test')] })
  const app = await build(t, { env: { ...ENV, OIDC_PROVIDERS: 'test', ...providerEnv('test', idp), PUBLIC_APP_URL: APP_URL } })
  const signInAs = async (person: Parameters<typeof signInAtProvider>[3]) => {
    const { location } = await signInAtProvider(app, idp, 'test', person)
    const res = await exchange(app, location.searchParams.get('code'))
    if (res.statusCode !== 201) throw new Error(`oauthexchange answered ${res.statusCode}: ${res.body}`)
    return res.json()
  }
  const claims = { name: 'Katherine Johnson', given_name: 'Katherine', family_name: 'Johnson', picture: 'https://idp.example/k.png', locale: 'en-US', zoneinfo: 'America/New_York' }

  t.test('a new account takes every valid claim', async (t) => {
    const email = uniqueEmail('provider')
    const body = await signInAs({ sub: `s-${email}`, email, email_verified: true, ...claims })
    t.match(body.user, { name: 'Katherine Johnson', givenName: 'Katherine', familyName: 'Johnson', picture: 'https://idp.example/k.png', locale: 'en-US', zoneinfo: 'America/New_York' })
    t.equal(decodeJwt(body.token).payload.name, 'Katherine Johnson', 'in the access token too')
    const row = (await app.sql`select * from users where email = ${email}`)[0]
    t.same(row.profile_edited, [], 'filled, not set by hand')
    t.ok(row.profile_updated_at)
  })

  t.test('claims that would be refused from a request are skipped', async (t) => {
    const email = uniqueEmail('provider-bad')
    const body = await signInAs({ sub: `s-${email}`, email, email_verified: true, name: 'Ok Name', picture: 'http://idp.example/insecure.png', locale: 'not a tag', zoneinfo: 'Mars/Base', given_name: 'Bad\u0007' })
    t.match(body.user, { name: 'Ok Name', picture: null, locale: null, zoneinfo: null, givenName: null })
  })

  t.test('a field the holder set, or cleared, stays the holder\'s', async (t) => {
    const user = await createTestAccount(app, USER, { isEmailConfirmed: true })
    const { token } = await signIn(app, USER, user)
    const edited = await authed(app, USER, 'updateprofile' as never, token, { body: { name: 'Kathy', picture: null } })
    t.equal(edited.statusCode, 200, edited.body)
    const body = await signInAs({ sub: `s-${user.email}`, email: user.email, email_verified: true, ...claims })
    t.match(body.user, { name: 'Kathy', picture: null, givenName: 'Katherine', familyName: 'Johnson' }, 'name and picture kept, the rest filled')
    // A second sign-in with other claims changes nothing already filled.
    const again = await signInAs({ sub: `s-${user.email}`, email: user.email, email_verified: true, ...claims, given_name: 'Other' })
    t.equal(again.user.givenName, 'Katherine')
  })
})
