import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { GetOrgByAdminResponseSchema, OrgArgsSchema } from '../../../schemas/orgs.js'
import { notFound, orgError } from '../../../plugins/orgs/index.js'

/** /v1/admins/getorg `organizationId`: the organization (deleted or not), its members, roles and API keys (prefixes, never secrets). */
const getorg: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/getorg',
    operation: 'V1GetOrgByAdmin',
    auth: 'admin',
    assurance: 'policy',
    errors: [orgError('ORG_NOT_FOUND')],
    summary: 'Get an organization with its members, roles and API keys',
    args: OrgArgsSchema,
    responses: { 200: GetOrgByAdminResponseSchema },
    handler: async (request, reply) => {
      const { organizationId } = request.query
      const organization = await orgs.adminGet(organizationId)
      if (!organization) throw notFound()
      const [members, roles, apiKeys] = await Promise.all([orgs.listMembers(organizationId), orgs.listRoles(organizationId), orgs.listKeys(organizationId)])
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, organization, members, roles, apiKeys }
    }
  })
}
export default getorg
