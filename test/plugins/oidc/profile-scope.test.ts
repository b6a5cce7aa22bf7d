import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import * as client from 'openid-client'
import * as oauth from 'oauth4webapi'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newPage } from '../../helpers/browser.js'
import { watchPage } from '../../helpers/pages.js'
import { authed, createTestAccount, ownerOf, signIn, type TestAccount } from '../../helpers/accounts.js'
import { USER, authorizeOverHttp, codeClient, consentOnPage, relyingParty, signInOnPage } from '../../helpers/oidc-flow.js'
import { createOauthClient } from '../../../plugins/oidc/clients.js'

const insecure = { execute: [client.allowInsecureRequests] }
const PROFILE = {
  name: 'Ada Lovelace', givenName: 'Ada', familyName: 'Lovelace', picture: 'https://example.com/ada.png', locale: 'en-GB', zoneinfo: 'Europe/London'
}
/** What the profile scope releases besides preferred_username, which every account has (its address). */
const PROFILE_FIELD_CLAIMS = ['name', 'given_name', 'family_name', 'picture', 'locale', 'zoneinfo', 'updated_at']
// The profile's time, pinned away from the account's updated_at (which every sign-in moves), and its seconds.
const PROFILE_TIME = '2024-01-02T03:04:05Z'
const PROFILE_SECONDS = 1704164645

/** A user with a confirmed address; with `profile`, set as they set it (POST /v1/users/updateprofile), its time then pinned at PROFILE_TIME. */
async function user (app: FastifyInstance, profile?: Record<string, string>): Promise<TestAccount & { token: string }> {
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)
  if (profile) {
    const res = await authed(app, USER, 'updateprofile' as never, token, { body: profile })
    if (res.statusCode !== 200) throw new Error(`updateprofile answered ${res.statusCode}: ${res.body}`)
    if (!(await ownerOf(app, USER, account.id))!.profile_updated_at) throw new Error('updateprofile left profile_updated_at unset')
    await app.sql`update users set profile_updated_at = ${PROFILE_TIME} where id = ${account.id}`
  }
  return { ...account, token }
}

/** Every claim of `openid profile email` about a user with PROFILE (userinfo's answer in full; the ID token has these among its own). */
const profileClaims = (account: TestAccount) => ({
  sub: account.id,
  name: 'Ada Lovelace',
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://example.com/ada.png',
  locale: 'en-GB',
  zoneinfo: 'Europe/London',
  updated_at: PROFILE_SECONDS,
  preferred_username: account.email,
  email: account.email,
  email_verified: true
})

/** Which of `names` are claims in `claims` (a null or "" claim counts: it should not be there at all). */
const present = (claims: Record<string, unknown>, names: string[]) => names.filter((name) => name in claims)

