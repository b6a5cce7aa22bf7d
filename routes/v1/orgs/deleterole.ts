import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { EmptyResponseSchema, RoleIdArgsSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/deleterole: `organizationId`, `roleId` (`roles:manage`): refused while a member holds it. */
const deleterole: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/deleterole',
    operation: 'V1DeleteOrgRole',
    auth: 'user',
    assurance: 'policy',
    permission: 'roles:manage',
    errors: [orgError('ORG_BAD_REQUEST_BUILT_IN_ROLE'), orgError('ORG_ROLE_NOT_FOUND'), orgError('ORG_BAD_REQUEST_ROLE_IN_USE')],
    summary: 'Delete a custom role nobody holds',
    args: RoleIdArgsSchema,
    responses: { 200: EmptyResponseSchema },
    handler: async (request) => {
      await orgs.deleteRole(callerOf(request), orgOf(request), request.query.roleId)
      return { status: 200 as const, success: true as const }
    }
  })
}
export default deleterole
