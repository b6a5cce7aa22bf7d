import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/errors.js'
import { mailedLink, type AccountPage } from '../core/links.js'
import type { AuditContext } from '../audit/index.js'
import { OPAQUE_TOKEN, hashToken, newOpaqueToken } from '../accounts/index.js'
import { uuidv7 } from '../../random.js'
import type { MyOrganization, PublicInvitation, PublicMember } from '../../schemas/orgs.js'
import { ORG_ERRORS } from './errors.js'
import { notFound, type OrgCaller } from './access.js'
import { invitationStatements, mailStatements, orgStatements, type MembershipRow } from './repository.js'
import { presentInvitation, presentMember, presentMine } from './present.js'
import { ADMIN_ROLE, OWNER_ROLE } from './permissions.js'
import { audit, inOrg, mustHold, roleNamed, type Tx } from './shared.js'

/** Invitations last 7 days. */
export const INVITATION_TTL = 7 * 86400
/** The page that accepts an invitation (`?token=`): the client app's, or the service's own (core/links.ts). */
export const ACCEPT_PAGE: AccountPage = 'accept-invite'

const memberNotFound = () => new AppError(ORG_ERRORS.ORG_MEMBER_NOT_FOUND)
const lastOwner = () => new AppError(ORG_ERRORS.ORG_BAD_REQUEST_LAST_OWNER)
const invalidInvitation = () => new AppError(ORG_ERRORS.ORG_BAD_REQUEST_INVALID_INVITATION)

