import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ListProvidersResponseSchema } from '../../../schemas/federation.js'

/** /v1/users/oauthproviders (public): the providers of OIDC_PROVIDERS, for a sign-in page's buttons. */
const oauthproviders: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { federation } = app
  app.route({
    method: ANY_METHOD,
    url: '/oauthproviders',
    config: { operation: 'V1ListOAuthProviders' },
    schema: {
      summary: 'List the sign-in providers that are configured',
      querystring: NoArgsSchema,
      response: responses({ 200: ListProvidersResponseSchema })
    },
    handler: async () => ({ status: 200 as const, success: true as const, providers: federation.providers.list() })
  })
}
export default oauthproviders
