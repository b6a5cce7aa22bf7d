import t from 'tap'
import { build } from '../../helpers/app.js'
import { ENV, assertError } from '../../helpers/accounts.js'
import { sha256 } from '../../helpers/tokens.js'
import { joined, keyCall, newKey, newMember, newOrg, orgCall, orgEvents } from '../../helpers/orgs.js'

const KEY = /^lk_[a-z2-7]{52}$/

t.test('API keys: created once, listed by prefix, authenticate machines on the organization routes', async (t) => {
  const app = await build(t, { env: ENV })
  const owner = await newMember(app)
  const org = await newOrg(app, owner)

  t.test('createapikey answers the key once (no-store); only its SHA-256 is kept; listapikeys shows the prefix', async (t) => {
    const res = await orgCall(app, 'createapikey', owner.token, { organizationId: org.id, name: 'deploy', permissions: ['members:read'], expiresIn: 3600 })
    t.equal(res.statusCode, 201)
    t.equal(res.headers['cache-control'], 'no-store')
    t.equal(res.headers.pragma, 'no-cache')
    const { key, apiKey } = res.json()
    t.match(key, KEY, 'lk_ and the base32 of 32 random bytes')
    t.match(apiKey, { name: 'deploy', prefix: key.slice(0, 8), permissions: ['members:read'], createdBy: owner.account.id, lastUsedAt: null, revokedAt: null })
    t.ok(Math.abs(Date.parse(apiKey.expiresAt) - Date.now() - 3600_000) < 60_000, 'expiresIn seconds from now')
    const [row] = await app.sql`select * from api_keys where id = ${apiKey.id}`
    t.equal(row.key_hash, sha256(key))
    const listed = await orgCall(app, 'listapikeys', owner.token, { organizationId: org.id })
    t.equal(listed.statusCode, 200)
    t.match(listed.json().apiKeys, [{ id: apiKey.id, prefix: key.slice(0, 8) }])
    t.notMatch(listed.body, key.slice(8), 'never the key')
    t.notMatch(listed.body, row.key_hash, 'never the hash')
    const events = await orgEvents(app, 'apikey.created', org.id)
    t.match(events, [{ actor_id: owner.account.id, data: { apiKeyId: apiKey.id, prefix: key.slice(0, 8) } }])
    t.notMatch(JSON.stringify(events), key.slice(8), 'no secret in the audit log')
    t.notOk(Object.keys(apiKey).includes('keyHash'))
  })

  t.test('permissions: a subset of the creator\'s; never org:transfer nor org:delete; apikeys:manage needed', async (t) => {
    for (const permission of ['org:transfer', 'org:delete', 'no:such', 'app:bad']) {
      const body = assertError(t, await orgCall(app, 'createapikey', owner.token, { organizationId: org.id, name: 'x', permissions: [permission] }),
        400, 'ORG.BAD_REQUEST_PERMISSION_NOT_ALLOWED')
      t.match(body.message, permission)
    }
    const role = (await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'keymaker', permissions: ['apikeys:manage', 'members:read'] })).json().role
    const keymaker = await joined(app, org.id, role.id)
    t.equal((await orgCall(app, 'createapikey', keymaker.token, { organizationId: org.id, name: 'ok', permissions: ['members:read'] })).statusCode, 201)
    const refused = assertError(t, await orgCall(app, 'createapikey', keymaker.token, { organizationId: org.id, name: 'up', permissions: ['members:invite'] }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'members:invite', 'not held by the creator')
    const member = await joined(app, org.id, 'member')
    const noManage = assertError(t, await orgCall(app, 'createapikey', member.token, { organizationId: org.id, name: 'm', permissions: ['members:read'] }), 403, 'ORG.FORBIDDEN')
    t.match(noManage.message, 'apikeys:manage')
    assertError(t, await orgCall(app, 'createapikey', owner.token, { organizationId: org.id, name: 'none', permissions: [] }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  })

  t.test('a key acts on the routes whose permission it holds, in its organization only, never on user routes', async (t) => {
    // Inviting as member grants members:read and rooms:join: the key must hold both.
    const { key, apiKey } = await newKey(app, owner, org.id, ['members:read', 'members:invite', 'rooms:join', 'app:crm:write'])
    const members = await keyCall(app, 'listmembers', key, { organizationId: org.id })
    t.equal(members.statusCode, 200)
    t.match(members.json().members, [{ userId: owner.account.id, role: 'owner' }])
    const forbidden = assertError(t, await keyCall(app, 'listapikeys', key, { organizationId: org.id }), 403, 'ORG.FORBIDDEN')
    t.match(forbidden.message, 'apikeys:manage')
    const other = await newOrg(app, owner)
    const elsewhere = await keyCall(app, 'listmembers', key, { organizationId: other.id })
    assertError(t, elsewhere, 404, 'ORG.NOT_FOUND')
    const outsider = await newMember(app)
    t.same(elsewhere.json(), (await orgCall(app, 'listmembers', outsider.token, { organizationId: other.id })).json(), 'as unknown as any')
    const invited = await keyCall(app, 'invite', key, { organizationId: org.id, email: 'robot-invite@latchkey.test', role: 'member' })
    t.equal(invited.statusCode, 201)
    const weaker = await newKey(app, owner, org.id, ['members:invite'])
    const up = assertError(t, await keyCall(app, 'invite', weaker.key, { organizationId: org.id, email: 'robot-2@latchkey.test', role: 'member' }), 403, 'ORG.FORBIDDEN')
    t.match(up.message, 'members:read', 'a key grants no more than it holds either')
    t.match(invited.json().invitation, { invitedBy: null })
    t.match(await orgEvents(app, 'member.invited', org.id), [{ actor_type: 'api_key', actor_id: apiKey.id }])
    // get: what the key's organization is and what the key may do in it (read with the key: one statement).
    const got = await keyCall(app, 'get', key, { organizationId: org.id })
    t.equal(got.statusCode, 200, got.body)
    t.same(got.json().organization, { ...(await orgCall(app, 'get', owner.token, { organizationId: org.id })).json().organization,
      role: null, permissions: ['members:read', 'members:invite', 'rooms:join', 'app:crm:write'] }, 'the organization, no role, the key\'s permissions')
    assertError(t, await keyCall(app, 'get', key, { organizationId: other.id }), 404, 'ORG.NOT_FOUND')
    for (const [url, body] of [['/v1/users/me', {}], ['/v1/orgs/create', { slug: 'robot-org', name: 'r' }], ['/v1/orgs/list', {}],
      ['/v1/orgs/leave', { organizationId: org.id }], ['/v1/admins/listorgs', {}]] as const) {
      const res = await app.inject({ method: 'POST', url, payload: body, headers: { authorization: `api-key ${key}` } })
      assertError(t, res, 401, 'UNAUTHORIZED')
    }
  })

  t.test('a key\'s own organization is the default organizationId; another is 404; a user must name one (400)', async (t) => {
    const { key } = await newKey(app, owner, org.id, ['members:read', 'members:invite', 'rooms:join', 'apikeys:manage'])
    const members = await keyCall(app, 'listmembers', key)
    t.equal(members.statusCode, 200, members.body)
    t.match(members.json().members, [{ userId: owner.account.id, role: 'owner' }], 'its organization\'s members')
    const got = await keyCall(app, 'get', key)
    t.equal(got.json().organization?.id, org.id, 'get without organizationId: its own organization')
    const invited = await keyCall(app, 'invite', key, { email: 'robot-default@latchkey.test', role: 'member' })
    t.equal(invited.statusCode, 201, invited.body)
    const [row] = await app.sql`select organization_id from invitations where id = ${invited.json().invitation.id}`
    t.equal(row.organization_id, org.id, 'a write lands in the key\'s organization')
    const hook = await app.inject({ method: 'POST', url: '/v1/orgs/listwebhooks', headers: { authorization: `api-key ${key}` } })
    t.equal(hook.statusCode, 200, 'the organization\'s webhook routes too')

    const other = await newOrg(app, owner)
    const elsewhere = assertError(t, await keyCall(app, 'listmembers', key, { organizationId: other.id }), 404, 'ORG.NOT_FOUND')
    t.same(elsewhere, (await orgCall(app, 'listmembers', (await newMember(app)).token, { organizationId: other.id })).json(), 'as for a stranger')

    for (const action of ['listmembers', 'get', 'invite'] as const) {
      const body = assertError(t, await orgCall(app, action, owner.token, action === 'invite' ? { email: 'x@latchkey.test', role: 'member' } : {}),
        400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.equal(body.message, 'Invalid arguments: organizationId', `${action}: the message names it`)
      t.same(body.fields?.map((f: { name: string }) => f.name), ['organizationId'], `${action}: and the field`)
    }
    const leave = assertError(t, await orgCall(app, 'leave', owner.token, {}), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.match(leave.message, 'organizationId', 'a route only users call requires it')
  })

  t.test('revoked: refused at once (401 with WWW-Authenticate); expired; a deleted organization\'s keys', async (t) => {
    const { key, apiKey } = await newKey(app, owner, org.id, ['members:read'])
    t.equal((await keyCall(app, 'listmembers', key, { organizationId: org.id })).statusCode, 200)
    const revoked = await orgCall(app, 'revokeapikey', owner.token, { organizationId: org.id, apiKeyId: apiKey.id })
    t.equal(revoked.statusCode, 200)
    t.ok(revoked.json().apiKey.revokedAt)
    t.match(await orgEvents(app, 'apikey.revoked', org.id), [{ data: { apiKeyId: apiKey.id } }])
    const refused = assertError(t, await keyCall(app, 'listmembers', key, { organizationId: org.id }), 401, 'UNAUTHORIZED')
    t.ok(refused)
    assertError(t, await keyCall(app, 'get', key, { organizationId: org.id }), 401, 'UNAUTHORIZED')
    const res = await keyCall(app, 'listmembers', key, { organizationId: org.id })
    t.equal(res.headers['www-authenticate'], 'api-key error="invalid_token"')
    assertError(t, await orgCall(app, 'revokeapikey', owner.token, { organizationId: org.id, apiKeyId: apiKey.id }), 404, 'ORG.API_KEY_NOT_FOUND')

    const expiring = await newKey(app, owner, org.id, ['members:read'], { expiresIn: 60 })
    t.equal((await keyCall(app, 'listmembers', expiring.key, { organizationId: org.id })).statusCode, 200)
    await app.sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expiring.apiKey.id}`
    assertError(t, await keyCall(app, 'listmembers', expiring.key, { organizationId: org.id }), 401, 'UNAUTHORIZED')

    const doomed = await newOrg(app, owner)
    const doomedKey = await newKey(app, owner, doomed.id, ['members:read'])
    await orgCall(app, 'delete', owner.token, { organizationId: doomed.id })
    assertError(t, await keyCall(app, 'listmembers', doomedKey.key, { organizationId: doomed.id }), 401, 'UNAUTHORIZED')
    // A well-formed key nobody issued.
    assertError(t, await keyCall(app, 'listmembers', `lk_${'a'.repeat(52)}`, { organizationId: org.id }), 401, 'UNAUTHORIZED')
  })

  t.test('last_used_at is written at most once a minute', async (t) => {
    const { key, apiKey } = await newKey(app, owner, org.id, ['members:read'])
    await keyCall(app, 'listmembers', key, { organizationId: org.id })
    const [first] = await app.sql`select last_used_at from api_keys where id = ${apiKey.id}`
    t.ok(first.last_used_at, 'written on first use')
    await keyCall(app, 'listmembers', key, { organizationId: org.id })
    const [second] = await app.sql`select last_used_at from api_keys where id = ${apiKey.id}`
    t.equal(second.last_used_at.getTime(), first.last_used_at.getTime(), 'not again within the minute')
    await app.sql`update api_keys set last_used_at = now() - interval '2 minutes' where id = ${apiKey.id}`
    await keyCall(app, 'listmembers', key, { organizationId: org.id })
    const [third] = await app.sql`select last_used_at from api_keys where id = ${apiKey.id}`
    t.ok(Date.now() - third.last_used_at.getTime() < 30_000, 'written again after a minute')
  })
})

t.test('API_KEY_RATE_LIMIT_MAX: per key, per minute; counted in latchkey_api_key_authentications_total', async (t) => {
  const app = await build(t, { env: { ...ENV, API_KEY_RATE_LIMIT_MAX: '3', METRICS_PORT: '0' } })
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const one = await newKey(app, owner, org.id, ['members:read'])
  const two = await newKey(app, owner, org.id, ['members:read'])
  const codes = []
  for (let i = 0; i < 4; i++) codes.push((await keyCall(app, 'listmembers', one.key, { organizationId: org.id })).statusCode)
  t.same(codes, [200, 200, 200, 429])
  const limited = await keyCall(app, 'listmembers', one.key, { organizationId: org.id })
  assertError(t, limited, 429, 'TOO_MANY_REQUESTS')
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
  t.equal((await keyCall(app, 'listmembers', two.key, { organizationId: org.id })).statusCode, 200, 'another key has its own budget')
  t.equal((await orgCall(app, 'listmembers', owner.token, { organizationId: org.id })).statusCode, 200, 'members are not limited by it')
  await keyCall(app, 'listmembers', 'lk_short', { organizationId: org.id })
  const text = await app.metrics!.registry.getSingleMetricAsString('latchkey_api_key_authentications_total')
  t.match(text, 'latchkey_api_key_authentications_total{outcome="ok"} 4')
  t.match(text, 'latchkey_api_key_authentications_total{outcome="rate_limited"} 2')
  t.match(text, 'latchkey_api_key_authentications_total{outcome="malformed"} 1')
})
