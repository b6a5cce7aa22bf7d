import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { presentMine } from '../present.js'
import { MyOrganizationResponseSchema, OrgArgsSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/get: `organizationId`: the organization with the caller's role (members only). */
export const get: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/get',
    operation: 'V1GetOrg',
    auth: 'user',
    assurance: 'policy',
    permission: true,
    summary: 'Get an organization the caller is a member of, with the caller\'s role',
    args: OrgArgsSchema,
    responses: { 200: MyOrganizationResponseSchema(200) },
    handler: async (request) => {
      // The permission check read the organization with the membership (members only: never a key).
      const { organization, role, permissions } = request.membership!
      return { status: 200 as const, success: true as const, organization: presentMine({ ...organization!, role: role!, permissions }) }
    }
  })
}
