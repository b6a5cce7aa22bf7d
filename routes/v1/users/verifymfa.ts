import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { AuthResponseSchema } from '../../../schemas/accounts.js'
import { VerifyMfaArgsSchema } from '../../../schemas/factors.js'
import { accountTypeAt, auditContext, countOutcomes, errorsOf, operation, sendIssued, sessionMeta } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/verifymfa with `mfaToken` and `factorId` and `code`, or `recoveryCode`: the
 * second step of a sign-in, answered exactly like a successful login (201, tokens, cookie),
 * with aal2. Five wrong codes kill the challenge, and MFA_LOCKOUT_THRESHOLD wrong codes in a row
 * lock the account's codes (429) whatever the challenge: no limit per IP here, which would refuse
 * an office behind one address.
 */
const verifymfa: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { factors } = app
  defineAction(app, {
    url: '/verifymfa',
    operation: operation(kind, 'verifymfa'),
    signsIn: true,
    errors: errorsOf(kind, 'UNAUTHORIZED_MFA_TOKEN', 'FACTOR_NOT_FOUND', 'BAD_REQUEST_INVALID_MFA_CODE', 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'),
    summary: 'Finish a sign-in with a second factor or a recovery code',
    args: VerifyMfaArgsSchema,
    responses: { 201: AuthResponseSchema(kind, 201) },
    ...countOutcomes(app, kind, 'logins'),
    handler: async (request, reply) => {
      return sendIssued(app, kind, reply, 201, await factors.verifyMfa(kind, request.query, sessionMeta(request), auditContext(request), request.locale))
    }
  })
}
export default verifymfa
