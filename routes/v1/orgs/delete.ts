import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { EmptyResponseSchema, KeyOrgArgsSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf } from '../../../plugins/orgs/index.js'

/** /v1/orgs/delete: `organizationId` (`org:delete`: owners): deleted softly; its members, keys and invitations stop working at once. */
const deleteOrg: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/delete',
    operation: 'V1DeleteOrg',
    auth: 'user',
    assurance: 'policy',
    permission: 'org:delete',
    summary: 'Delete an organization (softly; its slug stays taken)',
    args: KeyOrgArgsSchema,
    responses: { 200: EmptyResponseSchema },
    handler: async (request) => {
      await orgs.remove(callerOf(request), orgOf(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default deleteOrg
