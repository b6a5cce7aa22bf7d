import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { orgOf, orgError } from '../../../plugins/orgs/index.js'
import { InvitationIdArgsSchema, InvitationResponseSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/revokeinvitation: `organizationId`, `invitationId` (`members:invite`): its link stops working. */
const revokeinvitation: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/revokeinvitation',
    operation: 'V1RevokeOrgInvitation',
    auth: 'user',
    assurance: 'policy',
    permission: 'members:invite',
    errors: [orgError('ORG_INVITATION_NOT_FOUND')],
    summary: 'Revoke a pending invitation',
    args: InvitationIdArgsSchema,
    responses: { 200: InvitationResponseSchema(200) },
    handler: async (request) => {
      const invitation = await orgs.revokeInvitation(orgOf(request), request.query.invitationId)
      return { status: 200 as const, success: true as const, invitation }
    }
  })
}
export default revokeinvitation
