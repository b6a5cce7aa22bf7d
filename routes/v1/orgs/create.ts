import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { CreateOrgArgsSchema, MyOrganizationResponseSchema } from '../../../schemas/orgs.js'
import { auditContext } from '../../../plugins/accounts/index.js'
import { orgError } from '../../../plugins/orgs/index.js'

/** /v1/orgs/create: a new organization; the caller is its owner. */
const create: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/create',
    operation: 'V1CreateOrg',
    auth: 'user',
    assurance: 'policy',
    errors: [orgError('ORG_BAD_REQUEST_SLUG_TAKEN')],
    summary: 'Create an organization (the caller becomes its owner)',
    args: CreateOrgArgsSchema,
    responses: { 201: MyOrganizationResponseSchema(201) },
    handler: async (request, reply) => {
      const { slug, name } = request.query
      const organization = await orgs.create(request.account!.id, slug, name, auditContext(request))
      reply.code(201)
      return { status: 201 as const, success: true as const, organization }
    }
  })
}
export default create
