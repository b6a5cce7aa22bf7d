import t from 'tap'
import { build } from '../../helpers/app.js'
import { ENV, assertError } from '../../helpers/accounts.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { sha256 } from '../../helpers/tokens.js'
import { ROLE_IDS, joined, membershipOf, newMember, newOrg, orgCall, orgEvents } from '../../helpers/orgs.js'

t.test('invitations: mailed, once, only for the invited confirmed address', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url } })
  const owner = await newMember(app)
  const org = await newOrg(app, owner)

  t.test('invite mails PUBLIC_URL/account/accept-invite?token= (no PUBLIC_APP_URL); accepting joins with the role, once', async (t) => {
    const invitee = await newMember(app)
    const after = mail.mails.length
    const res = await orgCall(app, 'invite', owner.token, { organizationId: org.id, email: invitee.account.email.toUpperCase(), role: 'admin' })
    t.equal(res.statusCode, 201)
    const { invitation } = res.json()
    t.match(invitation, { email: invitee.account.email, role: 'admin', invitedBy: owner.account.id, acceptedAt: null, revokedAt: null })
    t.ok(Date.parse(invitation.expiresAt) - Date.now() > 7 * 86400_000 - 60_000, 'valid 7 days')
    const message = await mail.next(invitee.account.email, { after })
    const token = linkToken(message, '/accept-invite')
    t.match(message.text, `http://localhost:8000/account/accept-invite?token=${token}`)
    t.match(message.text, org.name, 'the mail names the organization')
    const [row] = await app.sql`select * from invitations where id = ${invitation.id}`
    t.equal(row.token_hash, sha256(token), 'only the hash is kept')
    t.match(await orgEvents(app, 'member.invited', org.id), [{ actor_id: owner.account.id, data: { email: invitee.account.email, role: 'admin' } }])
    t.notMatch(JSON.stringify(await orgEvents(app, 'member.invited', org.id)), token, 'no token in the audit log')

    const link = `http://localhost:8000/account/accept-invite?token=${token}`
    t.ok(await app.orgs.invitationUsable(link), 'the mail job would send it')
    const accepted = await orgCall(app, 'acceptinvitation', invitee.token, { token })
    t.equal(accepted.statusCode, 200)
    t.match(accepted.json().organization, { id: org.id, role: 'admin' })
    t.match(await membershipOf(app, org.id, invitee.account.id), { role_id: ROLE_IDS.admin, version: 1 })
    t.match(await orgEvents(app, 'member.joined', org.id), [{ account_id: invitee.account.id, data: { role: 'admin' } }])
    assertError(t, await orgCall(app, 'acceptinvitation', invitee.token, { token }), 400, 'ORG.BAD_REQUEST_INVALID_INVITATION')
    t.notOk(await app.orgs.invitationUsable(link), 'an accepted invitation is not mailed again')
    const listed = (await orgCall(app, 'listinvitations', owner.token, { organizationId: org.id })).json().invitations
    t.ok(listed.find((i: any) => i.id === invitation.id).acceptedAt, 'listed as accepted')
  })

  t.test('another address, an unconfirmed one, a revoked, an expired or a made-up token are refused', async (t) => {
    const invitee = await newMember(app, { confirmed: false })
    const stranger = await newMember(app)
    const after = mail.mails.length
    const res = await orgCall(app, 'invite', owner.token, { organizationId: org.id, email: invitee.account.email, role: 'member' })
    const token = linkToken(await mail.next(invitee.account.email, { after }), '/accept-invite')
    assertError(t, await orgCall(app, 'acceptinvitation', stranger.token, { token }), 400, 'ORG.BAD_REQUEST_INVALID_INVITATION')
    assertError(t, await orgCall(app, 'acceptinvitation', invitee.token, { token }), 400, 'ORG.BAD_REQUEST_EMAIL_NOT_CONFIRMED')
    t.notOk(await membershipOf(app, org.id, invitee.account.id))
    await app.sql`update users set is_email_confirmed = true where id = ${invitee.account.id}`
    await app.sql`update invitations set expires_at = now() - interval '1 second' where id = ${res.json().invitation.id}`
    assertError(t, await orgCall(app, 'acceptinvitation', invitee.token, { token }), 400, 'ORG.BAD_REQUEST_INVALID_INVITATION')
    await app.sql`update invitations set expires_at = now() + interval '1 day' where id = ${res.json().invitation.id}`
    const revoked = await orgCall(app, 'revokeinvitation', owner.token, { organizationId: org.id, invitationId: res.json().invitation.id })
    t.equal(revoked.statusCode, 200)
    t.ok(revoked.json().invitation.revokedAt)
    assertError(t, await orgCall(app, 'acceptinvitation', invitee.token, { token }), 400, 'ORG.BAD_REQUEST_INVALID_INVITATION')
    assertError(t, await orgCall(app, 'revokeinvitation', owner.token, { organizationId: org.id, invitationId: res.json().invitation.id }),
      404, 'ORG.INVITATION_NOT_FOUND')
    assertError(t, await orgCall(app, 'acceptinvitation', invitee.token, { token: 'f'.repeat(64) }), 400, 'ORG.BAD_REQUEST_INVALID_INVITATION')
    assertError(t, await orgCall(app, 'acceptinvitation', invitee.token, { token: 'nope' }), 400, 'ORG.BAD_REQUEST_INVALID_INVITATION')
    t.notOk(await membershipOf(app, org.id, invitee.account.id), 'never joined')
  })

  t.test('a new invitation supersedes the pending one; members, unknown roles and roles above the inviter are refused', async (t) => {
    const admin = await joined(app, org.id, 'admin')
    const member = await joined(app, org.id, 'member')
    const email = `again-${Date.now()}@latchkey.test`
    const first = (await orgCall(app, 'invite', admin.token, { organizationId: org.id, email, role: 'member' })).json().invitation
    const second = (await orgCall(app, 'invite', admin.token, { organizationId: org.id, email, role: 'member' })).json().invitation
    const [old] = await app.sql`select revoked_at from invitations where id = ${first.id}`
    t.ok(old.revoked_at, 'the first one is revoked')
    t.not(first.id, second.id)
    assertError(t, await orgCall(app, 'invite', admin.token, { organizationId: org.id, email: member.account.email, role: 'member' }), 400, 'ORG.BAD_REQUEST_ALREADY_MEMBER')
    assertError(t, await orgCall(app, 'invite', admin.token, { organizationId: org.id, email, role: 'nosuchrole' }), 404, 'ORG.ROLE_NOT_FOUND')
    const up = assertError(t, await orgCall(app, 'invite', admin.token, { organizationId: org.id, email, role: 'owner' }), 403, 'ORG.FORBIDDEN')
    t.match(up.message, /org:(delete|transfer)/, 'an admin cannot make an owner')
    const refused = assertError(t, await orgCall(app, 'invite', member.token, { organizationId: org.id, email, role: 'member' }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'members:invite')
    assertError(t, await orgCall(app, 'listinvitations', member.token, { organizationId: org.id }), 403, 'ORG.FORBIDDEN')
  })
})

