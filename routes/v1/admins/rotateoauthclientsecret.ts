import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { OauthClientIdArgsSchema, OauthClientSecretResponseSchema } from '../../../schemas/oauth-clients.js'
import { oauthClientError, ADMIN_ACCESS, NO_STORE, actorOf, clientsOf } from '../../../plugins/oidc/index.js'

/** rotateoauthclientsecret `clientId`: a new secret, shown this once; the old one is refused at once. */
const rotateoauthclientsecret: FastifyPluginAsync = async (app) => {
  const clients = clientsOf(app)
  defineAction(app, {
    url: '/rotateoauthclientsecret',
    operation: 'V1RotateOauthClientSecret',
    ...ADMIN_ACCESS,
    errors: [oauthClientError('OAUTH_CLIENT_NOT_FOUND'), oauthClientError('OAUTH_CLIENT_BAD_REQUEST_PUBLIC_CLIENT')],
    summary: 'Give a confidential OAuth client a new secret (shown once)',
    args: OauthClientIdArgsSchema,
    responses: { 200: OauthClientSecretResponseSchema },
    handler: async (request, reply) => {
      const rotated = await clients.rotate(actorOf(request), request.query.clientId)
      reply.headers(NO_STORE)
      return { status: 200 as const, success: true as const, ...rotated }
    }
  })
}
export default rotateoauthclientsecret
