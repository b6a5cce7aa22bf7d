import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AccountResponseSchema, VerifyEmailArgsSchema } from '../../../schemas/accounts.js'
import { ACCOUNT_TYPES, accountBody, auditContext, errorsOf, operation } from '../../../plugins/accounts/index.js'

const kind = ACCOUNT_TYPES.user

/**
 * /v1/users/confirmemailchange (public) with the `token` of the link mailed to the new address:
 * the account takes that address, confirmed (200, the account). Unknown, used, expired or
 * superseded: INVALID_TOKEN; the address taken meanwhile: USER_ALREADY_EXISTS.
 */
const confirmemailchange: FastifyPluginAsync = async (app) => {
  const { accountLifecycle } = app
  defineAction(app, {
    url: '/confirmemailchange',
    operation: operation(kind, 'confirmemailchange'),
    errors: errorsOf(kind, 'BAD_REQUEST_INVALID_TOKEN', 'BAD_REQUEST_USER_ALREADY_EXISTS'),
    summary: 'Confirm a new email address with the token of the mailed link',
    args: VerifyEmailArgsSchema,
    responses: { 200: AccountResponseSchema(kind) },
    handler: async (request) => {
      const account = await accountLifecycle.confirmEmailChange(kind, request.query.token, auditContext(request))
      return accountBody(kind, 200, account)
    }
  })
}
export default confirmemailchange
