import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { orgOf } from '../../../plugins/orgs/index.js'
import { KeyOrgArgsSchema, RolesResponseSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/listroles: `organizationId` (`members:read`). */
const listroles: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/listroles',
    operation: 'V1ListOrgRoles',
    auth: 'user',
    assurance: 'policy',
    permission: 'members:read',
    summary: 'List an organization\'s roles (built-in and custom)',
    args: KeyOrgArgsSchema,
    responses: { 200: RolesResponseSchema },
    handler: async (request) => {
      const roles = await orgs.listRoles(orgOf(request))
      return { status: 200 as const, success: true as const, roles }
    }
  })
}
export default listroles
