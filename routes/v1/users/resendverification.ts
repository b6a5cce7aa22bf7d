import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { EmailArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, auditContext, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/resendverification (public) with `email`: mails a new verification link to an
 * unconfirmed account with that address, for one that cannot sign in yet
 * (REQUIRE_EMAIL_CONFIRMED). Always 200 with the same body and about the same time, whether or
 * not there is one (no enumeration); limited per IP and email like login.
 */
const resendverification: FastifyPluginAsync = async (app) => {
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/resendverification',
    operation: operation(kind, 'resendverification'),
    summary: 'Mail a new verification link without signing in (always 200)',
    args: EmailArgsSchema,
    responses: { 200: Success(200) },
    preHandler: passwordRateLimit(app, kind, 'resendverification'),
    handler: async (request) => {
      await accountLifecycle.resendVerification(kind, request.query.email, request.locale, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default resendverification
