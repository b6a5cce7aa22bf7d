import type { FastifyPluginAsync } from 'fastify'
import { defineAction, type SharedRouteOptions } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { EmailArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'

/**
 * /v1/<type>/requestpasswordreset (public) with `email`: mails a reset link to an active account
 * with that address. Always 200 with the same body, whether or not there is one (no enumeration);
 * limited per IP and email like login.
 */
const requestpasswordreset: FastifyPluginAsync<SharedRouteOptions> = async (app, { under }) => {
  const kind = accountTypeAt(under)
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
