import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { InvitationResponseSchema, InviteArgsSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/invite: `organizationId`, `email`, `role` (`members:invite`, and every permission of the role): mails the accept-invite link (PUBLIC_APP_URL/..., else PUBLIC_URL/account/...; core/links.ts), valid 7 days. */
const invite: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/invite',
    operation: 'V1InviteOrgMember',
    auth: 'user',
    assurance: 'policy',
    permission: 'members:invite',
    errors: [orgError('ORG_ROLE_NOT_FOUND'), orgError('ORG_BAD_REQUEST_ALREADY_MEMBER')],
    summary: 'Invite an address into an organization with a role (mails a link)',
    args: InviteArgsSchema,
    responses: { 201: InvitationResponseSchema(201) },
    handler: async (request, reply) => {
      const { email, role } = request.query
      const invitation = await orgs.invite(callerOf(request), orgOf(request), email, role, request.locale)
      reply.code(201)
      return { status: 201 as const, success: true as const, invitation }
    }
  })
}
export default invite
