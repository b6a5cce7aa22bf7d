import t from 'tap'
import * as oauth from 'oauth4webapi'
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newMember, newOrg } from '../../helpers/orgs.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { USER, authorizeOverHttp, codeClient, relyingParty } from '../../helpers/oidc-flow.js'
import { createOauthClient } from '../../../plugins/oidc/clients.js'

const insecure = { [oauth.allowInsecureRequests]: true }
const API = 'https://api.example.com/'
const OTHER = 'https://billing.example.com/'

async function discover (issuer: string) {
  const url = new URL(issuer)
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
}

/** What an API does with the token: verify it against the provider's JWKS, for itself as the audience. */
const verifyAt = (as: oauth.AuthorizationServer, audience: string, token: string) =>
  jwtVerify(token, createRemoteJWKSet(new URL(as.jwks_uri!)), { issuer: as.issuer, audience, typ: 'at+jwt', algorithms: ['RS256'] })

t.test('resource indicators: client_credentials for a registered API is a JWT access token (RFC 9068) for it alone', async (t) => {
  const { app, issuer } = await oidcApp(t, { OIDC_RESOURCE_SERVERS: `${API},${OTHER}`, ACCESS_TOKEN_EXPIRES_IN: '10m' })
  const org = await newOrg(app, await newMember(app))
  const { row, clientSecret } = await createOauthClient(app.sql, {
    name: 'reporting', type: 'confidential', redirectUris: [], grantTypes: ['client_credentials'], scopes: ['members:read'], organizationId: org.id
  })
  const as = await discover(issuer)
  const client: oauth.Client = { client_id: row.id }
  const grant = (params: Record<string, string>) =>
    oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(clientSecret!), new URLSearchParams(params), insecure)

  const tokens = await oauth.processClientCredentialsResponse(as, client, await grant({ scope: 'members:read', resource: API }))
  t.same(decodeProtectedHeader(tokens.access_token), { typ: 'at+jwt', alg: 'RS256', kid: decodeProtectedHeader(tokens.access_token).kid })
  const { payload } = await verifyAt(as, API, tokens.access_token)
  t.equal(payload.aud, API, 'the API is the audience')
  t.equal(payload.client_id, row.id)
  t.equal(payload.sub, row.id, 'a machine: the client is the subject')
  t.equal(payload.scope, 'members:read')
  t.same(payload.org, { id: org.id, permissions: ['members:read'] }, 'the organization and its permissions, in the token')
  t.equal(payload.exp! - payload.iat!, 600, 'it lives as long as ACCESS_TOKEN_EXPIRES_IN')
  await t.rejects(verifyAt(as, OTHER, tokens.access_token), { code: 'ERR_JWT_CLAIM_VALIDATION_FAILED' }, 'another API refuses it')

  // A resource that is not registered, or not absolute: invalid_target, no token.
  for (const resource of ['https://evil.example.com/', 'api']) {
    const refused = await grant({ scope: 'members:read', resource })
    t.equal(refused.status, 400, resource)
    t.equal((await refused.json() as { error: string }).error, 'invalid_target', resource)
  }
  // Without a resource the token stays opaque (no audience to verify against).
  const opaque = await oauth.processClientCredentialsResponse(as, client, await grant({ scope: 'members:read' }))
  t.equal(opaque.access_token.split('.').length, 1, 'opaque')
})

t.test('resource indicators in the code flow: the access token is a JWT for the API, the refresh gives another', async (t) => {
  const { app, origin, issuer } = await oidcApp(t, { OIDC_RESOURCE_SERVERS: API })
  const rp = await relyingParty(t)
  const account = await createTestAccount(app, USER)
  const { token } = await signIn(app, USER, account)
  const { row } = await codeClient(app, rp, { name: 'Acme SPA', type: 'public' })
  const as = await discover(issuer)
  const client: oauth.Client = { client_id: row.id }
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const auth = new URL(as.authorization_endpoint!)
  for (const [name, value] of Object.entries({
    client_id: row.id, response_type: 'code', redirect_uri: rp.redirectUri, scope: 'openid email offline_access', state, resource: API,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', prompt: 'consent'
  })) auth.searchParams.set(name, value)
  const { prompts, callback } = await authorizeOverHttp(origin, auth, token, rp.redirectUri)
  t.same(prompts, ['login', 'consent'])
  const params = oauth.validateAuthResponse(as, client, callback, state)
  const tokens = await oauth.processAuthorizationCodeResponse(as, client,
    await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, rp.redirectUri, verifier, { ...insecure, additionalParameters: { resource: API } }))
  const { payload } = await verifyAt(as, API, tokens.access_token)
  t.equal(payload.sub, account.id, 'the user is the subject')
  t.equal(payload.client_id, row.id)
  t.equal(payload.scope, 'email', 'the API\'s scopes the user granted')
  t.equal(oauth.getValidatedIdTokenClaims(tokens)!.sub, account.id, 'the ID token is still for the application')

  const refreshed = await oauth.processRefreshTokenResponse(as, client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { ...insecure, additionalParameters: { resource: API } }))
  t.equal((await verifyAt(as, API, refreshed.access_token)).payload.sub, account.id, 'the refresh gives a JWT for the API again')
})

t.test('an organization\'s app: permissions are in a client_credentials token\'s scope, for an API (JWT) as without a resource (opaque)', async (t) => {
  const { app, issuer } = await oidcApp(t, { OIDC_RESOURCE_SERVERS: API })
  const org = await newOrg(app, await newMember(app))
  const { row, clientSecret } = await createOauthClient(app.sql, {
    name: 'reports', type: 'confidential', redirectUris: [], grantTypes: ['client_credentials'],
    scopes: ['rooms:publish', 'app:reports:read'], organizationId: org.id
  })
  const as = await discover(issuer)
  const client: oauth.Client = { client_id: row.id }
  const auth = oauth.ClientSecretBasic(clientSecret!)
  const grant = async (params: Record<string, string>) => await oauth.processClientCredentialsResponse(as, client,
    await oauth.clientCredentialsGrantRequest(as, client, auth, new URLSearchParams(params), insecure))
  const introspect = async (token: string) =>
    await oauth.processIntrospectionResponse(as, client, await oauth.introspectionRequest(as, client, auth, token, insecure))
  const permissions = { id: org.id, permissions: ['rooms:publish', 'app:reports:read'] }

  const jwt = await grant({ scope: 'rooms:publish app:reports:read', resource: API })
  t.equal(jwt.scope, 'rooms:publish app:reports:read', 'the token response for the API')
  const { payload } = await verifyAt(as, API, jwt.access_token)
  t.equal(payload.scope, 'rooms:publish app:reports:read', 'the JWT\'s scope keeps the app: permission')
  t.same(payload.org, permissions)

  const opaque = await grant({ scope: 'rooms:publish app:reports:read' })
  t.equal(opaque.scope, 'rooms:publish app:reports:read', 'the opaque token\'s response: the same scope')
  const info = await introspect(opaque.access_token)
  t.equal(info.scope, 'rooms:publish app:reports:read', 'and its introspection')
  t.same(info.org, permissions)

  // Only what was asked, and only what the client holds: an app: permission it was not registered with is never carried.
  const narrow = await grant({ scope: 'app:reports:read app:billing:write', resource: API })
  t.equal((await verifyAt(as, API, narrow.access_token)).payload.scope, 'app:reports:read', 'for the API')
  const narrowOpaque = await grant({ scope: 'app:reports:read app:billing:write' })
  t.equal((await introspect(narrowOpaque.access_token)).scope, 'app:reports:read', 'without a resource')
})
