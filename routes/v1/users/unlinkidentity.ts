import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, Success, responses } from '../../../schemas/common.js'
import { UnlinkIdentityArgsSchema } from '../../../schemas/federation.js'
import { auditContext } from '../../../plugins/accounts/actions/common.js'

/**
 * /v1/users/unlinkidentity (authenticated) with `identityId`: removes one of the caller's
 * identities (200). Not the caller's: 404 USER.IDENTITY_NOT_FOUND; the last way into the account
 * (no password, no other identity, no passkey): 400 USER.BAD_REQUEST_LAST_SIGN_IN_METHOD.
 */
const unlinkidentity: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const { federation } = app
  app.route({
    method: ANY_METHOD,
    url: '/unlinkidentity',
    config: {
      operation: 'V1UnlinkIdentity',
      auth: 'user',
      errors: ['USER.IDENTITY_NOT_FOUND', 'USER.BAD_REQUEST_LAST_SIGN_IN_METHOD']
    },
    schema: {
      summary: 'Unlink a sign-in provider from the account',
      querystring: UnlinkIdentityArgsSchema,
      response: responses({ 200: Success(200) })
    },
    handler: async (request) => {
      await federation.identities.unlink(request.account!.id, request.query.identityId.toLowerCase(), auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default unlinkidentity
