import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { EmailArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/requestpasswordreset (public) with `email`: mails a reset link to an active account
 * with that address. Always 200 with the same body, whether or not there is one (no enumeration);
 * limited per IP and email like login.
 */
const requestpasswordreset: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/requestpasswordreset',
    operation: operation(kind, 'requestpasswordreset'),
    summary: 'Mail a password reset link (always 200)',
    args: EmailArgsSchema,
    responses: { 200: Success(200) },
    preHandler: passwordRateLimit(app, kind, 'requestpasswordreset'),
    handler: async (request) => {
      await accountLifecycle.requestPasswordReset(kind, request.query.email, request.locale, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default requestpasswordreset
