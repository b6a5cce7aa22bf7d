import t from 'tap'
import * as oauth from 'oauth4webapi'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import { ENV, PRODUCTION_ENV, assertError, createTestAccount, signIn } from '../../../helpers/accounts.js'
import { oidcApp } from '../../../helpers/oidc-app.js'
import { newMember, newOrg, orgCall } from '../../../helpers/orgs.js'

const { admin, user } = ACCOUNT_TYPES
const insecure = { [oauth.allowInsecureRequests]: true }
const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code'

async function adminCaller (app: FastifyInstance) {
  const account = await createTestAccount(app, admin, { isEmailConfirmed: true })
  const { token } = await signIn(app, admin, account)
  const call = (action: string, body: Record<string, unknown> = {}, auth = `jwt-admin ${token}`) =>
    app.inject({ method: 'POST', url: `/v1/admins/${action}`, payload: body, headers: { authorization: auth } })
  return Object.assign(call, { adminId: account.id as string })
}

t.test('/v1/admins OAuth client routes: create (secret once), list, update, rotate, delete, each audited', async (t) => {
  const app = await build(t, { env: ENV })
  const call = await adminCaller(app)
  // The events are webhook-able as any other: an endpoint that subscribes gets a delivery of each.
  const hook = await call('createwebhook', { url: 'https://hooks.example.com/in', events: ['oauth_client.created', 'oauth_client.deleted'] })
  t.equal(hook.statusCode, 201, hook.body)
  const created = await call('createoauthclient', { name: 'Billing', type: 'confidential', redirectUris: ['https://billing.example.com/callback'],
    grantTypes: ['authorization_code', 'refresh_token'], scopes: ['openid', 'email', 'offline_access'] })
  t.equal(created.statusCode, 201, created.body)
  t.equal(created.headers['cache-control'], 'no-store')
  const { client, clientSecret } = created.json()
  t.match(client, { name: 'Billing', type: 'confidential', redirectUris: ['https://billing.example.com/callback'],
    grantTypes: ['authorization_code', 'refresh_token'], scopes: ['openid', 'email', 'offline_access'], organizationId: null })
  t.match(client.clientId, /^lkc_[A-Za-z0-9_-]{22}$/)
  t.match(clientSecret, /^lks_[A-Za-z0-9_-]{43}$/)
  const [stored] = await app.sql`select secret_hash from oauth_clients where id = ${client.clientId}`
  t.match(stored.secret_hash, /^[0-9a-f]{64}$/, 'its SHA-256 is stored')
  t.not(stored.secret_hash, clientSecret)

  const pub = await call('createoauthclient', { name: 'SPA', type: 'public', redirectUris: ['http://localhost:5173/cb'], grantTypes: ['authorization_code'] })
  t.equal(pub.statusCode, 201, pub.body)
  t.equal(pub.json().clientSecret, null, 'a public client has no secret')
  t.same(pub.json().client.scopes, [])

  const listed = await call('listoauthclients')
  t.equal(listed.statusCode, 200)
  t.same(listed.json().clients.map((c: any) => c.clientId), [client.clientId, pub.json().client.clientId], 'oldest first')
  t.notOk(listed.body.includes(clientSecret.slice(4)) || listed.body.includes(stored.secret_hash), 'never a secret nor its hash')
  t.same(Object.keys(listed.json().clients[0]).sort(), ['backchannelLogoutUri', 'clientId', 'createdAt', 'grantTypes', 'name', 'organizationId',
    'postLogoutRedirectUris', 'redirectUris', 'scopes', 'type', 'updatedAt'])

  const updated = await call('updateoauthclient', { clientId: client.clientId, redirectUris: ['https://billing.example.com/cb2', 'https://billing.example.com/cb3'], scopes: ['openid'] })
  t.equal(updated.statusCode, 200, updated.body)
  t.match(updated.json().client, { name: 'Billing', redirectUris: ['https://billing.example.com/cb2', 'https://billing.example.com/cb3'], scopes: ['openid'],
    grantTypes: ['authorization_code', 'refresh_token'] })

  const rotated = await call('rotateoauthclientsecret', { clientId: client.clientId })
  t.equal(rotated.statusCode, 200, rotated.body)
  t.equal(rotated.headers['cache-control'], 'no-store')
  t.match(rotated.json().clientSecret, /^lks_/)
  t.not(rotated.json().clientSecret, clientSecret, 'a new secret')
  assertError(t, await call('rotateoauthclientsecret', { clientId: pub.json().client.clientId }), 400, 'OAUTH_CLIENT.BAD_REQUEST_PUBLIC_CLIENT')

  t.equal((await call('deleteoauthclient', { clientId: client.clientId })).statusCode, 200)
  t.same((await call('listoauthclients')).json().clients.map((c: any) => c.clientId), [pub.json().client.clientId])
  for (const action of ['deleteoauthclient', 'rotateoauthclientsecret', 'updateoauthclient']) {
    assertError(t, await call(action, { clientId: client.clientId }), 404, 'OAUTH_CLIENT.NOT_FOUND')
  }
  assertError(t, await call('updateoauthclient', { clientId: 'lkc_nope', name: 'x' }), 404, 'OAUTH_CLIENT.NOT_FOUND')

  const changes = await app.sql`select event, account_type, account_id, actor_type, data from audit_events where data->>'clientId' = ${client.clientId} order by id`
  t.same(changes.map((e) => e.event), ['oauth_client.created', 'oauth_client.updated', 'oauth_client.secret_rotated', 'oauth_client.deleted'],
    'each change of the client is in the audit log')
  t.ok(changes.every((e) => e.account_type === 'admin' && e.account_id === call.adminId && e.actor_type === 'admin'), 'by the admin')
  t.match(changes[0].data, { clientId: client.clientId, name: 'Billing', type: 'confidential' })
  const deliveries = await app.sql`select d.event_type, a.data->>'clientId' as client_id from webhook_deliveries d
    join audit_events a on a.id = d.audit_event_id where d.endpoint_id = ${hook.json().webhook.id} order by d.id`
  t.same(deliveries.map((d) => [d.event_type, d.client_id]),
    [['oauth_client.created', client.clientId], ['oauth_client.created', pub.json().client.clientId], ['oauth_client.deleted', client.clientId]],
    'a webhook endpoint gets the events it subscribed to')
  const text = JSON.stringify(changes)
  t.notOk(text.includes(clientSecret.slice(4)) || text.includes(rotated.json().clientSecret.slice(4)) || text.includes(stored.secret_hash), 'never a secret')

  const { token: userToken } = await signIn(app, user, await createTestAccount(app, user))
  assertError(t, await call('listoauthclients', {}, `jwt-user ${userToken}`), 401, 'UNAUTHORIZED')
  assertError(t, await call('createoauthclient', { name: 'x', type: 'public', grantTypes: ['authorization_code'], redirectUris: ['https://a.example/cb'] }, ''),
    401, 'UNAUTHORIZED')
})

