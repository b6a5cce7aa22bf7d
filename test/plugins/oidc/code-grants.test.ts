import t from 'tap'
import * as oauth from 'oauth4webapi'
import { oidcApp } from '../../helpers/oidc-app.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { CookieJar, USER, authorizeOverHttp, codeClient, relyingParty } from '../../helpers/oidc-flow.js'

const insecure = { [oauth.allowInsecureRequests]: true }
import type { TapTest as Test } from '../../helpers/accounts.js'

/** A provider, an application (public, PKCE only) and a signed-in Latchkey user (no second factor). */
async function setup (t: Test) {
  const { app, origin, issuer } = await oidcApp(t)
  const rp = await relyingParty(t)
  const account = await createTestAccount(app, USER, { isEmailConfirmed: false })
  const { token } = await signIn(app, USER, account)
  const { row } = await codeClient(app, rp, { name: 'Acme SPA', type: 'public' })
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
  const client: oauth.Client = { client_id: row.id }
  /** An authorization through the interaction's routes; its code, and the verifier that goes with it. */
  const authorize = async (extra: Record<string, string> = {}, jar = new CookieJar()) => {
    const verifier = oauth.generateRandomCodeVerifier()
    const state = oauth.generateRandomState()
    const auth = new URL(as.authorization_endpoint!)
    for (const [name, value] of Object.entries({
      client_id: row.id, response_type: 'code', redirect_uri: rp.redirectUri, scope: 'openid email offline_access', state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', prompt: 'consent', ...extra
    })) auth.searchParams.set(name, value)
    const { prompts, callback } = await authorizeOverHttp(origin, auth, token, rp.redirectUri, jar)
    return { prompts, params: oauth.validateAuthResponse(as, client, callback, state), verifier, jar }
  }
  const exchange = (params: URLSearchParams, verifier: string, redirectUri = rp.redirectUri) =>
    oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure)
  const refresh = (refreshToken: string) => oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, insecure)
  const userinfo = (accessToken: string) => oauth.userInfoRequest(as, client, accessToken, insecure)
  return { app, account, token, row, rp, as, client, authorize, exchange, refresh, userinfo }
}

const errorOf = async (res: Response) => ({ status: res.status, error: (await res.json() as { error: string }).error })

t.test('oauth4webapi as a public client with PKCE: tokens, ID token and userinfo; consent remembered in another browser', async (t) => {
  const { account, as, client, authorize, exchange, userinfo } = await setup(t)
  const first = await authorize({ scope: 'openid offline_access' })
  t.same(first.prompts, ['login', 'consent'], 'signed in, then consented')
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(first.params, first.verifier), { requireIdToken: true })
  const claims = oauth.getValidatedIdTokenClaims(tokens)!
  t.equal(claims.sub, account.id)
  t.equal(claims.acr, 'aal1', 'a password alone: aal1')
  t.same(claims.amr, ['pwd'])
  t.ok(tokens.refresh_token, 'a refresh token for offline_access')
  const info = await oauth.processUserInfoResponse(as, client, account.id, await userinfo(tokens.access_token))
  t.same(info, { sub: account.id }, 'no email scope: sub alone')

  // Another browser (no provider session): signing in again, no consent asked (remembered per client and scope).
  const other = await authorize({ prompt: 'login', scope: 'openid offline_access' }, new CookieJar())
  t.same(other.prompts, ['login'], 'only the sign-in')
  t.equal(oauth.getValidatedIdTokenClaims(await oauth.processAuthorizationCodeResponse(as, client,
    await exchange(other.params, other.verifier)))!.sub, account.id)
  // A scope not granted yet is asked for.
  const wider = await authorize({ prompt: 'login', scope: 'openid email offline_access' }, new CookieJar())
  t.same(wider.prompts, ['login', 'consent'], 'a new scope: consent again')
  const widened = await oauth.processAuthorizationCodeResponse(as, client, await exchange(wider.params, wider.verifier))
  t.same(await oauth.processUserInfoResponse(as, client, account.id, await userinfo(widened.access_token)),
    { sub: account.id, email: account.email, email_verified: false }, 'email: the address, not confirmed yet')
})

t.test('the token endpoint: a redirect URI one character off, a missing or a wrong verifier are refused', async (t) => {
  const { as, rp, client, authorize, exchange } = await setup(t)
  const a = await authorize()
  t.same(await errorOf(await exchange(a.params, a.verifier, `${rp.redirectUri}x`)), { status: 400, error: 'invalid_grant' }, 'a redirect URI one character off')
  const b = await authorize()
  t.same(await errorOf(await exchange(b.params, oauth.generateRandomCodeVerifier())), { status: 400, error: 'invalid_grant' }, 'a wrong verifier')
  const c = await authorize()
  const missing = await fetch(as.token_endpoint!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: c.params.get('code')!, redirect_uri: rp.redirectUri, client_id: client.client_id })
  })
  t.same(await errorOf(missing), { status: 400, error: 'invalid_grant' }, 'no verifier')
})

t.test('refresh tokens rotate; reusing a rotated one revokes the whole family', async (t) => {
  const { as, client, authorize, exchange, refresh, userinfo } = await setup(t)
  const a = await authorize()
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(a.params, a.verifier))
  const second = await oauth.processRefreshTokenResponse(as, client, await refresh(tokens.refresh_token!))
  t.not(second.refresh_token, tokens.refresh_token, 'rotated')
  const third = await oauth.processRefreshTokenResponse(as, client, await refresh(second.refresh_token!))
  t.not(third.refresh_token, second.refresh_token, 'rotated again')
  t.equal((await userinfo(third.access_token)).status, 200, 'the newest access token works')

  t.same(await errorOf(await refresh(tokens.refresh_token!)), { status: 400, error: 'invalid_grant' }, 'the first, rotated, is refused')
  t.same(await errorOf(await refresh(third.refresh_token!)), { status: 400, error: 'invalid_grant' }, 'and the newest with it: the family is revoked')
  t.equal((await userinfo(third.access_token)).status, 401, 'so are its access tokens')
})

t.test('a code used twice: refused, and the tokens it gave revoked', async (t) => {
  const { as, client, authorize, exchange, refresh, userinfo } = await setup(t)
  const a = await authorize()
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, await exchange(a.params, a.verifier))
  t.equal((await userinfo(tokens.access_token)).status, 200)
  t.same(await errorOf(await exchange(a.params, a.verifier)), { status: 400, error: 'invalid_grant' }, 'the second use')
  t.equal((await userinfo(tokens.access_token)).status, 401, 'the first use\'s access token is revoked')
  t.same(await errorOf(await refresh(tokens.refresh_token!)), { status: 400, error: 'invalid_grant' }, 'and its refresh token')
})
