import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AuthResponseSchema, RefreshArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { countOutcomes, errorsOf, operation, presentedRefreshToken, sendIssued, sessionMeta } from './common.js'

/** /v1/<type>/refresh: rotates the refresh token (cookie or argument) for a new pair (200). */
export function refresh (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions } = app
    app.route({
      method: ANY_METHOD,
      url: '/refresh',
      config: {
        operation: operation(kind, 'refresh'),
        errors: errorsOf(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')
      },
      schema: {
        summary: 'Exchange the refresh token (cookie or body) for a new token pair',
        querystring: RefreshArgsSchema,
        response: responses({ 200: AuthResponseSchema(kind, 200) })
      },
      ...countOutcomes(app, kind, 'refreshes'),
      handler: async (request, reply) => {
        const { userAgent, ip } = sessionMeta(request)
        const out = await sessions.refresh(kind, presentedRefreshToken(kind, request), { userAgent, ip })
        return sendIssued(app, kind, reply, 200, out)
      }
    })
  }
}
