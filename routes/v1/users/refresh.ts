import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { AuthResponseSchema, RefreshArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, countOutcomes, errorsOf, operation, presentedRefreshToken, sendIssued, sessionMeta } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/refresh: rotates the refresh token (cookie or argument) for a new pair (200). */
const refresh: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sessions } = app
  defineAction(app, {
    url: '/refresh',
    operation: operation(kind, 'refresh'),
    errors: errorsOf(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'),
    summary: 'Exchange the refresh token (cookie or body) for a new token pair',
    args: RefreshArgsSchema,
    responses: { 200: AuthResponseSchema(kind, 200) },
    ...countOutcomes(app, kind, 'refreshes'),
    handler: async (request, reply) => {
      const { userAgent, ip } = sessionMeta(request)
      const out = await sessions.refresh(kind, presentedRefreshToken(kind, request), { userAgent, ip })
      return sendIssued(app, kind, reply, 200, out)
    }
  })
}
export default refresh