t.test('members: list, role changes, removal, leaving, ownership', async (t) => {
  const app = await build(t, { env: ENV })

  t.test('listmembers: every member with its role (members:read)', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const member = await joined(app, org.id, 'member')
    const res = await orgCall(app, 'listmembers', member.token, { organizationId: org.id })
    t.equal(res.statusCode, 200)
    t.same(res.json().members.map((m: any) => [m.userId, m.email, m.role]),
      [[owner.account.id, owner.account.email, 'owner'], [member.account.id, member.account.email, 'member']])
  })

  t.test('updatemember bumps the version and takes effect at once; the last owner cannot be demoted', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const member = await joined(app, org.id, 'member')
    t.equal((await orgCall(app, 'listinvitations', member.token, { organizationId: org.id })).statusCode, 403)
    const res = await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: member.account.id, role: 'admin' })
    t.equal(res.statusCode, 200)
    t.match(res.json().member, { userId: member.account.id, role: 'admin' })
    t.match(await membershipOf(app, org.id, member.account.id), { role_id: ROLE_IDS.admin, version: 2 })
    t.equal((await orgCall(app, 'listinvitations', member.token, { organizationId: org.id })).statusCode, 200, 'the new role counts at once')
    t.match(await orgEvents(app, 'member.role_changed', org.id), [{ account_id: member.account.id, actor_id: owner.account.id, data: { from: 'member', to: 'admin' } }])
    await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: member.account.id, role: 'member' })
    t.equal((await orgCall(app, 'listinvitations', member.token, { organizationId: org.id })).statusCode, 403, 'and so does a demotion')
    t.match(await membershipOf(app, org.id, member.account.id), { version: 3 })

    assertError(t, await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: owner.account.id, role: 'admin' }), 400, 'ORG.BAD_REQUEST_LAST_OWNER')
    t.match(await membershipOf(app, org.id, owner.account.id), { role_id: ROLE_IDS.owner, version: 1 })
    const stranger = await newMember(app)
    assertError(t, await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: stranger.account.id, role: 'admin' }), 404, 'ORG.MEMBER_NOT_FOUND')
    assertError(t, await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: member.account.id, role: 'ghost' }), 404, 'ORG.ROLE_NOT_FOUND')
  })

  t.test('an admin can neither make an owner nor touch one', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const admin = await joined(app, org.id, 'admin')
    const member = await joined(app, org.id, 'member')
    assertError(t, await orgCall(app, 'updatemember', admin.token, { organizationId: org.id, userId: member.account.id, role: 'owner' }), 403, 'ORG.FORBIDDEN')
    assertError(t, await orgCall(app, 'updatemember', admin.token, { organizationId: org.id, userId: owner.account.id, role: 'member' }), 403, 'ORG.FORBIDDEN')
    assertError(t, await orgCall(app, 'removemember', admin.token, { organizationId: org.id, userId: owner.account.id }), 403, 'ORG.FORBIDDEN')
    t.match(await membershipOf(app, org.id, owner.account.id), { role_id: ROLE_IDS.owner })
    const ok = await orgCall(app, 'updatemember', admin.token, { organizationId: org.id, userId: member.account.id, role: 'admin' })
    t.equal(ok.statusCode, 200, 'an admin makes an admin')
  })

  t.test('two concurrent demotions of the last two owners leave one owner', async (t) => {
    for (let round = 0; round < 5; round++) {
      const first = await newMember(app)
      const org = await newOrg(app, first)
      const second = await joined(app, org.id, 'owner')
      const answers = await Promise.all([
        orgCall(app, 'updatemember', first.token, { organizationId: org.id, userId: first.account.id, role: 'admin' }),
        orgCall(app, 'updatemember', second.token, { organizationId: org.id, userId: second.account.id, role: 'admin' })
      ])
      t.same(answers.map((a) => a.statusCode).sort(), [200, 400], `round ${round}: one succeeds, one is refused`)
      t.equal(answers.find((a) => a.statusCode === 400)!.json().error, 'ORG.BAD_REQUEST_LAST_OWNER')
      const [{ n }] = await app.sql`select count(*)::int as n from memberships where organization_id = ${org.id} and role_id = ${ROLE_IDS.owner}`
      t.equal(n, 1, 'one owner left')
    }
  })

  t.test('removemember deletes the membership (refused at once after); the last owner cannot be removed', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const member = await joined(app, org.id, 'member')
    const res = await orgCall(app, 'removemember', owner.token, { organizationId: org.id, userId: member.account.id })
    t.same(res.json(), { status: 200, success: true })
    t.notOk(await membershipOf(app, org.id, member.account.id), 'deleted')
    assertError(t, await orgCall(app, 'get', member.token, { organizationId: org.id }), 404, 'ORG.NOT_FOUND')
    t.match(await orgEvents(app, 'member.removed', org.id), [{ account_id: member.account.id, actor_id: owner.account.id, data: { reason: 'removed' } }])
    assertError(t, await orgCall(app, 'removemember', owner.token, { organizationId: org.id, userId: member.account.id }), 404, 'ORG.MEMBER_NOT_FOUND')
    assertError(t, await orgCall(app, 'removemember', owner.token, { organizationId: org.id, userId: owner.account.id }), 400, 'ORG.BAD_REQUEST_LAST_OWNER')
    const plain = await joined(app, org.id, 'member')
    const refused = assertError(t, await orgCall(app, 'removemember', plain.token, { organizationId: org.id, userId: owner.account.id }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'members:remove')
  })

  t.test('leave: a member leaves; the last owner cannot', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const member = await joined(app, org.id, 'member')
    t.same((await orgCall(app, 'leave', member.token, { organizationId: org.id })).json(), { status: 200, success: true })
    t.notOk(await membershipOf(app, org.id, member.account.id))
    t.match(await orgEvents(app, 'member.removed', org.id), [{ account_id: member.account.id, data: { reason: 'left' } }])
    assertError(t, await orgCall(app, 'leave', member.token, { organizationId: org.id }), 404, 'ORG.NOT_FOUND')
    assertError(t, await orgCall(app, 'leave', owner.token, { organizationId: org.id }), 400, 'ORG.BAD_REQUEST_LAST_OWNER')
    const second = await joined(app, org.id, 'owner')
    t.equal((await orgCall(app, 'leave', owner.token, { organizationId: org.id })).statusCode, 200, 'with another owner, an owner may leave')
    assertError(t, await orgCall(app, 'leave', second.token, { organizationId: org.id }), 400, 'ORG.BAD_REQUEST_LAST_OWNER')
  })

  t.test('transferownership: the member becomes owner, the owner an admin; owners only', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const admin = await joined(app, org.id, 'admin')
    const member = await joined(app, org.id, 'member')
    const refused = assertError(t, await orgCall(app, 'transferownership', admin.token, { organizationId: org.id, userId: admin.account.id }), 403, 'ORG.FORBIDDEN')
    t.match(refused.message, 'org:transfer')
    const stranger = await newMember(app)
    assertError(t, await orgCall(app, 'transferownership', owner.token, { organizationId: org.id, userId: stranger.account.id }), 404, 'ORG.MEMBER_NOT_FOUND')
    const res = await orgCall(app, 'transferownership', owner.token, { organizationId: org.id, userId: member.account.id })
    t.equal(res.statusCode, 200)
    t.same(res.json().members.map((m: any) => [m.userId, m.role]),
      [[owner.account.id, 'admin'], [admin.account.id, 'admin'], [member.account.id, 'owner']])
    t.match(await membershipOf(app, org.id, owner.account.id), { role_id: ROLE_IDS.admin, version: 2 })
    t.match(await membershipOf(app, org.id, member.account.id), { role_id: ROLE_IDS.owner, version: 2 })
    t.equal((await orgEvents(app, 'member.role_changed', org.id)).length, 2)
    assertError(t, await orgCall(app, 'delete', owner.token, { organizationId: org.id }), 403, 'ORG.FORBIDDEN')
  })
})
