import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ListOauthClientsArgsSchema, OauthClientsResponseSchema } from '../../../schemas/oauth-clients.js'
import { ADMIN_ACCESS, clientsOf } from '../../../plugins/oidc/index.js'

/** listoauthclients: every client, oldest first, never a secret. */
const listoauthclients: FastifyPluginAsync = async (app) => {
  const clients = clientsOf(app)
  defineAction(app, {
    url: '/listoauthclients',
    operation: 'V1ListOauthClients',
    ...ADMIN_ACCESS,
    summary: 'List the OAuth clients of the OpenID provider (never their secrets)',
    args: ListOauthClientsArgsSchema,
    responses: { 200: OauthClientsResponseSchema },
    handler: async () => ({ status: 200 as const, success: true as const, clients: await clients.list() })
  })
}
export default listoauthclients
