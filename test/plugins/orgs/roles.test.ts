import t from 'tap'
import { build } from '../../helpers/app.js'
import { ENV, assertError } from '../../helpers/accounts.js'
import { ROLE_IDS, joined, membershipOf, newMember, newOrg, orgCall, orgEvents } from '../../helpers/orgs.js'

t.test('custom roles: what their members can do is exactly their permissions', async (t) => {
  const app = await build(t, { env: ENV })
  const owner = await newMember(app)
  const org = await newOrg(app, owner)

  t.test('listroles: the built-in ones, then the organization\'s own', async (t) => {
    const res = await orgCall(app, 'listroles', owner.token, { organizationId: org.id })
    t.equal(res.statusCode, 200)
    t.match(res.json().roles, [
      { id: ROLE_IDS.owner, name: 'owner', builtIn: true },
      { id: ROLE_IDS.admin, name: 'admin', builtIn: true },
      { id: ROLE_IDS.member, name: 'member', builtIn: true, permissions: ['members:read', 'rooms:join'] }
    ])
  })

  t.test('createrole, then a member with it can do exactly that; updaterole changes it at once and bumps versions', async (t) => {
    const res = await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'inviter', permissions: ['members:invite', 'app:billing:read'] })
    t.equal(res.statusCode, 201)
    const { role } = res.json()
    t.match(role, { name: 'inviter', permissions: ['members:invite', 'app:billing:read'], builtIn: false })
    t.match(await orgEvents(app, 'role.created', org.id), [{ actor_id: owner.account.id, data: { roleId: role.id, name: 'inviter' } }])
    const holder = await joined(app, org.id, role.id)
    t.equal((await orgCall(app, 'listinvitations', holder.token, { organizationId: org.id })).statusCode, 200, 'members:invite')
    const noRead = assertError(t, await orgCall(app, 'listmembers', holder.token, { organizationId: org.id }), 403, 'ORG.FORBIDDEN')
    t.match(noRead.message, 'members:read', 'nothing beyond its permissions')

    const updated = await orgCall(app, 'updaterole', owner.token, { organizationId: org.id, roleId: role.id, permissions: ['members:read'] })
    t.equal(updated.statusCode, 200)
    t.same(updated.json().role.permissions, ['members:read'])
    t.equal((await orgCall(app, 'listmembers', holder.token, { organizationId: org.id })).statusCode, 200, 'the new permissions at once')
    t.equal((await orgCall(app, 'listinvitations', holder.token, { organizationId: org.id })).statusCode, 403, 'the old ones are gone')
    t.match(await membershipOf(app, org.id, holder.account.id), { version: 2 }, 'the holders\' versions grew')
    t.match(await orgEvents(app, 'role.updated', org.id), [{ data: { roleId: role.id, permissions: ['members:read'] } }])
    const renamed = await orgCall(app, 'updaterole', owner.token, { organizationId: org.id, roleId: role.id, name: 'reader' })
    t.match(renamed.json().role, { name: 'reader', permissions: ['members:read'] })
    t.match(await membershipOf(app, org.id, holder.account.id), { version: 2 }, 'a rename alone changes nobody\'s permissions')
    t.match((await orgCall(app, 'get', holder.token, { organizationId: org.id })).json().organization, { role: 'reader' })
  })

  t.test('names: built-in and taken ones are refused; permissions: only known ones or app:<x>:<y>, held by the caller', async (t) => {
    for (const name of ['owner', 'admin', 'member']) {
      assertError(t, await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name, permissions: [] }), 400, 'ORG.BAD_REQUEST_ROLE_NAME_TAKEN')
    }
    t.equal((await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'dup', permissions: [] })).statusCode, 201)
    assertError(t, await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'dup', permissions: [] }), 400, 'ORG.BAD_REQUEST_ROLE_NAME_TAKEN')
    for (const permission of ['org:transfer', 'members:fly', 'app:x', 'app::y', 'root', 'ORG:UPDATE']) {
      const body = assertError(t, await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'bad', permissions: [permission] }),
        400, 'ORG.BAD_REQUEST_PERMISSION_NOT_ALLOWED')
      t.match(body.message, permission, 'the message names it')
    }
    t.equal((await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'apps', permissions: ['app:*', 'app:crm:write'] })).statusCode, 201)
    const admin = await joined(app, org.id, 'admin')
    const refused = assertError(t, await orgCall(app, 'createrole', admin.token, { organizationId: org.id, name: 'deleter', permissions: ['org:delete'] }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'org:delete', 'nobody grants what it does not hold')
    const member = await joined(app, org.id, 'member')
    assertError(t, await orgCall(app, 'createrole', member.token, { organizationId: org.id, name: 'x', permissions: [] }), 403, 'ORG.FORBIDDEN')
  })

  t.test('app:* grants every app: permission and no other', async (t) => {
    const manager = (await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'manager', permissions: ['roles:manage', 'app:*'] })).json().role
    const holder = await joined(app, org.id, manager.id)
    const made = await orgCall(app, 'createrole', holder.token, { organizationId: org.id, name: 'crm', permissions: ['app:crm:write', 'app:billing:read'] })
    t.equal(made.statusCode, 201, 'app:* holds app:crm:write and app:billing:read')
    const refused = assertError(t, await orgCall(app, 'createrole', holder.token, { organizationId: org.id, name: 'reader2', permissions: ['members:read'] }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'members:read', 'but not Latchkey\'s own')
  })

  t.test('built-in roles cannot be changed; a role in use cannot be deleted; deleterole', async (t) => {
    for (const id of Object.values(ROLE_IDS)) {
      assertError(t, await orgCall(app, 'updaterole', owner.token, { organizationId: org.id, roleId: id, permissions: [] }), 400, 'ORG.BAD_REQUEST_BUILT_IN_ROLE')
      assertError(t, await orgCall(app, 'deleterole', owner.token, { organizationId: org.id, roleId: id }), 400, 'ORG.BAD_REQUEST_BUILT_IN_ROLE')
    }
    const role = (await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'temp', permissions: ['rooms:join'] })).json().role
    const holder = await joined(app, org.id, role.id)
    assertError(t, await orgCall(app, 'deleterole', owner.token, { organizationId: org.id, roleId: role.id }), 400, 'ORG.BAD_REQUEST_ROLE_IN_USE')
    await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: holder.account.id, role: 'member' })
    const res = await orgCall(app, 'deleterole', owner.token, { organizationId: org.id, roleId: role.id })
    t.same(res.json(), { status: 200, success: true })
    t.match(await orgEvents(app, 'role.deleted', org.id), [{ data: { roleId: role.id, name: 'temp' } }])
    assertError(t, await orgCall(app, 'deleterole', owner.token, { organizationId: org.id, roleId: role.id }), 404, 'ORG.ROLE_NOT_FOUND')
    // Another organization's role is not this one's.
    const other = await newOrg(app, owner)
    const foreign = (await orgCall(app, 'createrole', owner.token, { organizationId: other.id, name: 'foreign', permissions: [] })).json().role
    assertError(t, await orgCall(app, 'updaterole', owner.token, { organizationId: org.id, roleId: foreign.id, name: 'mine' }), 404, 'ORG.ROLE_NOT_FOUND')
    assertError(t, await orgCall(app, 'invite', owner.token, { organizationId: org.id, email: 'x@latchkey.test', role: 'foreign' }), 404, 'ORG.ROLE_NOT_FOUND')
  })
})
