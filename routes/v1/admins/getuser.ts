import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { GetUserResponseSchema, UserIdArgsSchema } from '../../../schemas/admin.js'
import { ACCOUNT_TYPES, accountError } from '../../../plugins/accounts/index.js'

/** /v1/admins/getuser `userId`: the user as admins see it, with its devices (none is `current`) and second factors. */
const getuser: FastifyPluginAsync = async (app) => {
  const { accountAdmin, sessions, factors } = app
  const kind = ACCOUNT_TYPES.user
  defineAction(app, {
    url: '/getuser',
    operation: 'V1GetUserByAdmin',
    auth: 'admin',
    assurance: 'policy',
    errors: ['USER.NOT_FOUND'],
    summary: 'Get a user, the user\'s devices and second factors',
    args: UserIdArgsSchema,
    responses: { 200: GetUserResponseSchema },
    handler: async (request, reply) => {
      const { userId } = request.query
      const user = await accountAdmin.get(kind, userId)
      if (!user) throw accountError(kind, 'NOT_FOUND')
      reply.header('cache-control', 'no-store')
      const [devices, factorList] = await Promise.all([sessions.listSessions(kind, userId, null), factors.listFactors(kind, userId)])
      return { status: 200 as const, success: true as const, user, sessions: devices, factors: factorList }
    }
  })
}
export default getuser
