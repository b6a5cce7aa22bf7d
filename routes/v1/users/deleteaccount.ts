import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ACCOUNT_TYPES, auditContext, callerId, operationNamed, passwordRateLimit } from '../../../plugins/accounts/index.js'
import { DeleteAccountResponseSchema, ReauthenticationArgsSchema } from '../../../schemas/privacy.js'

const USER = ACCOUNT_TYPES.user

/**
 * /v1/users/deleteaccount (authenticated) with `password`, or from a session signed in within the
 * last 5 minutes, at aal2 when the account has a verified factor: the account is deactivated at
 * once and erased after ACCOUNT_ERASURE_DELAY; the mailed link cancels that until then (200
 * `{ erasureAt, erased }`). The sole owner of an organization with other members must transfer
 * it first (400 ORG.BAD_REQUEST_LAST_OWNER).
 */
const deleteaccount: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/deleteaccount',
    operation: operationNamed(USER, 'DeleteAccount'),
    hashesPassword: true,
    auth: USER.type,
    assurance: 'policy',
    errors: ['USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD', 'USER.FORBIDDEN_REAUTHENTICATION_REQUIRED', 'USER.FORBIDDEN_AAL2_REQUIRED',
      'ORG.BAD_REQUEST_LAST_OWNER'],
    summary: 'Delete one\'s account: signed out now, erased after ACCOUNT_ERASURE_DELAY',
    args: ReauthenticationArgsSchema,
    responses: { 200: DeleteAccountResponseSchema },
    preHandler: passwordRateLimit(app, USER, 'deleteaccount', callerId),
    handler: async (request) => {
      const account = request.account!
      await app.privacy.reauthenticate(USER, account, request.query.password)
      const requested = await app.privacy.requestErasure(USER, account.id, request.locale, auditContext(request))
      return { status: 200 as const, success: true as const, ...requested }
    }
  })
}
export default deleteaccount
