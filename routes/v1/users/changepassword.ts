import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { ChangePasswordArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, callerId, errorsOf, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/changepassword (authenticated) with `currentPassword` and `newPassword`: every other
 * device is signed out, this one stays signed in (200). A wrong current password is
 * INVALID_CURRENT_PASSWORD, and guesses are limited per account like logins.
 */
const changepassword: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/changepassword',
    operation: operation(kind, 'changepassword'),
    hashesPassword: true,
    auth: kind.type,
    assurance: 'policy',
    errors: errorsOf(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD', 'BAD_REQUEST_WEAK_PASSWORD'),
    summary: 'Change the password; the other devices are signed out',
    args: ChangePasswordArgsSchema,
    responses: { 200: Success(200) },
    preHandler: passwordRateLimit(app, kind, 'changepassword', callerId),
    handler: async (request) => {
      const { currentPassword, newPassword } = request.query
      await accountLifecycle.changePassword(kind, request.account!.id, currentPassword, newPassword, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default changepassword
