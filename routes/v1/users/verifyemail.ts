import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AccountResponseSchema, VerifyEmailArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, accountBody, auditContext, errorsOf, operation } from '../../../plugins/accounts/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/verifyemail (public) with the `token` of a verification link: confirms the address
 * it was sent to (200, the account). Unknown, used, expired or superseded: INVALID_TOKEN.
 */
const verifyemail: FastifyPluginAsync = async (app) => {
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/verifyemail',
    operation: operation(kind, 'verifyemail'),
    errors: errorsOf(kind, 'BAD_REQUEST_INVALID_TOKEN'),
    summary: 'Confirm the email address with the token of the mailed link',
    args: VerifyEmailArgsSchema,
    responses: { 200: AccountResponseSchema(kind) },
    handler: async (request) => {
      const account = await accountLifecycle.verifyEmail(kind, request.query.token, auditContext(request))
      // The body key depends on the account type; the response schema filters what is sent.
      return accountBody(kind, 200, account)
    }
  })
}
export default verifyemail
