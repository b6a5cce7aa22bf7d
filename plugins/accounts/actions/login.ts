import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AuthResponseSchema, LoginArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { countOutcomes, operation, passwordRateLimit, sendIssued, sessionMeta } from './common.js'

/** /v1/<type>/login: email and password for an access token and a refresh token (201). */
export function login (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions } = app
    app.route({
      method: ANY_METHOD,
      url: '/login',
      config: { operation: operation(kind, 'login'), hashesPassword: true },
      schema: { querystring: LoginArgsSchema, response: responses({ 201: AuthResponseSchema(kind, 201) }) },
      preHandler: passwordRateLimit(app, kind, 'login'),
      ...countOutcomes(app, kind, 'logins'),
      handler: async (request, reply) => {
        const { email, password } = request.query
        return sendIssued(app, kind, reply, 201, await sessions.login(kind, email, password, sessionMeta(request)))
      }
    })
  }
}
