import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { EmptyResponseSchema, OrgArgsSchema } from '../../../schemas/orgs.js'
import { auditContext } from '../../../plugins/accounts/index.js'
import { orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/leave: `organizationId`: the caller's membership is deleted; the last owner cannot leave. */
const leave: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/leave',
    operation: 'V1LeaveOrg',
    auth: 'user',
    assurance: 'policy',
    permission: true,
    errors: [orgError('ORG_BAD_REQUEST_LAST_OWNER')],
    summary: 'Leave an organization',
    args: OrgArgsSchema,
    responses: { 200: EmptyResponseSchema },
    handler: async (request) => {
      await orgs.leave(request.account!.id, request.query.organizationId, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default leave
