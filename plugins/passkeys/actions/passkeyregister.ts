import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { FactorResponseSchema, PasskeyRegisterArgsSchema } from '../../../schemas/passkeys.js'
import type { AccountType } from '../../accounts/registry.js'
import { auditContext, errorsOf, operationNamed } from '../../accounts/actions/common.js'

/** /v1/<type>/passkeyregister (authenticated): the authenticator's answer to passkeyregisteroptions becomes a verified factor (200). */
export function passkeyRegister (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { passkeys } = app
    app.route({
      method: ANY_METHOD,
      url: '/passkeyregister',
      config: {
        operation: operationNamed(kind, 'PasskeyRegister'),
        auth: kind.type,
        errors: errorsOf(kind, 'BAD_REQUEST_INVALID_PASSKEY', 'BAD_REQUEST_TOO_MANY_PASSKEYS')
      },
      schema: {
        summary: 'Register a passkey with the authenticator\'s answer',
        querystring: PasskeyRegisterArgsSchema,
        response: responses({ 200: FactorResponseSchema })
      },
      handler: async (request) => {
        const { response, name = 'Passkey' } = request.query
        const factor = await passkeys.register(kind, request.account!, response, name, auditContext(request))
        return { status: 200 as const, success: true as const, factor }
      }
    })
  }
}
