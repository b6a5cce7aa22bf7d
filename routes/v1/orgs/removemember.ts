import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { EmptyResponseSchema, MemberArgsSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/removemember: `organizationId`, `userId` (`members:remove`, and every permission of the member's role): the membership is deleted; the last owner cannot be removed. */
const removemember: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/removemember',
    operation: 'V1RemoveOrgMember',
    auth: 'user',
    assurance: 'policy',
    permission: 'members:remove',
    errors: [orgError('ORG_MEMBER_NOT_FOUND'), orgError('ORG_BAD_REQUEST_LAST_OWNER')],
    summary: 'Remove a member from an organization',
    args: MemberArgsSchema,
    responses: { 200: EmptyResponseSchema },
    handler: async (request) => {
      await orgs.removeMember(callerOf(request), orgOf(request), request.query.userId)
      return { status: 200 as const, success: true as const }
    }
  })
}
export default removemember
