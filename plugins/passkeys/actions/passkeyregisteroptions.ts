import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { PasskeyRegisterOptionsResponseSchema } from '../../../schemas/passkeys.js'
import type { AccountType } from '../../accounts/registry.js'
import { errorsOf, operationNamed } from '../../accounts/actions/common.js'

/** /v1/<type>/passkeyregisteroptions (authenticated): the options of navigator.credentials.create() for a new passkey (200). */
export function passkeyRegisterOptions (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { passkeys } = app
    app.route({
      method: ANY_METHOD,
      url: '/passkeyregisteroptions',
      config: {
        operation: operationNamed(kind, 'PasskeyRegisterOptions'),
        auth: kind.type,
        errors: errorsOf(kind, 'FORBIDDEN_AAL2_REQUIRED', 'BAD_REQUEST_TOO_MANY_PASSKEYS')
      },
      schema: {
        summary: 'Get the WebAuthn options of a passkey registration',
        querystring: NoArgsSchema,
        response: responses({ 200: PasskeyRegisterOptionsResponseSchema })
      },
      handler: async (request, reply) => {
        const options = await passkeys.registrationOptions(kind, request.account!)
        reply.header('cache-control', 'no-store')
        return { status: 200 as const, success: true as const, options }
      }
    })
  }
}
