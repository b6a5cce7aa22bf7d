import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { RevokeAuthorizedAppArgsSchema, RevokeAuthorizedAppResponseSchema } from '../../../schemas/authorized-apps.js'
import { ACCOUNT_TYPES, operationNamed } from '../../../plugins/accounts/index.js'
import { revokeAuthorizedApp } from '../../../plugins/oidc/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/revokeauthorizedapp (authenticated) with `clientId`: withdraws the caller's consent to
 * an application of the OpenID provider; its tokens stop working and its next authorization asks
 * for consent again.
 */
const revokeauthorizedapp: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/revokeauthorizedapp',
    operation: operationNamed(kind, 'RevokeAuthorizedApp'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'Withdraw an application\'s consent and revoke its tokens',
    args: RevokeAuthorizedAppArgsSchema,
    responses: { 200: RevokeAuthorizedAppResponseSchema },
    handler: async (request) => {
      const revoked = await revokeAuthorizedApp(app.sql, request.account!.id, request.query.clientId)
      return { status: 200 as const, success: true as const, revoked }
    }
  })
}
export default revokeauthorizedapp