t.test('what a client may be: exact redirect URIs, grants that fit its type, known scopes, a live organization', async (t) => {
  const app = await build(t, { env: ENV })
  const call = await adminCaller(app)
  const code = { name: 'app', type: 'confidential', grantTypes: ['authorization_code'] }
  const refused = async (body: Record<string, unknown>, error: string, label: string) => {
    const res = await call('createoauthclient', body)
    t.equal(res.statusCode, 400, `${label}: ${res.body}`)
    t.equal(res.json().error, error, label)
  }
  for (const [uri, label] of [['https://*.example.com/cb', 'a wildcard host'], ['https://app.example.com/*', 'a wildcard path'],
    ['https://app.example.com/cb#top', 'a fragment'], ['http://app.example.com/cb', 'http elsewhere than localhost'],
    ['ftp://app.example.com/cb', 'another scheme'], ['myapp://callback', 'a custom scheme'], ['https://u:p@app.example.com/cb', 'credentials'],
    ['not a uri at all', 'no URL']]) {
    await refused({ ...code, redirectUris: [uri] }, 'OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI', label)
  }
  for (const uri of ['http://localhost:3000/cb', 'http://127.0.0.1:8080/cb', 'http://[::1]:9000/cb', 'https://app.example.com/cb?x=1']) {
    t.equal((await call('createoauthclient', { ...code, redirectUris: [uri] })).statusCode, 201, `${uri} is fine outside production`)
  }
  await refused({ ...code, redirectUris: [] }, 'OAUTH_CLIENT.BAD_REQUEST_GRANT_TYPES', 'authorization_code without a redirect URI')
  await refused({ name: 'm', type: 'public', grantTypes: ['client_credentials'] }, 'OAUTH_CLIENT.BAD_REQUEST_GRANT_TYPES', 'a public client with client_credentials')
  await refused({ name: 'm', type: 'confidential', grantTypes: ['refresh_token'] }, 'OAUTH_CLIENT.BAD_REQUEST_GRANT_TYPES', 'refresh_token alone')
  await refused({ name: 'm', type: 'confidential', grantTypes: ['client_credentials'], redirectUris: ['https://a.example/cb'] },
    'OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI', 'redirect URIs without authorization_code')
  for (const grant of ['password', 'implicit', 'urn:ietf:params:oauth:grant-type:jwt-bearer']) {
    await refused({ name: 'm', type: 'confidential', grantTypes: [grant] }, 'BAD_REQUEST_INVALID_ARGUMENTS', `the ${grant} grant`)
  }
  for (const scope of ['address', 'org:delete', 'org:transfer', 'nope:nope', 'app:x']) {
    await refused({ name: 'm', type: 'confidential', grantTypes: ['client_credentials'], scopes: [scope] }, 'OAUTH_CLIENT.BAD_REQUEST_SCOPE', `the scope ${scope}`)
  }
  await refused({ name: 'm', type: 'confidential', grantTypes: ['client_credentials'], organizationId: '00000000-0000-7000-8000-00000000abcd' },
    'OAUTH_CLIENT.BAD_REQUEST_ORGANIZATION', 'an organization that does not exist')
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  await refused({ ...code, redirectUris: ['https://a.example/cb'], organizationId: org.id }, 'OAUTH_CLIENT.BAD_REQUEST_ORGANIZATION',
    'an organization without client_credentials')
  const device = await call('createoauthclient', { name: 'TV', type: 'public', grantTypes: [DEVICE, 'refresh_token'], scopes: ['openid', 'offline_access'] })
  t.equal(device.statusCode, 201, `a device client: ${device.body}`)
  const machine = await call('createoauthclient', { name: 'm', type: 'confidential', grantTypes: ['client_credentials'], scopes: ['members:read', 'app:crm:sync'], organizationId: org.id })
  t.equal(machine.statusCode, 201, machine.body)
  // An update is checked as a whole: a client_credentials client cannot lose its grant and keep its organization.
  await (async () => {
    const res = await call('updateoauthclient', { clientId: machine.json().client.clientId, grantTypes: [DEVICE] })
    t.equal(res.json().error, 'OAUTH_CLIENT.BAD_REQUEST_ORGANIZATION', 'an organization stays with client_credentials')
  })()
  t.match((await call('updateoauthclient', { clientId: machine.json().client.clientId, organizationId: null })).json().client, { organizationId: null })
  const [count] = await app.sql`select count(*)::int as n from oauth_clients`
  t.equal(count.n, 6, 'nothing refused was stored')

  const production = await build(t, { env: PRODUCTION_ENV })
  const prod = await adminCaller(production)
  const res = await prod('createoauthclient', { ...code, redirectUris: ['http://localhost:3000/cb'] })
  t.equal(res.json().error, 'OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI', 'no http in production, localhost neither')
})

