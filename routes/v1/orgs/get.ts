import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { presentMine } from '../../../plugins/orgs/index.js'
import { KeyOrgArgsSchema, MyOrganizationResponseSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/get: `organizationId`: the organization with the caller's role and permissions (a member's, or an API key's: role null). */
const get: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/get',
    operation: 'V1GetOrg',
    auth: 'user',
    assurance: 'policy',
    permission: true,
    apiKeys: true,
    summary: 'Get an organization of the caller\'s, with its role and permissions there',
    args: KeyOrgArgsSchema,
    responses: { 200: MyOrganizationResponseSchema(200) },
    handler: async (request) => {
      // The permission check read the organization with the membership, or with the key.
      const { organization, role, permissions } = request.membership!
      return { status: 200 as const, success: true as const, organization: presentMine({ ...organization, role, permissions }) }
    }
  })
}
export default get
