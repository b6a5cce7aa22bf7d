import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { MemberResponseSchema, UpdateMemberArgsSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/updatemember: `organizationId`, `userId`, `role` (`members:update`, and every permission of both roles): the member's version grows; the last owner cannot be demoted. */
const updatemember: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/updatemember',
    operation: 'V1UpdateOrgMember',
    auth: 'user',
    assurance: 'policy',
    permission: 'members:update',
    errors: [orgError('ORG_MEMBER_NOT_FOUND'), orgError('ORG_ROLE_NOT_FOUND'), orgError('ORG_BAD_REQUEST_LAST_OWNER')],
    summary: 'Change a member\'s role',
    args: UpdateMemberArgsSchema,
    responses: { 200: MemberResponseSchema },
    handler: async (request) => {
      const { userId, role } = request.query
      const member = await orgs.updateMember(callerOf(request), orgOf(request), userId, role)
      return { status: 200 as const, success: true as const, member }
    }
  })
}
export default updatemember
