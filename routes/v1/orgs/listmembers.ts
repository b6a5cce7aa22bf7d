import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { orgOf } from '../../../plugins/orgs/index.js'
import { KeyOrgArgsSchema, MembersResponseSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/listmembers: `organizationId` (`members:read`). */
const listmembers: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/listmembers',
    operation: 'V1ListOrgMembers',
    auth: 'user',
    assurance: 'policy',
    permission: 'members:read',
    summary: 'List an organization\'s members and their roles',
    args: KeyOrgArgsSchema,
    responses: { 200: MembersResponseSchema },
    handler: async (request) => {
      const members = await orgs.listMembers(orgOf(request))
      return { status: 200 as const, success: true as const, members }
    }
  })
}
export default listmembers
