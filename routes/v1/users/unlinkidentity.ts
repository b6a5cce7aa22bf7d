import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { UnlinkIdentityArgsSchema } from '../../../schemas/federation.js'
import { auditContext } from '../../../plugins/accounts/index.js'

/**
 * /v1/users/unlinkidentity (authenticated) with `identityId`: removes one of the caller's
 * identities (200). Not the caller's: 404 USER.IDENTITY_NOT_FOUND; the last way into the account
 * (no password, no other identity, no passkey): 400 USER.BAD_REQUEST_LAST_SIGN_IN_METHOD.
 */
const unlinkidentity: FastifyPluginAsync = async (app) => {
  const { federation } = app
  defineAction(app, {
    url: '/unlinkidentity',
    operation: 'V1UnlinkIdentity',
    auth: 'user',
    assurance: 'policy',
    errors: ['USER.IDENTITY_NOT_FOUND', 'USER.BAD_REQUEST_LAST_SIGN_IN_METHOD'],
    summary: 'Unlink a sign-in provider from the account',
    args: UnlinkIdentityArgsSchema,
    responses: { 200: Success(200) },
    handler: async (request) => {
      await federation.identities.unlink(request.account!.id, request.query.identityId.toLowerCase(), auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default unlinkidentity
