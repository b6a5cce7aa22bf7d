import t from 'tap'
import * as oauth from 'oauth4webapi'
import { oidcApp } from '../../helpers/oidc-app.js'
import { newMember, newOrg } from '../../helpers/orgs.js'
import { createOauthClient } from '../../../plugins/oidc/clients.js'
import { nameOf, oauthClients } from '../../../db/schema.js'

const insecure = { [oauth.allowInsecureRequests]: true }

async function discover (issuer: string) {
  const url = new URL(issuer)
  return oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
}

t.test('client_credentials: a token for the client\'s organization, with the client\'s permissions', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const { row, clientSecret } = await createOauthClient(app.sql, {
    name: 'billing worker', type: 'confidential', redirectUris: [], grantTypes: ['client_credentials'],
    scopes: ['members:read', 'app:billing:write'], organizationId: org.id
  })
  t.match(clientSecret, /^lks_/)
  const [stored] = await app.sql.unsafe<Array<{ secret_hash: string }>>(`select secret_hash from ${nameOf(oauthClients)} where id = '${row.id}'`)
  t.not(stored!.secret_hash, clientSecret, 'the secret is not stored')
  t.match(stored!.secret_hash, /^[0-9a-f]{64}$/, 'its SHA-256 is')

  const as = await discover(issuer)
  const client: oauth.Client = { client_id: row.id }
  const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(clientSecret!),
    new URLSearchParams({ scope: 'members:read' }), insecure)
  const tokens = await oauth.processClientCredentialsResponse(as, client, response)
  t.ok(tokens.access_token)
  t.equal(tokens.token_type, 'bearer')
  t.equal(tokens.scope, 'members:read')

  const introspected = await oauth.processIntrospectionResponse(as, client,
    await oauth.introspectionRequest(as, client, oauth.ClientSecretBasic(clientSecret!), tokens.access_token, insecure))
  t.equal(introspected.active, true)
  t.equal(introspected.client_id, row.id)
  t.same(introspected.org, { id: org.id, permissions: ['members:read', 'app:billing:write'] }, 'the organization and its permissions')

  // A Latchkey permission the client does not hold is refused; whatever is asked, the token carries the client's own.
  const refused = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(clientSecret!), new URLSearchParams({ scope: 'org:delete' }), insecure)
  t.equal(refused.status, 400)
  t.equal((await refused.json() as { error: string }).error, 'invalid_scope')
  const other = await oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client,
    oauth.ClientSecretBasic(clientSecret!), new URLSearchParams({ scope: 'members:read app:other:read' }), insecure))
  const otherIntrospected = await oauth.processIntrospectionResponse(as, client,
    await oauth.introspectionRequest(as, client, oauth.ClientSecretBasic(clientSecret!), other.access_token, insecure))
  t.same(otherIntrospected.org, { id: org.id, permissions: ['members:read', 'app:billing:write'] }, 'a permission the client does not hold is never carried')

  // Revocation (RFC 7009): the token is inactive afterwards.
  const revoked = await oauth.revocationRequest(as, client, oauth.ClientSecretBasic(clientSecret!), tokens.access_token, insecure)
  await oauth.processRevocationResponse(revoked)
  const after = await oauth.processIntrospectionResponse(as, client,
    await oauth.introspectionRequest(as, client, oauth.ClientSecretBasic(clientSecret!), tokens.access_token, insecure))
  t.equal(after.active, false, 'revoked')
  t.same(Object.keys(after), ['active'], 'nothing else about a revoked token')
})

t.test('a wrong secret, or another client\'s, is refused invalid_client', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const make = () => createOauthClient(app.sql, {
    name: 'machine', type: 'confidential', redirectUris: [], grantTypes: ['client_credentials'], scopes: [], organizationId: null
  })
  const a = await make()
  const b = await make()
  const as = await discover(issuer)
  const client: oauth.Client = { client_id: a.row.id }
  for (const [label, secret] of [['another client\'s secret', b.clientSecret!], ['a wrong secret', `${a.clientSecret!}x`], ['a short secret', 'x']]) {
    const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(secret), new URLSearchParams(), insecure)
    t.equal(response.status, 401, label)
    t.equal((await response.json() as { error: string }).error, 'invalid_client', label)
  }
  const [stored] = await app.sql.unsafe<Array<{ secret_hash: string }>>(`select secret_hash from ${nameOf(oauthClients)} where id = '${a.row.id}'`)
  const withHash = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(stored!.secret_hash), new URLSearchParams(), insecure)
  t.equal(withHash.status, 401, 'the stored hash is not a secret')
  const ok = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(a.clientSecret!), new URLSearchParams(), insecure)
  t.equal(ok.status, 200, 'its own secret')
  const unknown = await oauth.clientCredentialsGrantRequest(as, { client_id: 'lkc_nobody' }, oauth.ClientSecretBasic(a.clientSecret!), new URLSearchParams(), insecure)
  t.equal(unknown.status, 401, 'an unknown client')
})
