import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { MemberArgsSchema, MembersResponseSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/transferownership: `organizationId`, `userId` (`org:transfer`: owners): that member becomes an owner and the caller an admin. */
const transferownership: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/transferownership',
    operation: 'V1TransferOrgOwnership',
    auth: 'user',
    assurance: 'policy',
    permission: 'org:transfer',
    errors: [orgError('ORG_MEMBER_NOT_FOUND')],
    summary: 'Make another member the owner (the caller becomes an admin)',
    args: MemberArgsSchema,
    responses: { 200: MembersResponseSchema },
    handler: async (request) => {
      const caller = callerOf(request)
      const members = await orgs.transferOwnership({ ...caller, userId: request.account!.id }, orgOf(request), request.query.userId)
      return { status: 200 as const, success: true as const, members }
    }
  })
}
export default transferownership
