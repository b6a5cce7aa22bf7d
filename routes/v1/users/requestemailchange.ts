import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { RequestEmailChangeArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, auditContext, callerId, errorsOf, operation, passwordRateLimit } from '../../../plugins/accounts/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/requestemailchange (authenticated) with `newEmail` and the current `password`: mails
 * a confirmation link to the new address and a notice to the current one (200). A wrong password
 * is INVALID_CURRENT_PASSWORD, a taken address USER_ALREADY_EXISTS; guesses are limited per
 * account like logins.
 */
const requestemailchange: FastifyPluginAsync = async (app) => {
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/requestemailchange',
    operation: operation(kind, 'requestemailchange'),
    hashesPassword: true,
    auth: kind.type,
    assurance: 'policy',
    errors: errorsOf(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD', 'BAD_REQUEST_USER_ALREADY_EXISTS'),
    summary: 'Ask to change the email address: a link goes to the new one',
    args: RequestEmailChangeArgsSchema,
    responses: { 200: Success(200) },
    preHandler: passwordRateLimit(app, kind, 'requestemailchange', callerId),
    handler: async (request) => {
      const { newEmail, password } = request.query
      await accountLifecycle.requestEmailChange(kind, request.account!.id, newEmail, password, request.locale, auditContext(request))
      return { status: 200 as const, success: true as const }
    }
  })
}
export default requestemailchange
