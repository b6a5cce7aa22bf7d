import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { OauthClientResponseSchema, UpdateOauthClientArgsSchema } from '../../../schemas/oauth-clients.js'
import { oauthClientError, ADMIN_ACCESS, actorOf, clientsOf } from '../../../plugins/oidc/index.js'

/** updateoauthclient `clientId` and any of `name`, `redirectUris`, `grantTypes`, `scopes`, `organizationId` (null removes it). */
const updateoauthclient: FastifyPluginAsync = async (app) => {
  const clients = clientsOf(app)
  defineAction(app, {
    url: '/updateoauthclient',
    operation: 'V1UpdateOauthClient',
    ...ADMIN_ACCESS,
    errors: [oauthClientError('OAUTH_CLIENT_NOT_FOUND'), oauthClientError('OAUTH_CLIENT_BAD_REQUEST_REDIRECT_URI'),
      oauthClientError('OAUTH_CLIENT_BAD_REQUEST_GRANT_TYPES'), oauthClientError('OAUTH_CLIENT_BAD_REQUEST_SCOPE'),
      oauthClientError('OAUTH_CLIENT_BAD_REQUEST_ORGANIZATION')],
    summary: 'Change an OAuth client (redirect URIs, grants, scopes, name, organization)',
    args: UpdateOauthClientArgsSchema,
    responses: { 200: OauthClientResponseSchema },
    handler: async (request) => ({ status: 200 as const, success: true as const, client: await clients.update(actorOf(request), request.query) })
  })
}
export default updateoauthclient
