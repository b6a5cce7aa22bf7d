import t from 'tap'
import * as client from 'openid-client'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newPage } from '../../helpers/browser.js'
import { watchPage } from '../../helpers/pages.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { enrolTotp, call } from '../../helpers/factors.js'
import { USER, codeClient, consentOnPage, relyingParty, signInOnPage } from '../../helpers/oidc-flow.js'

const insecure = { execute: [client.allowInsecureRequests] }
/** What `promise` was rejected with (null when it resolved). */
const failure = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => err)

/** An authorization request of `config`'s client with PKCE S256 and a state; what the callback is checked against. */
async function authorization (config: client.Configuration, redirectUri: string, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri, scope: 'openid email offline_access', state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...extra
  })
  return { url, check: { pkceCodeVerifier: verifier, expectedState: state } }
}

t.test('openid-client through the code flow in Chromium: Latchkey sign-in with TOTP, consent, ID token and userinfo; consent remembered, then withdrawn', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const rp = await relyingParty(t)
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)
  const { secret } = await enrolTotp(app, USER, token)
  const { row, clientSecret } = await codeClient(app, rp)
  const config = await client.discovery(new URL(issuer), row.id, clientSecret!, undefined, insecure)

  const { page } = await newPage(t)
  const watched = watchPage(page)
  const first = await authorization(config, rp.redirectUri, { prompt: 'consent' })
  const interaction = page.waitForResponse((res) => /\/oidc\/interaction\/[^/]+$/.test(new URL(res.url()).pathname))
  await page.goto(first.url.href)
  const pageResponse = await interaction
  t.match(pageResponse.headers()['content-security-policy'], /script-src 'self'/, 'the page is served under the strict CSP')
  t.match(new URL(page.url()).pathname, /^\/oidc\/interaction\/[\w-]+$/, 'the provider sent the browser to Latchkey\'s page')
  await page.getByRole('heading', { name: 'Sign in to continue to Acme Notes' }).waitFor()
  await signInOnPage(page, account, secret)
  const scopes = await consentOnPage(page, 'Acme Notes')
  t.same(scopes, ['Know who you are (your account id)', 'See your email address', 'Stay signed in when you are away'])
  await page.waitForURL((url) => url.href.startsWith(rp.redirectUri))
  t.equal(rp.callbacks.length, 1, 'back at the application\'s redirect URI')

  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), first.check)
  const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { alg: string }
  t.equal(header.alg, 'RS256', 'the ID token is RS256')
  const claims = tokens.claims()!
  t.equal(claims.sub, account.id, 'sub is the Latchkey user')
  t.equal(claims.iss, issuer)
  t.equal(claims.aud, row.id)
  t.equal(claims.acr, 'aal2', 'acr from the session\'s aal')
  t.same(claims.amr, ['pwd', 'otp'], 'amr from the session\'s')
  t.equal(claims.email, account.email, 'the email scope: email in the ID token, as the docs say')
  t.equal(claims.email_verified, true)
  t.ok(tokens.refresh_token, 'offline_access: a refresh token')
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, account.id)
  t.same(userinfo, { sub: account.id, email: account.email, email_verified: true }, 'userinfo: sub, email, email_verified')

  const listed = await call(app, USER, 'listauthorizedapps', token)
  t.equal(listed.statusCode, 200)
  t.match(listed.json().apps, [{ clientId: row.id, name: 'Acme Notes', scopes: ['openid', 'email', 'offline_access'] }])
  t.equal(listed.json().apps.length, 1)

  // Again in the same browser: signed in at the provider and consented: straight back with a code.
  const second = await authorization(config, rp.redirectUri)
  await page.goto(second.url.href)
  await page.waitForURL((url) => url.href.startsWith(rp.redirectUri))
  const again = await client.authorizationCodeGrant(config, new URL(page.url()), second.check)
  t.equal(again.claims()!.sub, account.id, 'no sign-in nor consent asked again')

  // Withdrawn: the tokens stop working and the next authorization asks for consent again.
  const revoked = await call(app, USER, 'revokeauthorizedapp', token, { clientId: row.id })
  t.equal(revoked.statusCode, 200)
  t.equal(revoked.json().revoked, 1)
  t.same((await call(app, USER, 'listauthorizedapps', token)).json().apps, [])
  t.match(await failure(client.refreshTokenGrant(config, tokens.refresh_token!)), { error: 'invalid_grant' }, 'its refresh token is revoked')
  t.match(await failure(client.fetchUserInfo(config, again.access_token, account.id)), { status: 401 }, 'its access token too')
  const third = await authorization(config, rp.redirectUri)
  await page.goto(third.url.href)
  await consentOnPage(page, 'Acme Notes')
  await page.waitForURL((url) => url.href.startsWith(rp.redirectUri))
  const after = await client.authorizationCodeGrant(config, new URL(page.url()), third.check)
  t.equal(after.claims()!.sub, account.id, 'consented again')
  t.same(watched.errors, [], 'no CSP refusal nor uncaught error on the page')
})
