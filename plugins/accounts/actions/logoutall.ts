import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, Success, responses } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { auditContext, operation, refreshCookieOptions } from './common.js'

/** /v1/<type>/logoutall (authenticated): every session and access token of the caller ends (200). */
export function logoutall (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions } = app
    const cookie = refreshCookieOptions(app)
    app.route({
      method: ANY_METHOD,
      url: '/logoutall',
      config: { operation: operation(kind, 'logoutall'), auth: kind.type },
      schema: {
        summary: 'Sign out every device; every access token dies at once',
        querystring: NoArgsSchema,
        response: responses({ 200: Success(200) })
      },
      handler: async (request, reply) => {
        await sessions.logoutAll(kind, request.account!.id, auditContext(request))
        reply.clearCookie(kind.cookie, cookie)
        return { status: 200 as const, success: true as const }
      }
    })
  }
}
