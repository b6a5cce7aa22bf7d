import t from 'tap'
import * as oauth from 'oauth4webapi'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newPage } from '../../helpers/browser.js'
import { newMember, newOrg } from '../../helpers/orgs.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { call } from '../../helpers/factors.js'
import { CookieJar, USER, authorizeOverHttp, codeClient, consentOnPage, relyingParty, signInOnPage } from '../../helpers/oidc-flow.js'
import { createOauthClient } from '../../../plugins/oidc/clients.js'
import { nameOf, oidcPayloads } from '../../../db/schema.js'
import type { TapTest as Test } from '../../helpers/accounts.js'

const insecure = { [oauth.allowInsecureRequests]: true }
const API = 'https://api.example.com/'
const ASKED = 'openid offline_access members:remove'
const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code'
const scopes = (scope: unknown) => String(scope ?? '').split(' ').filter(Boolean).sort()

/**
 * An organization's client that signs users in and acts for its organization too (code flow,
 * refresh and client_credentials), registered with the permission `members:remove`; a user who
 * is no member of the organization (they hold no permission in it), signed in to Latchkey.
 */
async function setup (t: Test, env: Record<string, string> = {}) {
  const { app, origin, issuer } = await oidcApp(t, env)
  const rp = await relyingParty(t)
  const org = await newOrg(app, await newMember(app))
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)
  const { row, clientSecret } = await codeClient(app, rp, {
    grantTypes: ['authorization_code', 'refresh_token', 'client_credentials'], scopes: ['openid', 'offline_access', 'members:remove'], organizationId: org.id
  })
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
  const client: oauth.Client = { client_id: row.id }
  const auth = oauth.ClientSecretBasic(clientSecret!)
  const more = (resource?: string) => ({ ...insecure, ...resource ? { additionalParameters: { resource } } : {} })
  /** An authorization asking for `ASKED` through the interaction's routes, then its code exchanged. */
  const authorize = async (extra: Record<string, string> = {}, jar = new CookieJar()) => {
    const verifier = oauth.generateRandomCodeVerifier()
    const state = oauth.generateRandomState()
    const authUrl = new URL(as.authorization_endpoint!)
    for (const [name, value] of Object.entries({
      client_id: row.id, response_type: 'code', redirect_uri: rp.redirectUri, scope: ASKED, state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...extra
    })) authUrl.searchParams.set(name, value)
    const { prompts, consented, callback } = await authorizeOverHttp(origin, authUrl, token, rp.redirectUri, jar)
    const params = oauth.validateAuthResponse(as, client, callback, state)
    const tokens = await oauth.processAuthorizationCodeResponse(as, client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, rp.redirectUri, verifier, more(extra.resource)))
    return { prompts, consented, tokens, jar }
  }
  const refresh = async (refreshToken: string, resource?: string) =>
    await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, more(resource)))
  const introspect = async (value: string) =>
    await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, value, insecure))
  return { app, org, account, token, row, as, client, auth, authorize, refresh, introspect }
}

t.test('the code flow: a user asking for a permission scope the client holds is granted none, at consent, in the token response, the access token and its refreshes; the client\'s client_credentials token keeps it', async (t) => {
  const { app, org, account, token, row, as, client, auth, authorize, refresh, introspect } = await setup(t)
  const first = await authorize({ prompt: 'consent' })
  t.same(first.prompts, ['login', 'consent'])
  t.same(first.consented, [['openid', 'offline_access']], 'the consent page offers no permission')
  t.same(scopes(first.tokens.scope), ['offline_access', 'openid'], 'the token response\'s scope: no members:remove')
  const at = await introspect(first.tokens.access_token)
  t.equal(at.active, true)
  t.equal(at.sub, account.id, 'the user\'s token')
  t.same(scopes(at.scope), ['offline_access', 'openid'], 'the access token\'s scope (introspection): no members:remove')
  t.equal(at.org, undefined, 'no organization on a user\'s token')
  t.same(scopes((await introspect(first.tokens.refresh_token!)).scope), ['offline_access', 'openid'], 'nor the refresh token\'s')

  const refreshed = await refresh(first.tokens.refresh_token!)
  t.same(scopes(refreshed.scope), ['offline_access', 'openid'], 'the refresh\'s response: no members:remove')
  t.same(scopes((await introspect(refreshed.access_token)).scope), ['offline_access', 'openid'], 'nor its access token')
  t.same(scopes((await introspect(refreshed.refresh_token!)).scope), ['offline_access', 'openid'], 'nor its refresh token')
  const asked = await oauth.refreshTokenGrantRequest(as, client, auth, refreshed.refresh_token!, { ...insecure, additionalParameters: { scope: 'members:remove' } })
  t.equal(asked.status, 400, 'a refresh asking for the permission by name is refused')
  t.equal((await asked.json() as { error: string }).error, 'invalid_scope')

  const apps = (await call(app, USER, 'listauthorizedapps', token)).json().apps as Array<{ scopes: string[] }>
  t.same(apps.map((a) => a.scopes.sort()), [['offline_access', 'openid']], 'the grant itself holds no permission')

  // Again, same browser: the refused permission is not asked about a second time, and still not given.
  const again = await authorize({}, first.jar)
  t.same(again.prompts, [], 'neither sign-in nor consent again')
  t.same(scopes(again.tokens.scope), ['openid'], 'no members:remove (offline_access needs prompt=consent)')

  // The same client's machine token, for its organization: the permission it was registered with.
  const machine = await oauth.processClientCredentialsResponse(as, client,
    await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams({ scope: 'members:remove' }), insecure))
  t.equal(machine.scope, 'members:remove', 'client_credentials: the permission scope')
  const mi = await introspect(machine.access_token)
  t.equal(mi.scope, 'members:remove')
  t.same(mi.org, { id: org.id, permissions: ['members:remove'] }, 'and the organization\'s permissions')
  t.equal(mi.client_id, row.id)
})

