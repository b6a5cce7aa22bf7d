import t from 'tap'
import * as oauth from 'oauth4webapi'
import { oidcApp } from '../../helpers/oidc-app.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { USER, authorizeOverHttp, codeClient, relyingParty } from '../../helpers/oidc-flow.js'

const insecure = { [oauth.allowInsecureRequests]: true }

t.test('the email scope: email and email_verified in the ID token of the code flow and of its refresh, and from userinfo; none without it', async (t) => {
  const { app, origin, issuer } = await oidcApp(t)
  const rp = await relyingParty(t)
  const confirmed = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const unconfirmed = await createTestAccount(app, USER, { isEmailConfirmed: false })
  const { row, clientSecret } = await codeClient(app, rp)
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
  const client: oauth.Client = { client_id: row.id }
  const auth = oauth.ClientSecretBasic(clientSecret!)

  /** The code flow for `account` asking for `scope`, through the interaction's routes: its tokens. */
  const codeFlow = async (account: typeof confirmed, scope: string) => {
    const { token } = await signIn(app, USER, account)
    const verifier = oauth.generateRandomCodeVerifier()
    const state = oauth.generateRandomState()
    const authUrl = new URL(as.authorization_endpoint!)
    for (const [name, value] of Object.entries({
      client_id: row.id, response_type: 'code', redirect_uri: rp.redirectUri, scope, state, prompt: 'consent',
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
    })) authUrl.searchParams.set(name, value)
    const { callback } = await authorizeOverHttp(origin, authUrl, token, rp.redirectUri)
    const params = oauth.validateAuthResponse(as, client, callback, state)
    return await oauth.processAuthorizationCodeResponse(as, client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, rp.redirectUri, verifier, insecure), { requireIdToken: true })
  }
  const userinfo = async (accessToken: string, sub: string) =>
    await oauth.processUserInfoResponse(as, client, sub, await oauth.userInfoRequest(as, client, accessToken, insecure))

  const tokens = await codeFlow(confirmed, 'openid email offline_access')
  t.match(oauth.getValidatedIdTokenClaims(tokens), { sub: confirmed.id, email: confirmed.email, email_verified: true },
    'the ID token of the code flow has the email claims')
  t.same(await userinfo(tokens.access_token, confirmed.id), { sub: confirmed.id, email: confirmed.email, email_verified: true }, 'and userinfo')
  const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure))
  t.match(oauth.getValidatedIdTokenClaims(refreshed), { sub: confirmed.id, email: confirmed.email, email_verified: true }, 'and the refresh\'s ID token')

  const notYet = await codeFlow(unconfirmed, 'openid email')
  t.match(oauth.getValidatedIdTokenClaims(notYet), { sub: unconfirmed.id, email: unconfirmed.email, email_verified: false },
    'an address not confirmed is email_verified: false')

  const bare = await codeFlow(confirmed, 'openid')
  const claims = oauth.getValidatedIdTokenClaims(bare)!
  t.equal(claims.sub, confirmed.id)
  t.notOk('email' in claims || 'email_verified' in claims, 'without the email scope: neither claim in the ID token')
  t.same(await userinfo(bare.access_token, confirmed.id), { sub: confirmed.id }, 'nor from userinfo')
})
