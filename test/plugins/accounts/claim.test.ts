/**
 * A claim of a pre-registered account (docs/behaviour.md#unclaimed-accounts) leaves nothing the
 * pre-registrant built: an attacker registers the victim's address, authorizes an application
 * through Latchkey's OpenID provider (openid-client, the interaction pages in Chromium) with
 * offline_access, creates an organization with a second account of its own as admin, an API
 * key, an invitation and a webhook endpoint, and joins another organization. The victim signs
 * in with a mailed link: the provider's refresh and access tokens die, the consent is gone, the
 * organization is deleted (its key with it), the membership elsewhere, the invitation, the key
 * and the endpoint revoked; account.claimed counts them.
 */
import t from 'tap'
import * as client from 'openid-client'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newPage } from '../../helpers/browser.js'
import { assertError, assertIssued, uniqueEmail } from '../../helpers/accounts.js'
import { call } from '../../helpers/factors.js'
import { USER, codeClient, consentOnPage, relyingParty, signInOnPage } from '../../helpers/oidc-flow.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { ROLE_IDS, addMembership, keyCall, newKey, newMember, newOrg, orgCall } from '../../helpers/orgs.js'

const insecure = { execute: [client.allowInsecureRequests] }
const failure = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => err)

t.test('a claimed account keeps none of the pre-registrant\'s provider grants, organizations, memberships, invitations, keys or endpoints', async (t) => {
  const mail = await smtpCatcher(t)
  const { app, issuer } = await oidcApp(t, { WORKER_ENABLED: 'true', SMTP_URL: mail.url, PUBLIC_APP_URL: 'https://app.example.com' })
  const rp = await relyingParty(t)
  const { row, clientSecret } = await codeClient(app, rp)
  const config = await client.discovery(new URL(issuer), row.id, clientSecret!, undefined, insecure)

  // 1. The attacker registers the victim's address (unconfirmed: it cannot read that mailbox).
  const email = uniqueEmail('victim')
  const password = 'the attacker chose this one'
  const registered = assertIssued(t, await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password } }), USER, 201)
  const attacker = { account: { id: registered.user.id, email, password }, token: registered.token }

  // 2. The code flow through Latchkey's provider with offline_access, as a real relying party.
  const { page } = await newPage(t)
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: rp.redirectUri, scope: 'openid email offline_access', state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', prompt: 'consent'
  })
  await page.goto(url.href)
  await signInOnPage(page, attacker.account)
  await consentOnPage(page, 'Acme Notes')
  await page.waitForURL((u) => u.href.startsWith(rp.redirectUri))
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state })
  t.ok(tokens.refresh_token, 'the attacker holds a provider refresh token')
  t.equal((await client.fetchUserInfo(config, tokens.access_token, attacker.account.id)).sub, attacker.account.id)

  // 3. What else the attacker builds under the victim's address.
  const accomplice = await newMember(app)
  const org = await newOrg(app, attacker)
  await addMembership(app, org.id, accomplice.account.id, ROLE_IDS.admin)
  const { key } = await newKey(app, attacker, org.id, ['members:read'])
  t.equal((await keyCall(app, 'listmembers', key, { organizationId: org.id })).statusCode, 200, 'the key works before the claim')
  const invited = await orgCall(app, 'invite', attacker.token, { organizationId: org.id, email: uniqueEmail('invitee'), role: 'member' })
  t.equal(invited.statusCode, 201, 'an invitation is pending')
  const elsewhere = await newOrg(app, accomplice)
  await addMembership(app, elsewhere.id, attacker.account.id, ROLE_IDS.admin)
  const hook = await orgCall(app, 'createwebhook' as never, attacker.token, { organizationId: elsewhere.id, url: 'https://hooks.example.com/in', events: ['*'] })
  t.equal(hook.statusCode, 201, 'an endpoint in the other organization')

  // 4. The victim proves the mailbox with a sign-in link: the account is claimed.
  const after = mail.mails.length
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/requestsigninlink', payload: { email } })).statusCode, 200)
  const token = linkToken(await mail.next(email, { after }), '/sign-in')
  const victim = assertIssued(t, await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } }), USER, 201)

  // 5. Nothing of the attacker's works any more.
  t.match(await failure(client.refreshTokenGrant(config, tokens.refresh_token!)), { error: 'invalid_grant' }, 'the provider refresh token is revoked')
  t.match(await failure(client.fetchUserInfo(config, tokens.access_token, attacker.account.id)), { status: 401 }, 'the provider access token too')
  const apps = await call(app, USER, 'listauthorizedapps', victim.token!)
  t.same(apps.json().apps, [], 'the victim sees no application authorized')
  const [grants] = await app.sql`select count(*)::int as n from oidc_payloads where payload->>'accountId' = ${attacker.account.id}`
  t.equal(grants.n, 0, 'no provider row names the account')

  assertError(t, await orgCall(app, 'get', accomplice.token, { organizationId: org.id }), 404, 'ORG.NOT_FOUND')
  const [deleted] = await app.sql`select deleted_at from organizations where id = ${org.id}`
  t.ok(deleted.deleted_at, 'the organization the attacker created is deleted (softly)')
  assertError(t, await keyCall(app, 'listmembers', key, { organizationId: org.id }), 401, 'UNAUTHORIZED')
  const [keyRow] = await app.sql`select revoked_at from api_keys where created_by = ${attacker.account.id}`
  t.ok(keyRow.revoked_at, 'its API key is revoked')
  const [invitation] = await app.sql`select revoked_at from invitations where invited_by = ${attacker.account.id}`
  t.ok(invitation.revoked_at, 'its invitation is revoked')
  const memberships = await app.sql`select organization_id from memberships where user_id = ${attacker.account.id}`
  t.same([...memberships], [], 'no membership is left, in the other organization either')
  const [endpoint] = await app.sql`select enabled, disabled_at from webhook_endpoints where organization_id = ${elsewhere.id}`
  t.match(endpoint, { enabled: false }, 'the endpoint it created is disabled')
  t.ok(endpoint.disabled_at)

  const [claimed] = await app.sql`select data from audit_events where event = 'account.claimed' and account_id = ${attacker.account.id}`
  t.match(claimed.data, { via: 'link', password: true, grants: 1, organizations: 1, memberships: 1, invitations: 1, apiKeys: 1, webhookEndpoints: 1 },
    'account.claimed counts what was removed')
  t.equal((await call(app, USER, 'me', victim.token!)).statusCode, 200, 'the victim is signed in')
})
