import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { ResetPasswordArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, errorsOf, operation } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/resetpassword (public) with the `token` of a reset link and the new `password`:
 * sets it, confirms the email, and signs the account out everywhere (200).
 */
const resetpassword: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/resetpassword',
    operation: operation(kind, 'resetpassword'),
    hashesPassword: true,
    errors: errorsOf(kind, 'BAD_REQUEST_INVALID_TOKEN', 'BAD_REQUEST_WEAK_PASSWORD'),
    summary: 'Set a new password with the token of the mailed link',
    args: ResetPasswordArgsSchema,
    responses: { 200: Success(200) },
    handler: async (request) => {
      const { token, password } = request.query
      await accountLifecycle.resetPassword(kind, token, password, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default resetpassword
