import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AdminUserResponseSchema, UserIdArgsSchema } from '../../../schemas/admin.js'
import { ACCOUNT_TYPES, accountError, auditContext } from '../../../plugins/accounts/index.js'

/**
 * /v1/admins/resetuserfactors (admins only) with `userId`: the user's factors and recovery
 * codes deleted, its sessions revoked (200 `{ user }`), for a user who lost its authenticator
 * and its codes. An unknown user is 404 `USER.NOT_FOUND`.
 */
const resetuserfactors: FastifyPluginAsync = async (app) => {
  const { factors } = app
  defineAction(app, {
    url: '/resetuserfactors',
    operation: 'V1ResetUserFactorsByAdmin',
    auth: 'admin',
    assurance: 'policy',
    errors: ['USER.NOT_FOUND'],
    summary: 'Remove a user\'s second factors and sign the user out',
    args: UserIdArgsSchema,
    responses: { 200: AdminUserResponseSchema },
    handler: async (request) => {
      const user = await factors.resetUserFactors(request.query.userId, auditContext(request))
      if (!user) throw accountError(ACCOUNT_TYPES.user, 'NOT_FOUND')
      return { status: 200 as const, success: true as const, user }
    }
  })
}
export default resetuserfactors
