import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AcceptInvitationArgsSchema, MyOrganizationResponseSchema } from '../../../schemas/orgs.js'
import { auditContext } from '../../../plugins/accounts/index.js'
import { orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/acceptinvitation: `token` of the mailed link: the signed-in user's email must be the invited one, and confirmed; works once. */
const acceptinvitation: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/acceptinvitation',
    operation: 'V1AcceptOrgInvitation',
    auth: 'user',
    assurance: 'policy',
    errors: [orgError('ORG_BAD_REQUEST_INVALID_INVITATION'), orgError('ORG_BAD_REQUEST_EMAIL_NOT_CONFIRMED'), orgError('ORG_BAD_REQUEST_ALREADY_MEMBER')],
    summary: 'Accept an invitation (the signed-in user must be the invited, confirmed address)',
    args: AcceptInvitationArgsSchema,
    responses: { 200: MyOrganizationResponseSchema(200) },
    handler: async (request) => {
      const organization = await orgs.acceptInvitation(request.account!.id, request.query.token, auditContext(request))
      return { status: 200 as const, success: true as const, organization }
    }
  })
}
export default acceptinvitation
