import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AuthResponseSchema, LoginArgsSchema } from '../../../schemas/accounts.js'
import { MfaRequiredResponseSchema } from '../../../schemas/factors.js'
import type { AccountType } from '../registry.js'
import { countOutcomes, operation, passwordRateLimit, sendSignIn, sessionMeta } from './common.js'

/**
 * /v1/<type>/login: email and password for an access token and a refresh token (201), or, for
 * an account with a verified TOTP factor, the second step (200 mfaRequired; verifymfa ends it).
 */
export function login (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions } = app
    app.route({
      method: ANY_METHOD,
      url: '/login',
      config: { operation: operation(kind, 'login') },
      schema: { querystring: LoginArgsSchema, response: responses({ 201: AuthResponseSchema(kind, 201), 200: MfaRequiredResponseSchema }) },
      preHandler: passwordRateLimit(app, kind, 'login'),
      ...countOutcomes(app, kind, 'logins'),
      handler: async (request, reply) => {
        const { email, password } = request.query
        return sendSignIn(app, kind, reply, await sessions.login(kind, email, password, sessionMeta(request)))
      }
    })
  }
}
