import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { CreateOauthClientArgsSchema, CreatedOauthClientResponseSchema } from '../../../schemas/oauth-clients.js'
import { oauthClientError, ADMIN_ACCESS, NO_STORE, actorOf, clientsOf } from '../../../plugins/oidc/index.js'

/** createoauthclient `name`, `type`, `redirectUris`, `grantTypes`, `scopes`, `organizationId`: the client and its secret, shown this once. */
const createoauthclient: FastifyPluginAsync = async (app) => {
  const clients = clientsOf(app)
  defineAction(app, {
    url: '/createoauthclient',
    operation: 'V1CreateOauthClient',
    ...ADMIN_ACCESS,
    errors: [oauthClientError('OAUTH_CLIENT_BAD_REQUEST_REDIRECT_URI'), oauthClientError('OAUTH_CLIENT_BAD_REQUEST_GRANT_TYPES'),
      oauthClientError('OAUTH_CLIENT_BAD_REQUEST_SCOPE'), oauthClientError('OAUTH_CLIENT_BAD_REQUEST_ORGANIZATION')],
    summary: 'Register an OAuth client of the OpenID provider (its secret is shown once)',
    args: CreateOauthClientArgsSchema,
    responses: { 201: CreatedOauthClientResponseSchema },
    handler: async (request, reply) => {
      const created = await clients.create(actorOf(request), request.query)
      reply.code(201).headers(NO_STORE)
      return { status: 201 as const, success: true as const, ...created }
    }
  })
}
export default createoauthclient
