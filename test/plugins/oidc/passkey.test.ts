import t from 'tap'
import * as client from 'openid-client'
import { build } from '../../helpers/app.js'
import { ENV, createTestAccount, signIn } from '../../helpers/accounts.js'
import { SECRETS } from '../../helpers/client.js'
import { passkeyPage, registerPasskey } from '../../helpers/passkeys.js'
import { watchPage } from '../../helpers/pages.js'
import { USER, codeClient, consentOnPage, relyingParty } from '../../helpers/oidc-flow.js'
import { freePort } from '../../../db/embedded.js'

t.test('a passkey on the provider\'s page: one step, aal2, amr webauthn in the ID token', async (t) => {
  // WebAuthn needs a host name (RP ID localhost), not 127.0.0.1: the provider is on localhost here.
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const app = await build(t, { env: { ...ENV, ...SECRETS, PUBLIC_URL: origin, OIDC_PROVIDER_ENABLED: 'true', WEBAUTHN_ORIGINS: origin } })
  await app.listen({ port, host: '127.0.0.1' })
  const rp = await relyingParty(t)
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)
  const { page } = await passkeyPage(t, origin)
  const watched = watchPage(page)
  t.equal((await registerPasskey(page, USER, token)).status, 200, 'a passkey registered in the virtual authenticator')

  const { row, clientSecret } = await codeClient(app, rp)
  const config = await client.discovery(new URL(`${origin}/oidc`), row.id, clientSecret!, undefined, { execute: [client.allowInsecureRequests] })
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  await page.goto(client.buildAuthorizationUrl(config, {
    redirect_uri: rp.redirectUri, scope: 'openid email', state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
  }).href)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await consentOnPage(page, 'Acme Notes')
  await page.waitForURL((url) => url.href.startsWith(rp.redirectUri))
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state })
  const claims = tokens.claims()!
  t.equal(claims.sub, account.id)
  t.equal(claims.acr, 'aal2', 'a passkey that verified its user: aal2')
  t.same(claims.amr, ['webauthn'])
  t.same(watched.errors, [], 'no CSP refusal nor uncaught error')
})
