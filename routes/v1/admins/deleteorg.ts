import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { EmptyResponseSchema, OrgArgsSchema } from '../../../schemas/orgs.js'
import { auditContext } from '../../../plugins/accounts/index.js'
import { orgError } from '../../../plugins/orgs/index.js'

/** /v1/admins/deleteorg `organizationId`: deleted softly, as by its owner (org.deleted, the admin as actor). */
const deleteorg: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/deleteorg',
    operation: 'V1DeleteOrgByAdmin',
    auth: 'admin',
    assurance: 'policy',
    errors: [orgError('ORG_NOT_FOUND')],
    summary: 'Delete an organization (softly)',
    args: OrgArgsSchema,
    responses: { 200: EmptyResponseSchema },
    handler: async (request) => {
      await orgs.adminDelete(request.query.organizationId, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default deleteorg
