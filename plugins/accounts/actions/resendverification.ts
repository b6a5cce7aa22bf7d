import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, Success, responses } from '../../../schemas/common.js'
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
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { accountLifecycle } = app
    app.route({
      method: ANY_METHOD,
      url: '/resendverification',
      config: { operation: operation(kind, 'resendverification') },
      schema: {
        summary: 'Mail a new verification link without signing in (always 200)',
        querystring: EmailArgsSchema,
        response: responses({ 200: Success(200) })
      },
      preHandler: passwordRateLimit(app, kind, 'resendverification'),
      handler: async (request) => {
        await accountLifecycle.resendVerification(kind, request.query.email, request.locale, auditContext(request))
        return { status: 200 as const, success: true as const }
      }
    })
  }
}