t.test('a client registered by the route works in the provider at once; a rotated secret refuses the old one', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const call = await adminCaller(app)
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const created = (await call('createoauthclient', { name: 'worker', type: 'confidential', grantTypes: ['client_credentials'],
    scopes: ['members:read', 'app:crm:sync'], organizationId: org.id })).json()
  const url = new URL(issuer)
  const as = await oauth.processDiscoveryResponse(url, await oauth.discoveryRequest(url, { ...insecure, algorithm: 'oidc' }))
  const client: oauth.Client = { client_id: created.client.clientId }
  const grant = (secret: string, scope = 'members:read') =>
    oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(secret), new URLSearchParams({ scope }), insecure)

  const tokens = await oauth.processClientCredentialsResponse(as, client, await grant(created.clientSecret))
  t.equal(tokens.scope, 'members:read')
  const info = await oauth.processIntrospectionResponse(as, client,
    await oauth.introspectionRequest(as, client, oauth.ClientSecretBasic(created.clientSecret), tokens.access_token, insecure))
  t.equal(info.active, true)
  t.same(info.org, { id: org.id, permissions: ['members:read', 'app:crm:sync'] })

  const rotated = (await call('rotateoauthclientsecret', { clientId: created.client.clientId })).json()
  const old = await grant(created.clientSecret)
  t.equal(old.status, 401, 'the old secret is refused at once')
  t.equal((await old.json() as { error: string }).error, 'invalid_client')
  t.equal((await grant(rotated.clientSecret)).status, 200, 'the new one works')

  // A scope taken away is refused at once too.
  await call('updateoauthclient', { clientId: created.client.clientId, scopes: ['app:crm:sync'] })
  const narrowed = await grant(rotated.clientSecret)
  t.equal(narrowed.status, 400)
  t.equal((await narrowed.json() as { error: string }).error, 'invalid_scope', 'members:read is no longer the client\'s')

  // The organization deleted (soft): the client's tokens would act for it, so the provider knows the client no more.
  t.equal((await orgCall(app, 'delete', owner.token, { organizationId: org.id })).statusCode, 200)
  const orphan = await grant(rotated.clientSecret, 'app:crm:sync')
  t.equal(orphan.status, 401, 'a client of a deleted organization is refused')
  t.equal((await orphan.json() as { error: string }).error, 'invalid_client')
  t.same((await call('listoauthclients')).json().clients.map((c: any) => c.clientId), [created.client.clientId], 'the admins still see it')

  const [before] = await app.sql`select count(*)::int as n from oidc_payloads where payload->>'clientId' = ${created.client.clientId}`
  t.ok(before.n > 0, 'the provider stored its tokens')
  await call('deleteoauthclient', { clientId: created.client.clientId })
  const gone = await grant(rotated.clientSecret, 'app:crm:sync')
  t.equal(gone.status, 401, 'a deleted client is unknown')
  const [after] = await app.sql`select count(*)::int as n from oidc_payloads where payload->>'clientId' = ${created.client.clientId}`
  t.equal(after.n, 0, 'its tokens went with it')
})

