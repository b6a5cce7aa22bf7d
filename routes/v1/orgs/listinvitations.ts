import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { orgOf } from '../../../plugins/orgs/index.js'
import { InvitationsResponseSchema, KeyOrgArgsSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/listinvitations: `organizationId` (`members:invite`): pending, accepted, revoked and expired ones. */
const listinvitations: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/listinvitations',
    operation: 'V1ListOrgInvitations',
    auth: 'user',
    assurance: 'policy',
    permission: 'members:invite',
    summary: 'List an organization\'s invitations, newest first',
    args: KeyOrgArgsSchema,
    responses: { 200: InvitationsResponseSchema },
    handler: async (request) => {
      const invitations = await orgs.listInvitations(orgOf(request))
      return { status: 200 as const, success: true as const, invitations }
    }
  })
}
export default listinvitations
