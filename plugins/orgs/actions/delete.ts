import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { EmptyResponseSchema, OrgArgsSchema } from '../../../schemas/orgs.js'
import { callerOf } from '../access.js'

/** /v1/orgs/delete: `organizationId` (`org:delete`: owners): deleted softly; its members, keys and invitations stop working at once. */
export const deleteOrg: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/delete',
    operation: 'V1DeleteOrg',
    auth: 'user',
    assurance: 'policy',
    permission: 'org:delete',
    summary: 'Delete an organization (softly; its slug stays taken)',
    args: OrgArgsSchema,
    responses: { 200: EmptyResponseSchema },
    handler: async (request) => {
      await orgs.remove(callerOf(request), request.query.organizationId)
      return { status: 200 as const, success: true as const }
    }
  })
}