t.test('logout URIs: set with the client, checked as redirect URIs, given to the provider, removed with null', async (t) => {
  const { app } = await oidcApp(t)
  const call = await adminCaller(app)
  const created = await call('createoauthclient', { name: 'Notes', type: 'confidential', redirectUris: ['https://notes.example.com/cb'],
    grantTypes: ['authorization_code'], postLogoutRedirectUris: ['https://notes.example.com/bye'], backchannelLogoutUri: 'https://notes.example.com/bc' })
  t.equal(created.statusCode, 201, created.body)
  const { clientId } = created.json().client
  t.match(created.json().client, { postLogoutRedirectUris: ['https://notes.example.com/bye'], backchannelLogoutUri: 'https://notes.example.com/bc' })
  const seen = async () => (await app.oidcProvider!.Client.find(clientId))!.metadata()
  t.match(await seen(), { post_logout_redirect_uris: ['https://notes.example.com/bye'], backchannel_logout_uri: 'https://notes.example.com/bc' },
    'the provider has them at once')

  assertError(t, await call('updateoauthclient', { clientId, postLogoutRedirectUris: ['https://notes.example.com/*'] }), 400, 'OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI')
  assertError(t, await call('updateoauthclient', { clientId, backchannelLogoutUri: 'http://notes.example.com/bc' }), 400, 'OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI')
  assertError(t, await call('createoauthclient', { name: 'm', type: 'confidential', grantTypes: ['client_credentials'],
    backchannelLogoutUri: 'https://m.example.com/bc' }), 400, 'OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI')

  const cleared = await call('updateoauthclient', { clientId, backchannelLogoutUri: null, postLogoutRedirectUris: [] })
  t.equal(cleared.statusCode, 200, cleared.body)
  t.match(cleared.json().client, { postLogoutRedirectUris: [], backchannelLogoutUri: null, redirectUris: ['https://notes.example.com/cb'] })
  const after = await seen()
  t.same([after.post_logout_redirect_uris, after.backchannel_logout_uri], [[], undefined], 'the provider no longer has them')
})
