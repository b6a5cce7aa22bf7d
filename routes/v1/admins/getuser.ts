import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { GetUserResponseSchema, UserIdArgsSchema } from '../../../schemas/admin.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { accountError } from '../../../plugins/accounts/errors.js'

/** /v1/admins/getuser `userId`: the user as admins see it, with its devices (none is `current`). */
const getuser: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { accountAdmin, sessions } = app
  const kind = ACCOUNT_TYPES.user
  app.route({
    method: ANY_METHOD,
    url: '/getuser',
    config: {
      operation: 'V1GetUserByAdmin',
      auth: 'admin',
      errors: ['USER.NOT_FOUND']
    },
    schema: {
      summary: 'Get a user and the user\'s devices',
      querystring: UserIdArgsSchema,
      response: responses({ 200: GetUserResponseSchema })
    },
    handler: async (request, reply) => {
      const { userId } = request.query
      const user = await accountAdmin.get(kind, userId)
      if (!user) throw accountError(kind, 'NOT_FOUND')
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, user, sessions: await sessions.listSessions(kind, userId, null) }
    }
  })
}
export default getuser