t.test('openid-client asking for openid profile email: the profile and email claims in the ID token and from userinfo; absent when unset; none for a client without profile', async (t) => {
  const { app, origin, issuer } = await oidcApp(t)
  const rp = await relyingParty(t)
  const { row, clientSecret } = await codeClient(app, rp, { grantTypes: ['authorization_code'], scopes: ['openid', 'profile', 'email'] })
  const config = await client.discovery(new URL(issuer), row.id, clientSecret!, undefined, insecure)

  /** The code flow of `config`'s client for `account`, through the interaction's routes: the callback, and the tokens once exchanged. */
  const codeFlow = async (config: client.Configuration, account: { token: string }, scope: string) => {
    const verifier = client.randomPKCECodeVerifier()
    const state = client.randomState()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: rp.redirectUri, scope, state, prompt: 'consent',
      code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
    })
    const { callback, consented } = await authorizeOverHttp(origin, url, account.token, rp.redirectUri)
    return { callback, consented, tokens: () => client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }) }
  }

  const ada = await user(app, PROFILE)
  const flow = await codeFlow(config, ada, 'openid profile email')
  t.same(flow.consented, [['openid', 'profile', 'email']], 'the user consents to profile, an OpenID scope (not a permission)')
  const tokens = await flow.tokens()
  t.equal(tokens.scope, 'openid profile email', 'granted')
  const claims = tokens.claims()!
  t.match(claims, profileClaims(ada), 'the ID token has every profile claim and the email claims')
  t.equal(claims.updated_at, PROFILE_SECONDS, 'updated_at: seconds since the epoch of the profile\'s last change, not of the account\'s')
  t.same(await client.fetchUserInfo(config, tokens.access_token, ada.id), profileClaims(ada), 'userinfo: the same claims')

  const bare = await user(app)
  const bareTokens = await (await codeFlow(config, bare, 'openid profile email')).tokens()
  const bareClaims = bareTokens.claims()!
  t.same(present(bareClaims, PROFILE_FIELD_CLAIMS), [], 'no profile: no name, picture... nor updated_at in the ID token (neither null nor "")')
  t.match(bareClaims, { sub: bare.id, preferred_username: bare.email, email: bare.email, email_verified: true }, 'its address still')
  t.same(await client.fetchUserInfo(config, bareTokens.access_token, bare.id),
    { sub: bare.id, preferred_username: bare.email, email: bare.email, email_verified: true }, 'userinfo: the same, nothing else')

  // Part of a profile: the fields set, and updated_at; the others absent.
  const grace = await user(app, { name: 'Grace Hopper', zoneinfo: '' })
  const graceTokens = await (await codeFlow(config, grace, 'openid profile')).tokens()
  t.same(await client.fetchUserInfo(config, graceTokens.access_token, grace.id),
    { sub: grace.id, name: 'Grace Hopper', updated_at: PROFILE_SECONDS, preferred_username: grace.email }, 'only the fields set, without the email scope no address')
  t.same(present(graceTokens.claims()!, [...PROFILE_FIELD_CLAIMS, 'email']), ['name', 'updated_at'], 'the ID token too')

  // A client asking for email only gets no profile claim, and a client not registered with profile may not ask for it.
  const emailOnly = await (await codeFlow(config, ada, 'openid email')).tokens()
  t.same(present(emailOnly.claims()!, [...PROFILE_FIELD_CLAIMS, 'preferred_username']), [], 'openid email: no profile claim in the ID token')
  t.same(await client.fetchUserInfo(config, emailOnly.access_token, ada.id), { sub: ada.id, email: ada.email, email_verified: true }, 'nor from userinfo')
  const other = await codeClient(app, rp, { grantTypes: ['authorization_code'], scopes: ['openid', 'email'] })
  const otherConfig = await client.discovery(new URL(issuer), other.row.id, other.clientSecret!, undefined, insecure)
  const refused = await codeFlow(otherConfig, ada, 'openid profile email')
  t.equal(refused.callback.searchParams.get('error'), 'invalid_scope', 'a client registered without profile: asking for it is invalid_scope')
  const otherTokens = await (await codeFlow(otherConfig, ada, 'openid email')).tokens()
  t.same(present(otherTokens.claims()!, [...PROFILE_FIELD_CLAIMS, 'preferred_username']), [], 'and its ID token has no profile claim')
  t.same(await client.fetchUserInfo(otherConfig, otherTokens.access_token, ada.id), { sub: ada.id, email: ada.email, email_verified: true })
})

