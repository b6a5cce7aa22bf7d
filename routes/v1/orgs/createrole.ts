import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { CreateRoleArgsSchema, RoleResponseSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/createrole: `organizationId`, `name`, `permissions` (`roles:manage`; Latchkey's permissions or `app:<x>:<y>`, each held by the caller). */
const createrole: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/createrole',
    operation: 'V1CreateOrgRole',
    auth: 'user',
    assurance: 'policy',
    permission: 'roles:manage',
    errors: [orgError('ORG_BAD_REQUEST_ROLE_NAME_TAKEN'), orgError('ORG_BAD_REQUEST_PERMISSION_NOT_ALLOWED')],
    summary: 'Create a custom role',
    args: CreateRoleArgsSchema,
    responses: { 201: RoleResponseSchema(201) },
    handler: async (request, reply) => {
      const { name, permissions } = request.query
      const role = await orgs.createRole(callerOf(request), orgOf(request), name, permissions)
      reply.code(201)
      return { status: 201 as const, success: true as const, role }
    }
  })
}
export default createrole
