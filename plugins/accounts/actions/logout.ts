import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, Success, responses } from '../../../schemas/common.js'
import { RefreshArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { auditContext, operation, presentedRefreshToken, refreshCookieOptions } from './common.js'

/** /v1/<type>/logout (authenticated): revokes the presented session and clears the cookie (200). */
export function logout (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions } = app
    const cookie = refreshCookieOptions(app)
    app.route({
      method: ANY_METHOD,
      url: '/logout',
      config: { operation: operation(kind, 'logout'), auth: kind.type },
      schema: {
        summary: 'Sign out this device and clear the refresh cookie',
        querystring: RefreshArgsSchema,
        response: responses({ 200: Success(200) })
      },
      handler: async (request, reply) => {
        await sessions.logout(kind, request.account!.id, presentedRefreshToken(kind, request), auditContext(request))
        reply.clearCookie(kind.cookie, cookie)
        return { status: 200 as const, success: true as const }
      }
    })
  }
}
