import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ListProvidersResponseSchema } from '../../../schemas/federation.js'

/** /v1/users/oauthproviders (public): the providers of OIDC_PROVIDERS, for a sign-in page's buttons. */
const oauthproviders: FastifyPluginAsync = async (app) => {
  const { federation } = app
  defineAction(app, {
    url: '/oauthproviders',
    operation: 'V1ListOAuthProviders',
    summary: 'List the sign-in providers that are configured',
    args: NoArgsSchema,
    responses: { 200: ListProvidersResponseSchema },
    handler: async () => ({ status: 200 as const, success: true as const, providers: federation.providers.list() })
  })
}
export default oauthproviders
