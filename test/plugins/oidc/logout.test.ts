import t from 'tap'
import * as client from 'openid-client'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newPage } from '../../helpers/browser.js'
import { createTestAccount, sessionsOf } from '../../helpers/accounts.js'
import { USER, codeClient, consentOnPage, relyingParty, signInOnPage } from '../../helpers/oidc-flow.js'
import { oauthClientAdmin } from '../../../plugins/oidc/client-admin.js'
import { CLI_ACTOR } from '../../../plugins/audit/events.js'

const insecure = { execute: [client.allowInsecureRequests] }

t.test('RP-initiated logout ends the Latchkey session, and the provider posts a back-channel logout to the client', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const rp = await relyingParty(t)
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { row, clientSecret } = await codeClient(app, rp)
  const bye = `${rp.origin}/bye`
  // As updateoauthclient sets them (the admins' route, test/routes/v1/admins/oauthclients.test.ts).
  await oauthClientAdmin(app.sql, false).update({ accountId: null, context: CLI_ACTOR },
    { clientId: row.id, postLogoutRedirectUris: [bye], backchannelLogoutUri: rp.backchannelUri })
  const config = await client.discovery(new URL(issuer), row.id, clientSecret!, undefined, insecure)
  t.equal(config.serverMetadata().backchannel_logout_supported, true, 'discovery says so')

  const { page } = await newPage(t)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  await page.goto(client.buildAuthorizationUrl(config, {
    redirect_uri: rp.redirectUri, scope: 'openid', state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
  }).href)
  await signInOnPage(page, account)
  await consentOnPage(page, 'Acme Notes')
  await page.waitForURL((url) => url.href.startsWith(rp.redirectUri))
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state })
  const { sid } = tokens.claims()!
  t.type(sid, 'string', 'the ID token names the provider session (sid)')
  const live = (await sessionsOf(app, USER, account.id)).filter((s) => !s.revoked_at)
  t.equal(live.length, 1, 'the page\'s sign-in opened one Latchkey session')

  await page.goto(client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: bye, state: 'after' }).href)
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await page.waitForURL((url) => url.href.startsWith(bye))
  t.equal(new URL(page.url()).searchParams.get('state'), 'after', 'back at the post-logout redirect URI with the state')

  t.same((await sessionsOf(app, USER, account.id)).filter((s) => !s.revoked_at), [], 'the Latchkey session is revoked')
  const cookies = await page.context().cookies()
  t.notOk(cookies.some((c) => c.name === USER.cookie && c.value), 'and its cookie cleared')

  t.equal(rp.logoutTokens.length, 1, 'one logout_token posted to the client\'s back-channel URI')
  const { payload, protectedHeader } = await jwtVerify(rp.logoutTokens[0]!, createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!)), {
    issuer, audience: row.id
  })
  t.equal(protectedHeader.alg, 'RS256')
  t.equal(payload.sub, account.id)
  t.equal(payload.sid, sid, 'the session the ID token named')
  t.ok((payload.events as Record<string, unknown>)['http://schemas.openid.net/event/backchannel-logout'], 'the logout event')
  t.equal(payload.nonce, undefined, 'no nonce (OpenID Back-Channel Logout 2.4)')

  // The provider's session is gone too: a new authorization signs in again.
  await page.goto(client.buildAuthorizationUrl(config, {
    redirect_uri: rp.redirectUri, scope: 'openid', state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
  }).href)
  await page.getByRole('heading', { name: 'Sign in to continue to Acme Notes' }).waitFor()
})
