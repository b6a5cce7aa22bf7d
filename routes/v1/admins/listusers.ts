import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ListUsersArgsSchema, ListUsersResponseSchema } from '../../../schemas/admin.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/index.js'
import { cursorArg } from '../../../plugins/core/cursor.js'

/** /v1/admins/listusers: users newest first, by email substring and status, a page at a time. */
const listusers: FastifyPluginAsync = async (app) => {
  const { accountAdmin } = app
  defineAction(app, {
    url: '/listusers',
    operation: 'V1ListUsersByAdmin',
    auth: 'admin',
    assurance: 'policy',
    summary: 'List users: search, status filter, pages',
    args: ListUsersArgsSchema,
    responses: { 200: ListUsersResponseSchema },
    handler: async (request, reply) => {
      const { q, status, limit, cursor } = request.query
      const page = await accountAdmin.list(ACCOUNT_TYPES.user, { q, status, limit, after: cursorArg(cursor) })
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, users: page.accounts, nextCursor: page.nextCursor }
    }
  })
}
export default listusers
