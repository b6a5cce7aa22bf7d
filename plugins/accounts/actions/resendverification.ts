import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { Success } from '../../../schemas/common.js'
import { EmailArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { auditContext, operation, passwordRateLimit } from './common.js'

/**
 * /v1/<type>/resendverification (public) with `email`: mails a new verification link to an
 * unconfirmed account with that address, for one that cannot sign in yet
 * (REQUIRE_EMAIL_CONFIRMED). Always 200 with the same body and about the same time, whether or
 * not there is one (no enumeration); limited per IP and email like login.
 */
export function resendverification (kind: AccountType): FastifyPluginAsync {
  return async (app) => {
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
}
