import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ListOrgsByAdminArgsSchema, ListOrgsByAdminResponseSchema } from '../../../schemas/orgs.js'
import { cursorArg } from '../../../plugins/core/cursor.js'

/** /v1/admins/listorgs `q`, `limit`, `cursor` (opaque, as listusers'): every organization (deleted ones too), newest first, with its member count. */
const listorgs: FastifyPluginAsync = async (app) => {
  const { orgs } = app
  defineAction(app, {
    url: '/listorgs',
    operation: 'V1ListOrgsByAdmin',
    auth: 'admin',
    assurance: 'policy',
    summary: 'List organizations, newest first',
    args: ListOrgsByAdminArgsSchema,
    responses: { 200: ListOrgsByAdminResponseSchema },
    handler: async (request) => {
      const { q, limit, cursor } = request.query
      const page = await orgs.adminList({ q, limit, after: cursorArg(cursor) })
      return { status: 200 as const, success: true as const, ...page }
    }
  })
}
export default listorgs