/** Members and invitations: who is in an organization, with which role; the last owner stays. */
export function createMembers (app: FastifyInstance) {
  const { sql, config } = app

  async function memberOf (tx: Tx, organizationId: string, userId: string): Promise<MembershipRow> {
    const [member] = await orgStatements.member.run(tx, { organizationId, userId })
    if (!member) throw memberNotFound()
    return member
  }

  /** Refuses to take away the organization's last owner (under the organization's lock). */
  async function keepAnOwner (tx: Tx, organizationId: string, member: MembershipRow): Promise<void> {
    if (member.role_id !== OWNER_ROLE) return
    const [{ n }] = await orgStatements.owners.run(tx, { organizationId })
    if (n <= 1) throw lastOwner()
  }

  async function removeOne (tx: Tx, organizationId: string, member: MembershipRow, context: AuditContext, reason: 'removed' | 'left') {
    await keepAnOwner(tx, organizationId, member)
    await orgStatements.remove.run(tx, { organizationId, userId: member.user_id })
    await orgStatements.changed.run(tx, { organizationId, userId: member.user_id, gone: true })
    await audit(tx, 'member.removed', member.user_id, organizationId, context, { role: member.role, reason })
  }

  return {
    /** Invites `email` with the role named `role`; mails the link, queued in the same transaction. */
    async invite (caller: OrgCaller, organizationId: string, email: string, roleName: string, locale: string): Promise<PublicInvitation> {
      const address = email.toLowerCase()
      return inOrg(app, organizationId, async (tx) => {
        const role = await roleNamed(tx, organizationId, roleName)
        mustHold(caller, role.permissions)
        const [member] = await orgStatements.memberByEmail.run(tx, { organizationId, email: address })
        if (member) throw new AppError(ORG_ERRORS.ORG_BAD_REQUEST_ALREADY_MEMBER)
        await invitationStatements.supersede.run(tx, { organizationId, email: address })
        const { token, hash } = newOpaqueToken()
        const [row] = await invitationStatements.create.run(tx, {
          id: uuidv7(), organizationId, email: address, roleId: role.id, hash, invitedBy: caller.userId, lifetime: INVITATION_TTL
        })
        await mailStatements.invitation.run(tx, {
          organizationId, email: address, locale, link: mailedLink(config, ACCEPT_PAGE, token), lifetime: INVITATION_TTL
        })
        await audit(tx, 'member.invited', null, organizationId, caller.context, { email: address, role: role.name, invitationId: row.id })
        return presentInvitation({ ...row, role: role.name })
      })
    },

    async listInvitations (organizationId: string): Promise<PublicInvitation[]> {
      return (await invitationStatements.list.run(sql, { organizationId })).map(presentInvitation)
    },

    async revokeInvitation (organizationId: string, id: string): Promise<PublicInvitation> {
      const [row] = await invitationStatements.revoke.run(sql, { organizationId, id })
      if (!row) throw new AppError(ORG_ERRORS.ORG_INVITATION_NOT_FOUND)
      return presentInvitation(row)
    },

    /**
     * Joins with an invitation's token: only the invited address, confirmed, once. Unknown, used,
     * revoked, expired, or another address's: ORG.BAD_REQUEST_INVALID_INVITATION alike.
     */
    async acceptInvitation (userId: string, token: string, context: AuditContext): Promise<MyOrganization> {
      if (!OPAQUE_TOKEN.test(token)) throw invalidInvitation()
      return sql.begin(async (tx) => {
        const [invitation] = await invitationStatements.byToken.run(tx, { hash: hashToken(token) })
        if (!invitation?.usable) throw invalidInvitation()
        const [user] = await mailStatements.user.run(tx, { userId })
        if (!user || user.email !== invitation.email) throw invalidInvitation()
        if (!user.is_email_confirmed) throw new AppError(ORG_ERRORS.ORG_BAD_REQUEST_EMAIL_NOT_CONFIRMED)
        const organizationId = invitation.organization_id
        const [joined] = await orgStatements.join.run(tx, { organizationId, userId, roleId: invitation.role_id })
        if (!joined) throw new AppError(ORG_ERRORS.ORG_BAD_REQUEST_ALREADY_MEMBER)
        await invitationStatements.accept.run(tx, { id: invitation.id })
        const [mine] = await orgStatements.membership.run(tx, { organizationId, userId })
        await audit(tx, 'member.joined', userId, organizationId, context, { role: mine.role, invitationId: invitation.id })
        return presentMine(mine)
      }) as Promise<MyOrganization>
    },

    /** Whether a mailed invitation link can still be accepted (the mail job asks before sending). */
    async invitationUsable (link: string): Promise<boolean> {
      const token = new URL(link).searchParams.get('token') ?? ''
      if (!OPAQUE_TOKEN.test(token)) return false
      const [row] = await invitationStatements.usable.run(sql, { hash: hashToken(token) })
      return row.ok
    },

    /** Gives a member another role (its version grows); the last owner cannot be demoted. */
    async updateMember (caller: OrgCaller, organizationId: string, userId: string, roleName: string): Promise<PublicMember> {
      return inOrg(app, organizationId, async (tx) => {
        const member = await memberOf(tx, organizationId, userId)
        const role = await roleNamed(tx, organizationId, roleName)
        mustHold(caller, [...member.permissions, ...role.permissions])
        if (role.id !== member.role_id) {
          if (role.id !== OWNER_ROLE) await keepAnOwner(tx, organizationId, member)
          await orgStatements.setRole.run(tx, { organizationId, userId, roleId: role.id })
          await orgStatements.changed.run(tx, { organizationId, userId, gone: false })
          await audit(tx, 'member.role_changed', userId, organizationId, caller.context, { from: member.role, to: role.name })
        }
        const [row] = (await orgStatements.members.run(tx, { organizationId })).filter((m) => m.user_id === userId)
        return presentMember(row)
      })
    },

    /** Removes a member (its membership is deleted); the last owner cannot be removed. */
    async removeMember (caller: OrgCaller, organizationId: string, userId: string): Promise<void> {
      await inOrg(app, organizationId, async (tx) => {
        const member = await memberOf(tx, organizationId, userId)
        mustHold(caller, member.permissions)
        await removeOne(tx, organizationId, member, caller.context, userId === caller.userId ? 'left' : 'removed')
      })
    },

    /** The caller leaves; the last owner cannot. */
    async leave (userId: string, organizationId: string, context: AuditContext): Promise<void> {
      await inOrg(app, organizationId, async (tx) => {
        // Gone meanwhile (a concurrent leave or removal): as unknown as any organization.
        const [self] = await orgStatements.member.run(tx, { organizationId, userId })
        if (!self) throw notFound()
        await removeOne(tx, organizationId, self, context, 'left')
      })
    },

    /** The owner hands ownership to another member and becomes an admin. */
    async transferOwnership (caller: OrgCaller & { userId: string }, organizationId: string, userId: string): Promise<PublicMember[]> {
      return inOrg(app, organizationId, async (tx) => {
        const target = await memberOf(tx, organizationId, userId)
        const self = await memberOf(tx, organizationId, caller.userId)
        if (target.user_id === self.user_id) return (await orgStatements.members.run(tx, { organizationId })).map(presentMember)
        if (target.role_id !== OWNER_ROLE) {
          await orgStatements.setRole.run(tx, { organizationId, userId, roleId: OWNER_ROLE })
          await audit(tx, 'member.role_changed', userId, organizationId, caller.context, { from: target.role, to: 'owner', transfer: true })
        }
        await orgStatements.setRole.run(tx, { organizationId, userId: caller.userId, roleId: ADMIN_ROLE })
        await audit(tx, 'member.role_changed', caller.userId, organizationId, caller.context, { from: self.role, to: 'admin', transfer: true })
        return (await orgStatements.members.run(tx, { organizationId })).map(presentMember)
      })
    }
  }
}
