import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { ListUsersArgsSchema, ListUsersResponseSchema } from '../../../schemas/admin.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { cursorArg } from '../../../plugins/admin/accounts.js'

/** /v1/admins/listusers: users newest first, by email substring and status, a page at a time. */
const listusers: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { accountAdmin } = app
  app.route({
    method: ANY_METHOD,
    url: '/listusers',
    config: { operation: 'V1ListUsersByAdmin', auth: 'admin' },
    schema: {
      summary: 'List users: search, status filter, pages',
      querystring: ListUsersArgsSchema,
      response: responses({ 200: ListUsersResponseSchema })
    },
    handler: async (request, reply) => {
      const { q, status, limit, cursor } = request.query
      const page = await accountAdmin.list(ACCOUNT_TYPES.user, { q, status, limit, after: cursorArg(cursor) })
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, users: page.accounts, nextCursor: page.nextCursor }
    }
  })
}
export default listusers
