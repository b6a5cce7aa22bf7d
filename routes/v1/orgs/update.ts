import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { OrganizationResponseSchema, UpdateOrgArgsSchema } from '../../../schemas/orgs.js'
import { callerOf, orgOf, orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/update: `organizationId`, `slug` and/or `name` (`org:update`). */
const update: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/update',
    operation: 'V1UpdateOrg',
    auth: 'user',
    assurance: 'policy',
    permission: 'org:update',
    errors: [orgError('ORG_BAD_REQUEST_SLUG_TAKEN')],
    summary: 'Change an organization\'s slug or name',
    args: UpdateOrgArgsSchema,
    responses: { 200: OrganizationResponseSchema },
    handler: async (request) => {
      const { slug, name } = request.query
      const organization = await orgs.update(callerOf(request), orgOf(request), { ...(slug !== undefined && { slug }), ...(name !== undefined && { name }) })
      return { status: 200 as const, success: true as const, organization }
    }
  })
}
export default update
