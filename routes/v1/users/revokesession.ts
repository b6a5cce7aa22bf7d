import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { RevokeSessionArgsSchema } from '../../../schemas/accounts.js'
import { accountError, accountTypeAt, auditContext, errorsOf, operation, refreshCookieOptions } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/revokesession (authenticated) with `sessionId`, a family id from listsessions:
 * revokes that device's session (200); its sockets close on every instance. Revoking the
 * caller's own family is a logout (the cookie is cleared). Another owner's family, or one with
 * no active session, is 404 `<TYPE>.SESSION_NOT_FOUND`.
 */
const revokesession: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sessions } = app
  const cookie = refreshCookieOptions(app)
  defineAction(app, {
    url: '/revokesession',
    operation: operation(kind, 'revokesession'),
    auth: kind.type,
    assurance: 'policy',
    errors: errorsOf(kind, 'SESSION_NOT_FOUND'),
    summary: 'Sign out one device by its id',
    args: RevokeSessionArgsSchema,
    responses: { 200: Success(200) },
    handler: async (request, reply) => {
      const { id, sessionId } = request.account!
      const familyId = request.query.sessionId.toLowerCase()
      if (!await sessions.revokeSession(kind, id, familyId, auditContext(request))) throw accountError(kind, 'SESSION_NOT_FOUND')
      if (familyId === sessionId) reply.clearCookie(kind.cookie, cookie)
      return { status: 200 as const, success: true as const }
    }
  })
}
export default revokesession
