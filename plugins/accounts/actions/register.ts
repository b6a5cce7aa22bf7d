import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AuthResponseSchema, RegisterArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { operation, passwordRateLimit, sendIssued, sessionMeta } from './common.js'

/** /v1/<type>/register: a new active account, signed in like a login (201). Off: 404. */
export function register (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions, config } = app
    if (!config.registrationEnabled) return
    app.route({
      method: ANY_METHOD,
      url: '/register',
      config: { operation: operation(kind, 'register') },
      schema: { querystring: RegisterArgsSchema, response: responses({ 201: AuthResponseSchema(kind, 201) }) },
      preHandler: passwordRateLimit(app, kind, 'register'),
      handler: async (request, reply) => {
        const { email, password } = request.query
        return sendIssued(app, kind, reply, 201, await sessions.register(kind, email, password, sessionMeta(request)))
      }
    })
  }
}
