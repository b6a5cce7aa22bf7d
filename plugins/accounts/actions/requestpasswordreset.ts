import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, Success, responses } from '../../../schemas/common.js'
import { EmailArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { auditContext, operation, passwordRateLimit } from './common.js'

/**
 * /v1/<type>/requestpasswordreset (public) with `email`: mails a reset link to an active account
 * with that address. Always 200 with the same body, whether or not there is one (no enumeration);
 * limited per IP and email like login.
 */
export function requestpasswordreset (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { accountLifecycle } = app
    app.route({
      method: ANY_METHOD,
      url: '/requestpasswordreset',
      config: { operation: operation(kind, 'requestpasswordreset') },
      schema: {
        summary: 'Mail a password reset link (always 200)',
        querystring: EmailArgsSchema,
        response: responses({ 200: Success(200) })
      },
      preHandler: passwordRateLimit(app, kind, 'requestpasswordreset'),
      handler: async (request) => {
        await accountLifecycle.requestPasswordReset(kind, request.query.email, request.locale, auditContext(request))
        return { status: 200 as const, success: true as const }
      }
    })
  }
}