t.test('resource indicators: a user\'s JWT access token for an API carries no permission scope, nor does its refresh', async (t) => {
  const { as, authorize, refresh } = await setup(t, { OIDC_RESOURCE_SERVERS: API })
  const verify = async (value: string) =>
    (await jwtVerify(value, createRemoteJWKSet(new URL(as.jwks_uri!)), { issuer: as.issuer, audience: API, typ: 'at+jwt' })).payload
  const first = await authorize({ prompt: 'consent', resource: API })
  t.same(first.consented, [['openid', 'offline_access']], 'the consent page offers no permission for the API either')
  const payload = await verify(first.tokens.access_token)
  t.notOk(scopes(payload.scope).includes('members:remove'), `the JWT's scope: ${String(payload.scope)}`)
  t.notOk(scopes(first.tokens.scope).includes('members:remove'), 'nor the token response\'s')
  const refreshed = await refresh(first.tokens.refresh_token!, API)
  t.notOk(scopes((await verify(refreshed.access_token)).scope).includes('members:remove'), 'nor the refreshed JWT\'s')
})

t.test('a grant and a refresh token stored with a permission scope (issued before the rule) give it to no new token', async (t) => {
  const { app, authorize, refresh, introspect } = await setup(t)
  const first = await authorize({ prompt: 'consent' })
  // What the provider stored before the rule: the permission in the grant and in the tokens issued under it.
  await app.sql.unsafe(`update ${nameOf(oidcPayloads)} set payload = jsonb_set(payload, '{openid,scope}', to_jsonb($1::text))
    where kind = 'Grant'`, [ASKED])
  await app.sql.unsafe(`update ${nameOf(oidcPayloads)} set payload = jsonb_set(payload, '{scope}', to_jsonb($1::text))
    where kind in ('AccessToken', 'RefreshToken')`, [ASKED])
  t.same(scopes((await introspect(first.tokens.access_token)).scope), ['offline_access', 'openid'], 'the stored access token is read without it')
  const refreshed = await refresh(first.tokens.refresh_token!)
  t.same(scopes(refreshed.scope), ['offline_access', 'openid'], 'the refresh\'s response')
  t.same(scopes((await introspect(refreshed.access_token)).scope), ['offline_access', 'openid'], 'its access token')
  t.same(scopes((await introspect(refreshed.refresh_token!)).scope), ['offline_access', 'openid'], 'its refresh token')
  const again = await authorize({ prompt: 'consent' }, first.jar)
  t.same(again.consented, [[]], 'the permission is not offered at consent')
  t.same(scopes(again.tokens.scope), ['offline_access', 'openid'], 'a new authorization under that grant')
})

t.test('a remembered consent is not asked again when the application adds a permission scope to its request', async (t) => {
  const { authorize } = await setup(t)
  const first = await authorize({ prompt: 'consent', scope: 'openid offline_access' })
  t.same(first.prompts, ['login', 'consent'])
  const again = await authorize({}, first.jar)
  t.same(again.prompts, [], 'no consent step: the permission is refused, not asked about')
  t.same(scopes(again.tokens.scope), ['openid'], 'and not given')
})

t.test('the device flow: a user approving a device that asks for a permission scope grants none', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { row } = await createOauthClient(app.sql, {
    name: 'Acme TV', type: 'public', redirectUris: [], grantTypes: [DEVICE_CODE, 'refresh_token'], scopes: ['openid', 'offline_access', 'members:remove'], organizationId: null
  })
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
  const client: oauth.Client = { client_id: row.id }
  const device = await oauth.processDeviceAuthorizationResponse(as, client,
    await oauth.deviceAuthorizationRequest(as, client, oauth.None(), new URLSearchParams({ scope: ASKED }), insecure))

  const { page } = await newPage(t)
  await page.goto(device.verification_uri)
  await page.getByLabel('Code').fill(device.user_code)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: 'Connect Acme TV?' }).waitFor()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('heading', { name: 'Sign in to continue to Acme TV' }).waitFor()
  await signInOnPage(page, account)
  const listed = await consentOnPage(page, 'Acme TV')
  t.notOk(listed.some((item) => item.includes('members:remove')), `the consent page offers no permission: ${listed.join('; ')}`)
  await page.getByRole('heading', { name: 'Device connected' }).waitFor()

  const tokens = await oauth.processDeviceCodeResponse(as, client, await oauth.deviceCodeGrantRequest(as, client, oauth.None(), device.device_code, insecure))
  t.same(scopes(tokens.scope), ['offline_access', 'openid'], 'the token response\'s scope: no members:remove')
  t.ok(tokens.refresh_token, 'offline_access: a refresh token')
  const refreshed = await oauth.processRefreshTokenResponse(as, client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure))
  t.same(scopes(refreshed.scope), ['offline_access', 'openid'], 'nor the refresh\'s')
  const [stored] = await app.sql.unsafe<Array<{ scope: string }>>(`select payload->>'scope' as scope from ${nameOf(oidcPayloads)}
    where kind = 'AccessToken' and id = $1`, [refreshed.access_token])
  t.same(scopes(stored!.scope), ['offline_access', 'openid'], 'nor the stored access token (a public client cannot introspect)')
})
