import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ListMyOrgsResponseSchema } from '../../../schemas/orgs.js'

/** /v1/orgs/list: the caller's organizations, each with the caller's role and its permissions. */
const list: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/list',
    operation: 'V1ListOrgs',
    auth: 'user',
    assurance: 'policy',
    summary: 'List the caller\'s organizations with the caller\'s role in each',
    responses: { 200: ListMyOrgsResponseSchema },
    handler: async (request) => {
      const organizations = await orgs.listMine(request.account!.id)
      return { status: 200 as const, success: true as const, organizations }
    }
  })
}
export default list
