import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { RoleResponseSchema, UpdateRoleArgsSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/updaterole: `organizationId`, `roleId`, `name` and/or `permissions` (`roles:manage`): its members can do exactly the new permissions at once. */
const updaterole: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/updaterole',
    operation: 'V1UpdateOrgRole',
    auth: 'user',
    assurance: 'policy',
    permission: 'roles:manage',
    errors: [orgError('ORG_BAD_REQUEST_BUILT_IN_ROLE'), orgError('ORG_ROLE_NOT_FOUND'), orgError('ORG_BAD_REQUEST_ROLE_NAME_TAKEN'), orgError('ORG_BAD_REQUEST_PERMISSION_NOT_ALLOWED')],
    summary: 'Change a custom role\'s name or permissions',
    args: UpdateRoleArgsSchema,
    responses: { 200: RoleResponseSchema(200) },
    handler: async (request) => {
      const { roleId, name, permissions } = request.query
      const role = await orgs.updateRole(callerOf(request), orgOf(request), roleId, { ...(name !== undefined && { name }), ...(permissions !== undefined && { permissions }) })
      return { status: 200 as const, success: true as const, role }
    }
  })
}
export default updaterole
