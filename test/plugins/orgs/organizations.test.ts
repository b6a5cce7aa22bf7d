import t from 'tap'
import { randomUUID } from 'node:crypto'
import { build } from '../../helpers/app.js'
import { ENV, assertError } from '../../helpers/accounts.js'
import { ORG_ACTIONS, joined, membershipOf, newMember, newOrg, orgCall, orgEvents, uniqueSlug } from '../../helpers/orgs.js'

t.test('/v1/orgs: create, list, get, update, delete', async (t) => {
  const app = await build(t, { env: ENV })

  t.test('create: the creator is the owner (version 1), org.created is recorded; a taken slug is refused', async (t) => {
    const owner = await newMember(app)
    const slug = uniqueSlug()
    const res = await orgCall(app, 'create', owner.token, { slug, name: 'Acme' })
    t.equal(res.statusCode, 201)
    const body = res.json()
    t.match(body, { status: 201, success: true, organization: { slug, name: 'Acme', role: 'owner' } })
    t.same(Object.keys(body.organization).sort(), ['createdAt', 'id', 'name', 'permissions', 'role', 'slug', 'updatedAt'])
    t.ok(body.organization.permissions.includes('org:transfer'), 'the owner role\'s permissions')
    t.match(await membershipOf(app, body.organization.id, owner.account.id), { role_id: '00000000-0000-7000-8000-000000000001', version: 1 })
    t.match(await orgEvents(app, 'org.created', body.organization.id), [{ account_id: owner.account.id, actor_id: owner.account.id, data: { slug } }])
    const other = await newMember(app)
    assertError(t, await orgCall(app, 'create', other.token, { slug, name: 'Copy' }), 400, 'ORG.BAD_REQUEST_SLUG_TAKEN')
    for (const bad of ['ab', 'Upper', 'under_score', 'x'.repeat(49)]) {
      assertError(t, await orgCall(app, 'create', other.token, { slug: bad, name: 'n' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    }
    assertError(t, await orgCall(app, 'create', other.token, { slug: uniqueSlug(), name: '' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  })

  t.test('list: my organizations with my role, not the others\' nor deleted ones', async (t) => {
    const me = await newMember(app)
    const mine = await newOrg(app, me)
    const someone = await newMember(app)
    const theirs = await newOrg(app, someone)
    const asMember = await joined(app, theirs.id, 'member')
    const res = await orgCall(app, 'list', me.token)
    t.equal(res.statusCode, 200)
    t.same(res.json().organizations.map((o: any) => [o.id, o.role]), [[mine.id, 'owner']])
    const other = await orgCall(app, 'list', asMember.token)
    t.match(other.json().organizations, [{ id: theirs.id, role: 'member', permissions: ['members:read', 'rooms:join'] }])
    await app.sql`update organizations set deleted_at = now() where id = ${mine.id}`
    t.same((await orgCall(app, 'list', me.token)).json().organizations, [])
  })

  t.test('get: members see it with their role; an unknown organization and one the caller is not in answer alike', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const member = await joined(app, org.id, 'member')
    const got = await orgCall(app, 'get', member.token, { organizationId: org.id })
    t.equal(got.statusCode, 200)
    t.match(got.json().organization, { id: org.id, slug: org.slug, role: 'member' })
    const outsider = await newMember(app)
    const notIn = await orgCall(app, 'get', outsider.token, { organizationId: org.id })
    const unknown = await orgCall(app, 'get', outsider.token, { organizationId: randomUUID() })
    assertError(t, notIn, 404, 'ORG.NOT_FOUND')
    t.same(notIn.json(), unknown.json(), 'the same body')
    t.same(Object.keys(notIn.headers).sort(), Object.keys(unknown.headers).sort(), 'the same headers')
    // The same for a route with a permission: membership is checked before the permission.
    const forbiddenLike = await orgCall(app, 'listmembers', outsider.token, { organizationId: org.id })
    t.same(forbiddenLike.json(), (await orgCall(app, 'listmembers', outsider.token, { organizationId: randomUUID() })).json())
    assertError(t, forbiddenLike, 404, 'ORG.NOT_FOUND')
  })

  t.test('update: org:update (owners and admins); a member is ORG.FORBIDDEN naming it; a taken slug is refused', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const admin = await joined(app, org.id, 'admin')
    const member = await joined(app, org.id, 'member')
    const slug = uniqueSlug('renamed')
    const res = await orgCall(app, 'update', admin.token, { organizationId: org.id, slug, name: 'Renamed' })
    t.equal(res.statusCode, 200)
    t.match(res.json().organization, { id: org.id, slug, name: 'Renamed' })
    t.match(await orgEvents(app, 'org.updated', org.id), [{ actor_id: admin.account.id, data: { slug, name: 'Renamed' } }])
    const refused = assertError(t, await orgCall(app, 'update', member.token, { organizationId: org.id, name: 'Nope' }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'org:update', 'the message names the missing permission')
    const taken = await newOrg(app, owner)
    assertError(t, await orgCall(app, 'update', owner.token, { organizationId: org.id, slug: taken.slug }), 400, 'ORG.BAD_REQUEST_SLUG_TAKEN')
    const [row] = await app.sql`select name from organizations where id = ${org.id}`
    t.equal(row.name, 'Renamed', 'nothing changed')
  })

  t.test('delete: owners only (org:delete), softly; the organization is then unknown to its members', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const admin = await joined(app, org.id, 'admin')
    const refused = assertError(t, await orgCall(app, 'delete', admin.token, { organizationId: org.id }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'org:delete')
    const res = await orgCall(app, 'delete', owner.token, { organizationId: org.id })
    t.same(res.json(), { status: 200, success: true })
    const [row] = await app.sql`select deleted_at from organizations where id = ${org.id}`
    t.ok(row.deleted_at, 'deleted softly')
    t.match(await orgEvents(app, 'org.deleted', org.id), [{ actor_id: owner.account.id }])
    assertError(t, await orgCall(app, 'get', owner.token, { organizationId: org.id }), 404, 'ORG.NOT_FOUND')
    assertError(t, await orgCall(app, 'listmembers', admin.token, { organizationId: org.id }), 404, 'ORG.NOT_FOUND')
    assertError(t, await orgCall(app, 'create', owner.token, { slug: org.slug, name: 'again' }), 400, 'ORG.BAD_REQUEST_SLUG_TAKEN')
  })

  t.test('without a token: 401 naming the schemes the route accepts', async (t) => {
    const anonymous = await app.inject({ method: 'POST', url: '/v1/orgs/create', payload: { slug: uniqueSlug(), name: 'x' } })
    assertError(t, anonymous, 401, 'UNAUTHORIZED')
    t.equal(anonymous.headers['www-authenticate'], 'jwt-user')
    const withPermission = await app.inject({ method: 'POST', url: '/v1/orgs/listmembers', payload: { organizationId: randomUUID() } })
    assertError(t, withPermission, 401, 'UNAUTHORIZED')
    t.equal(withPermission.headers['www-authenticate'], 'jwt-user, api-key')
    const admin = await app.inject({ method: 'POST', url: '/v1/orgs/get', payload: { organizationId: randomUUID() }, headers: { authorization: 'jwt-admin x' } })
    assertError(t, admin, 401, 'UNAUTHORIZED')
  })
})

t.test('hostile input to every organization route: a 4xx, never a 5xx, nothing written', async (t) => {
  const app = await build(t, { env: ENV })
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  // delete may well succeed (extra arguments are dropped): on an organization of its own.
  const doomed = await newOrg(app, owner)
  const [{ n: before }] = await app.sql`select count(*)::int as n from organizations`
  const values: unknown[] = ['', 'a\u0000b', 'x'.repeat(5000), -1, 1e308, true, null, [], {}, ['a'], { $gt: '' }, '../../etc', "' or 1=1 --",
    '00000000-0000-0000-0000-000000000000', randomUUID().toUpperCase()]
  const names = ['organizationId', 'slug', 'name', 'email', 'role', 'token', 'userId', 'roleId', 'permissions', 'invitationId', 'apiKeyId', 'expiresIn']
  let sent = 0
  for (const action of ORG_ACTIONS) {
    for (const value of values) {
      for (const name of names) {
        const body = { organizationId: action === 'delete' ? doomed.id : org.id, [name]: value }
        const res = await orgCall(app, action, owner.token, body)
        sent++
        if (res.statusCode >= 500) t.fail(`${action} ${name}=${JSON.stringify(value).slice(0, 40)}: ${res.statusCode} ${res.body}`)
      }
    }
    for (const raw of ['{', '[]', '"x"', 'null']) {
      const res = await app.inject({ method: 'POST', url: `/v1/orgs/${action}`, payload: raw, headers: { authorization: `jwt-user ${owner.token}`, 'content-type': 'application/json' } })
      if (res.statusCode >= 500) t.fail(`${action} body ${raw}: ${res.statusCode}`)
    }
    for (const header of ['api-key ', 'api-key lk_x', `api-key lk_${'a'.repeat(52)}`, 'api-key \u00ff', 'jwt-user x.y.z']) {
      const res = await app.inject({ method: 'POST', url: `/v1/orgs/${action}`, payload: { organizationId: org.id }, headers: { authorization: header } })
      if (res.statusCode !== 401) t.fail(`${action} with ${header}: ${res.statusCode}`)
    }
  }
  t.ok(sent > 1000, `${sent} requests`)
  const [{ n: after }] = await app.sql`select count(*)::int as n from organizations`
  t.equal(after, before, 'no organization was created')
  t.match(await membershipOf(app, org.id, owner.account.id), { role_id: '00000000-0000-7000-8000-000000000001' }, 'the owner is still the owner')
})
