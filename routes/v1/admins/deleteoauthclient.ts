import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { OauthClientDeletedResponseSchema, OauthClientIdArgsSchema } from '../../../schemas/oauth-clients.js'
import { oauthClientError, ADMIN_ACCESS, actorOf, clientsOf } from '../../../plugins/oidc/index.js'

/** deleteoauthclient `clientId`: the client, and its grants and tokens at the provider. */
const deleteoauthclient: FastifyPluginAsync = async (app) => {
  const clients = clientsOf(app)
  defineAction(app, {
    url: '/deleteoauthclient',
    operation: 'V1DeleteOauthClient',
    ...ADMIN_ACCESS,
    errors: [oauthClientError('OAUTH_CLIENT_NOT_FOUND')],
    summary: 'Delete an OAuth client, its grants and its tokens',
    args: OauthClientIdArgsSchema,
    responses: { 200: OauthClientDeletedResponseSchema },
    handler: async (request) => {
      await clients.remove(actorOf(request), request.query.clientId)
      return { status: 200 as const, success: true as const }
    }
  })
}
export default deleteoauthclient
