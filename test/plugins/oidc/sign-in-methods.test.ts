import t from 'tap'
import type { FastifyInstance } from 'fastify'
import * as client from 'openid-client'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newPage } from '../../helpers/browser.js'
import { watchPage } from '../../helpers/pages.js'
import { createTestAccount, signIn, uniqueEmail } from '../../helpers/accounts.js'
import { enrolTotp, totpCode } from '../../helpers/factors.js'
import { startOidcProvider } from '../../helpers/oidc.js'
import { providerEnv } from '../../helpers/federation.js'
import { smtpCatcher } from '../../helpers/mail.js'
import { USER, codeClient, consentOnPage, relyingParty } from '../../helpers/oidc-flow.js'

const insecure = { execute: [client.allowInsecureRequests] }

/** An authorization request of `config`'s client (PKCE S256, a state) and what its callback is checked against. */
async function authorization (config: client.Configuration, redirectUri: string) {
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri, scope: 'openid email', state, prompt: 'consent',
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256'
  })
  return { url, check: { pkceCodeVerifier: verifier, expectedState: state } }
}

/** An application (the code flow), and a browser sent by it to the provider's page: what each test starts from. */
async function openAuthorization (t: Parameters<typeof relyingParty>[0] & Parameters<typeof newPage>[0], app: FastifyInstance, issuer: string) {
  const rp = await relyingParty(t)
  const { row, clientSecret } = await codeClient(app, rp)
  const config = await client.discovery(new URL(issuer), row.id, clientSecret!, undefined, insecure)
  const { page } = await newPage(t)
  const watched = watchPage(page)
  const request = await authorization(config, rp.redirectUri)
  await page.goto(request.url.href)
  return { rp, config, page, watched, request }
}

t.test('the provider\'s page signs in with another OpenID provider: out to it, back to the page, on to consent and the application', async (t) => {
  let idp: Awaited<ReturnType<typeof startOidcProvider>> | undefined
  const { app, issuer } = await oidcApp(t, async (origin) => {
    idp = await startOidcProvider(t, { redirectUris: [`${origin}/v1/users/oauth/acme/callback`] })
    return { OIDC_PROVIDERS: 'acme', ...providerEnv('acme', idp) }
  })
  const email = uniqueEmail('oidc-fed')
  idp!.person = { sub: `sub-${Date.now()}`, email, email_verified: true }
  const { rp, config, page, watched, request } = await openAuthorization(t, app, issuer)
  await page.getByRole('button', { name: /^Continue with / }).click()
  // acme signs the person in by itself; the browser comes back to the same interaction page, signed in.
  t.same(await consentOnPage(page, 'Acme Notes'), ['Know who you are (your account id)', 'See your email address'])
  await page.waitForURL((url) => url.href.startsWith(rp.redirectUri))
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), request.check)
  const [user] = await app.sql`select u.id from users u join user_identities i on i.user_id = u.id where u.email = ${email} and i.provider = 'acme'`
  t.ok(user, 'the account made from the provider\'s person')
  const claims = tokens.claims()!
  t.equal(claims.sub, user!.id, 'the ID token is the federated user\'s')
  const [session] = await app.sql`select amr from user_sessions where user_id = ${user!.id} order by created_at desc limit 1`
  t.same(claims.amr, session!.amr, 'amr from the Latchkey session the provider sign-in opened')
  t.same(watched.errors, [], 'no page error')
})

t.test('the provider\'s page signs in with a mailed link (pasted), then the second factor', async (t) => {
  const mail = await smtpCatcher(t)
  const { app, issuer } = await oidcApp(t, { WORKER_ENABLED: 'true', SMTP_URL: mail.url })
  const account = await createTestAccount(app, USER, { isEmailConfirmed: true })
  const { token } = await signIn(app, USER, account)
  const { secret } = await enrolTotp(app, USER, token)
  const { rp, config, page, watched, request } = await openAuthorization(t, app, issuer)
  const after = mail.mails.length
  await page.getByLabel('Or get a sign-in link by email').fill(account.email)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  const sent = await mail.next(account.email, { after })
  const link = /https?:\/\/\S+\/sign-in\?token=[0-9a-f]{64}/.exec(sent.text ?? '')![0]
  await page.getByLabel('The link, or its token').fill(link)
  await page.getByRole('button', { name: 'Sign in with the link' }).click()
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await consentOnPage(page, 'Acme Notes')
  await page.waitForURL((url) => url.href.startsWith(rp.redirectUri))
  const claims = (await client.authorizationCodeGrant(config, new URL(page.url()), request.check)).claims()!
  t.equal(claims.sub, account.id)
  t.same(claims.amr, ['link', 'otp'], 'the link and the code')
  t.equal(claims.acr, 'aal2')
  t.same(watched.errors, [], 'no page error')
})
