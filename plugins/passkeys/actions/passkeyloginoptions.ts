import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { PasskeyLoginOptionsResponseSchema } from '../../../schemas/passkeys.js'
import type { AccountType } from '../../accounts/registry.js'
import { operationNamed } from '../../accounts/actions/common.js'

/** /v1/<type>/passkeyloginoptions (public): the options of navigator.credentials.get() and the challenge's id (200). */
export function passkeyLoginOptions (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { passkeys } = app
    app.route({
      method: ANY_METHOD,
      url: '/passkeyloginoptions',
      config: { operation: operationNamed(kind, 'PasskeyLoginOptions') },
      schema: {
        summary: 'Get the WebAuthn options of a passkey sign-in',
        querystring: NoArgsSchema,
        response: responses({ 200: PasskeyLoginOptionsResponseSchema })
      },
      handler: async (_request, reply) => {
        const { options, challengeId } = await passkeys.loginOptions(kind)
        reply.header('cache-control', 'no-store')
        return { status: 200 as const, success: true as const, options, challengeId }
      }
    })
  }
}
