import t from 'tap'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { build } from '../../helpers/app.js'
import { ENV } from '../../helpers/accounts.js'
import { joined, newMember, newOrg, orgCall } from '../../helpers/orgs.js'

/** What the check reads of a request, and a reply that keeps the headers set. */
function fake (account: Record<string, unknown>, organizationId: string) {
  const headers: Record<string, string> = {}
  const request = { query: { organizationId }, account, apiKey: null, membership: null, routeOptions: { url: '/test' } } as unknown as FastifyRequest
  const reply = { header: (name: string, value: string) => { headers[name] = value; return reply } } as unknown as FastifyReply
  return { request, reply, headers }
}

t.test('the permission check: the membership as it is now, and the token\'s org claim version', async (t) => {
  const app = await build(t, { env: ENV })
  const check = app.routeAccess.permissions!.check
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const member = await joined(app, org.id, 'member')
  const claim = (membershipVersion: number, id = org.id) => ({ id, slug: org.slug, role: 'member', permissions: ['members:read'], membershipVersion })

  t.test('leaves request.membership for the handler', async (t) => {
    const { request, reply } = fake({ id: member.account.id, type: 'user' }, org.id)
    await check(request, reply, 'members:read')
    const { organization, ...membership } = request.membership!
    t.same(membership, { organizationId: org.id, role: 'member', permissions: ['members:read', 'rooms:join'], version: 1 })
    t.match(organization, { id: org.id, slug: org.slug, created_at: Date }, 'the organization, for the handler')
  })

  t.test('the token\'s own organization, read with the owner (account.member): no read, the claim\'s permissions at its version', async (t) => {
    const joined = { member_version: 1, org_slug: org.slug, org_name: 'Joined', org_created_at: new Date(0), org_updated_at: new Date(0) }
    const current = fake({ id: member.account.id, type: 'user', org: claim(1), member: joined }, org.id)
    await check(current.request, current.reply, 'members:read')
    t.match(current.request.membership, { role: 'member', permissions: ['members:read'], version: 1, organization: { id: org.id, name: 'Joined' } },
      'what came with the owner, not a read (the name says so)')
    await t.rejects(check(current.request, current.reply, 'members:invite'), { code: 'ORG_FORBIDDEN' }, 'the claim\'s permissions decide')
    const bumped = fake({ id: member.account.id, type: 'user', org: claim(1), member: { ...joined, member_version: 2 } }, org.id)
    await t.rejects(check(bumped.request, bumped.reply, 'members:read'), { code: 'UNAUTHORIZED', statusCode: 401 }, 'another version: stale')
    const gone = fake({ id: member.account.id, type: 'user', org: claim(1), member: null }, org.id)
    await t.rejects(check(gone.request, gone.reply, 'members:read'), { code: 'ORG_NOT_FOUND' }, 'no membership came: not found')
  })

  t.test('a token whose org claim carries the current version passes; another version is 401 (refresh)', async (t) => {
    const fresh = fake({ id: member.account.id, type: 'user', org: claim(1) }, org.id)
    await check(fresh.request, fresh.reply, 'members:read')
    t.equal(fresh.request.membership?.version, 1)
    await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: member.account.id, role: 'admin' })
    const stale = fake({ id: member.account.id, type: 'user', org: claim(1) }, org.id)
    await t.rejects(check(stale.request, stale.reply, 'members:read'), { code: 'UNAUTHORIZED', statusCode: 401 })
    t.equal(stale.headers['www-authenticate'], 'jwt-user error="invalid_token"')
    const current = fake({ id: member.account.id, type: 'user', org: claim(2) }, org.id)
    await check(current.request, current.reply, 'members:invite')
    t.equal(current.request.membership?.role, 'admin', 'the new role counts')
    // A claim for another organization says nothing about this one.
    const elsewhere = fake({ id: member.account.id, type: 'user', org: claim(1, '00000000-0000-7000-8000-0000000000ff') }, org.id)
    await check(elsewhere.request, elsewhere.reply, 'members:read')
    t.equal(elsewhere.request.membership?.version, 2)
  })

  t.test('a removed member: ORG.NOT_FOUND; a missing permission: ORG.FORBIDDEN naming it', async (t) => {
    const { request, reply } = fake({ id: owner.account.id, type: 'user' }, org.id)
    await check(request, reply, true)
    const plain = await joined(app, org.id, 'member')
    await t.rejects(check(fake({ id: plain.account.id, type: 'user' }, org.id).request, reply, 'org:update'),
      { code: 'ORG_FORBIDDEN', statusCode: 403, options: { params: { permission: 'org:update' } } })
    await orgCall(app, 'removemember', owner.token, { organizationId: org.id, userId: plain.account.id })
    await t.rejects(check(fake({ id: plain.account.id, type: 'user' }, org.id).request, reply, true), { code: 'ORG_NOT_FOUND', statusCode: 404 })
  })
})