t.test('oauth4webapi as the relying party: the profile claims in the ID token of the code flow and of its refresh, and from userinfo', async (t) => {
  const { app, origin, issuer } = await oidcApp(t)
  const rp = await relyingParty(t)
  const { row, clientSecret } = await codeClient(app, rp, { scopes: ['openid', 'profile', 'email', 'offline_access'] })
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { [oauth.allowInsecureRequests]: true, algorithm: 'oidc' }))
  const rpClient: oauth.Client = { client_id: row.id }
  const auth = oauth.ClientSecretBasic(clientSecret!)
  const options = { [oauth.allowInsecureRequests]: true }
  const ada = await user(app, PROFILE)

  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const authUrl = new URL(as.authorization_endpoint!)
  authUrl.search = new URLSearchParams({
    client_id: row.id, response_type: 'code', redirect_uri: rp.redirectUri, scope: 'openid profile email offline_access', state, prompt: 'consent',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
  }).toString()
  const { callback } = await authorizeOverHttp(origin, authUrl, ada.token, rp.redirectUri)
  const params = oauth.validateAuthResponse(as, rpClient, callback, state)
  const tokens = await oauth.processAuthorizationCodeResponse(as, rpClient,
    await oauth.authorizationCodeGrantRequest(as, rpClient, auth, params, rp.redirectUri, verifier, options), { requireIdToken: true })
  t.match(oauth.getValidatedIdTokenClaims(tokens), profileClaims(ada), 'the ID token has the profile and email claims')
  t.same(await oauth.processUserInfoResponse(as, rpClient, ada.id, await oauth.userInfoRequest(as, rpClient, tokens.access_token, options)),
    profileClaims(ada), 'userinfo too')

  // The profile changed since: the refresh's ID token has the new one.
  await authed(app, USER, 'updateprofile' as never, ada.token, { body: { name: 'Augusta Ada King', picture: null } })
  const [{ seconds }] = await app.sql<[{ seconds: number }]>`select floor(extract(epoch from profile_updated_at))::int as seconds from users where id = ${ada.id}`
  t.ok(seconds > PROFILE_SECONDS, 'the change moved profile_updated_at')
  const refreshed = await oauth.processRefreshTokenResponse(as, rpClient,
    await oauth.refreshTokenGrantRequest(as, rpClient, auth, tokens.refresh_token!, options))
  const claims = oauth.getValidatedIdTokenClaims(refreshed)!
  t.match(claims, { sub: ada.id, name: 'Augusta Ada King', given_name: 'Ada', updated_at: seconds, email: ada.email }, 'the refresh\'s ID token: the profile as it is now')
  t.notOk('picture' in claims, 'the picture cleared: no picture claim')
})

/** The user an Auth.js application makes of a profile (@auth/core's defaultProfile): what it shows and stores. */
interface AuthJsUser { id: string, name?: unknown, email?: unknown, image?: unknown }

/**
 * An application signing in with Latchkey as Auth.js (@auth/core) does with an OIDC provider it
 * is given only the issuer, id and secret of: scope `openid profile email` (its default), PKCE
 * S256 as its only check (no state, no nonce), the code exchanged with client_secret_basic through
 * oauth4webapi, and the user read from the ID token's claims alone (its `idToken: true` default: no
 * userinfo request), mapped as its defaultProfile maps them. Its routes are Auth.js's
 * (/api/auth/signin/latchkey, /api/auth/callback/latchkey); it records every request it makes.
 */
