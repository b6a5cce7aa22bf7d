import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, assertError, createTestAccount, signIn } from '../../helpers/accounts.js'
import { joined, newKey, newMember, newOrg, orgCall, orgEvents } from '../../helpers/orgs.js'
import { randomUUID } from 'node:crypto'

t.test('/v1/admins/listorgs, getorg, deleteorg', async (t) => {
  const app = await build(t, { env: ENV })
  const admin = await signIn(app, ACCOUNT_TYPES.admin, await createTestAccount(app, ACCOUNT_TYPES.admin, { isEmailConfirmed: true }))
  const call = (action: string, body: Record<string, unknown> = {}, token = admin.token) =>
    app.inject({ method: 'POST', url: `/v1/admins/${action}`, payload: body, headers: { authorization: `jwt-admin ${token}` } })
  const owner = await newMember(app)
  const first = await newOrg(app, owner)
  const second = await newOrg(app, owner)
  await joined(app, second.id, 'member')
  const { key } = await newKey(app, owner, second.id, ['members:read'])

  t.test('listorgs: newest first with member counts, a filter and a cursor', async (t) => {
    const res = await call('listorgs', { limit: 1 })
    t.equal(res.statusCode, 200)
    const page = res.json()
    t.match(page.organizations, [{ id: second.id, slug: second.slug, members: 2, deletedAt: null }])
    t.ok(page.nextCursor)
    const next = (await call('listorgs', { limit: 1, cursor: page.nextCursor })).json()
    t.match(next.organizations, [{ id: first.id, members: 1 }])
    const filtered = (await call('listorgs', { q: first.slug })).json()
    t.same(filtered.organizations.map((o: any) => o.id), [first.id])
  })

  t.test('getorg: members, roles and keys without secrets', async (t) => {
    const res = await call('getorg', { organizationId: second.id })
    t.equal(res.statusCode, 200)
    const body = res.json()
    t.match(body.organization, { id: second.id, members: 2 })
    t.same(body.members.map((m: any) => m.role), ['owner', 'member'])
    t.equal(body.roles.length, 3)
    t.match(body.apiKeys, [{ prefix: key.slice(0, 8), permissions: ['members:read'] }])
    t.notMatch(res.body, key.slice(8), 'never the key')
    assertError(t, await call('getorg', { organizationId: randomUUID() }), 404, 'ORG.NOT_FOUND')
  })

  t.test('deleteorg: soft, audited with the admin as actor; a user token is refused', async (t) => {
    assertError(t, await app.inject({ method: 'POST', url: '/v1/admins/deleteorg', payload: { organizationId: first.id }, headers: { authorization: `jwt-user ${owner.token}` } }),
      401, 'UNAUTHORIZED')
    const res = await call('deleteorg', { organizationId: first.id })
    t.same(res.json(), { status: 200, success: true })
    t.match(await orgEvents(app, 'org.deleted', first.id), [{ actor_type: 'admin', actor_id: admin.account.id }])
    assertError(t, await orgCall(app, 'get', owner.token, { organizationId: first.id }), 404, 'ORG.NOT_FOUND')
    t.ok((await call('getorg', { organizationId: first.id })).json().organization.deletedAt, 'admins still see it')
    assertError(t, await call('deleteorg', { organizationId: first.id }), 404, 'ORG.NOT_FOUND')
  })
})
