import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ACCOUNT_TYPES, auditContext, countOutcomes, operationNamed, sendSignIn, sessionMeta } from '../../../plugins/accounts/index.js'
import { AuthResponseSchema } from '../../../schemas/accounts.js'
import { MfaRequiredResponseSchema } from '../../../schemas/factors.js'
import { CancelDeletionArgsSchema } from '../../../schemas/privacy.js'

const USER = ACCOUNT_TYPES.user

/**
 * /v1/users/canceldeletion (public) with the `token` of the mailed link: the pending erasure is
 * cancelled, the account active again, and the caller signed in as with a sign-in link (201; 200
 * mfaRequired when a second factor is due). Unknown, used, expired, or the account erased
 * already: 400 USER.BAD_REQUEST_INVALID_TOKEN.
 */
const canceldeletion: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/canceldeletion',
    operation: operationNamed(USER, 'CancelDeletion'),
    signsIn: true,
    errors: ['USER.BAD_REQUEST_INVALID_TOKEN'],
    summary: 'Cancel the erasure of one\'s account with the mailed link, and sign in',
    args: CancelDeletionArgsSchema,
    responses: { 201: AuthResponseSchema(USER, 201), 200: MfaRequiredResponseSchema },
    ...countOutcomes(app, USER, 'logins'),
    handler: async (request, reply) => {
      const userId = await app.privacy.cancelErasure(USER, request.query.token, auditContext(request))
      return sendSignIn(app, USER, reply, await app.sessions.completeSignIn(USER, { id: userId }, sessionMeta(request), 'link'))
    }
  })
}
export default canceldeletion