async function authJsApp (t: Parameters<typeof relyingParty>[0], issuer: string) {
  const app = { origin: '', callbackUrl: '', clientId: '', clientSecret: '', fetched: [] as string[], users: [] as AuthJsUser[], idTokens: [] as string[] }
  const options = {
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: async (url: string, init: RequestInit) => { app.fetched.push(url); return await fetch(url, init) }
  }
  const discover = async () => {
    const url = new URL(issuer)
    return await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, options))
  }
  const signIn = async (): Promise<{ location: string, cookie: string }> => {
    const as = await discover()
    const verifier = oauth.generateRandomCodeVerifier()
    const url = new URL(as.authorization_endpoint!)
    url.search = new URLSearchParams({
      response_type: 'code', client_id: app.clientId, redirect_uri: app.callbackUrl, scope: 'openid profile email',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
    }).toString()
    return { location: url.href, cookie: `authjs.pkce.code_verifier=${verifier}; Path=/; HttpOnly; SameSite=Lax` }
  }
  const callback = async (url: URL, cookies: string): Promise<AuthJsUser> => {
    const verifier = /(?:^|; )authjs\.pkce\.code_verifier=([^;]+)/.exec(cookies)?.[1]
    if (!verifier) throw new Error('no PKCE verifier cookie')
    const as = await discover()
    const rpClient: oauth.Client = { client_id: app.clientId }
    const params = oauth.validateAuthResponse(as, rpClient, url, oauth.skipStateCheck)
    const response = await oauth.authorizationCodeGrantRequest(as, rpClient, oauth.ClientSecretBasic(app.clientSecret), params, app.callbackUrl, verifier, options)
    const tokens = await oauth.processAuthorizationCodeResponse(as, rpClient, response, { requireIdToken: true })
    app.idTokens.push(tokens.id_token!)
    const profile = oauth.getValidatedIdTokenClaims(tokens)!
    return { id: profile.sub, name: profile.name ?? profile.nickname ?? profile.preferred_username, email: profile.email, image: profile.picture }
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', app.origin)
    const fail = (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err))
    if (url.pathname === '/api/auth/signin/latchkey') {
      signIn().then(({ location, cookie }) => res.writeHead(302, { location, 'set-cookie': cookie }).end(), fail)
      return
    }
    if (url.pathname === '/api/auth/callback/latchkey') {
      callback(url, req.headers.cookie ?? '').then((user) => {
        app.users.push(user)
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Notes</title><p id="who">Signed in as ${String(user.name)} (${String(user.email)})</p>`)
      }, fail)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  app.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  app.callbackUrl = `${app.origin}/api/auth/callback/latchkey`
  t.teardown(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }))
  return app
}

t.test('an Auth.js-style client registration with openid profile email completes the code flow in Chromium and reads name and email from the ID token alone', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const rp = await authJsApp(t, issuer)
  // Registered as Auth.js's docs have it: a confidential client (client_secret_basic), the code grant, its callback URL.
  const { row, clientSecret } = await createOauthClient(app.sql, {
    name: 'Notes', type: 'confidential', redirectUris: [rp.callbackUrl], grantTypes: ['authorization_code'],
    scopes: ['openid', 'profile', 'email'], organizationId: null
  })
  rp.clientId = row.id
  rp.clientSecret = clientSecret!
  const ada = await user(app, PROFILE)

  const { page } = await newPage(t)
  const watched = watchPage(page)
  await page.goto(`${rp.origin}/api/auth/signin/latchkey`)
  await page.getByRole('heading', { name: 'Sign in to continue to Notes' }).waitFor()
  await signInOnPage(page, ada)
  const listed = await consentOnPage(page, 'Notes')
  t.equal(listed.length, 3, 'the consent lists openid, profile and email')
  await page.waitForURL((url) => url.href.startsWith(rp.callbackUrl))
  t.equal(await page.locator('#who').textContent(), `Signed in as Ada Lovelace (${ada.email})`, 'the application shows the name and address')

  t.same(rp.users, [{ id: ada.id, name: 'Ada Lovelace', email: ada.email, image: 'https://example.com/ada.png' }],
    'the user it made: the name from the name claim (not the preferred_username fallback), the email, the picture')
  const discovery = `${issuer}/.well-known/openid-configuration`
  t.same(rp.fetched, [discovery, discovery, `${issuer}/token`], 'it asked discovery and the token endpoint only: no userinfo')
  // The ID token it read is the provider's, signed.
  const { payload } = await jwtVerify(rp.idTokens[0]!, createRemoteJWKSet(new URL(`${issuer}/jwks`)), { issuer, audience: row.id })
  t.match(payload, { sub: ada.id, name: 'Ada Lovelace', email: ada.email, email_verified: true, preferred_username: ada.email })
  t.same(watched.errors, [], 'no page error')
})
