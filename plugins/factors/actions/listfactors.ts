import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ListFactorsResponseSchema } from '../../../schemas/factors.js'
import type { AccountType } from '../../accounts/registry.js'
import { operation } from '../../accounts/actions/common.js'

/** /v1/<type>/listfactors (authenticated): every factor of the caller, TOTP and passkeys, oldest first (200). */
export function listfactors (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { factors } = app
    app.route({
      method: ANY_METHOD,
      url: '/listfactors',
      config: { operation: operation(kind, 'listfactors'), auth: kind.type },
      schema: {
        summary: 'List the caller\'s second factors',
        querystring: NoArgsSchema,
        response: responses({ 200: ListFactorsResponseSchema })
      },
      handler: async (request) => {
        return { status: 200 as const, success: true as const, factors: await factors.listFactors(kind, request.account!.id) }
      }
    })
  }
}
