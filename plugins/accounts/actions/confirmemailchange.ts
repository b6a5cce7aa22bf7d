import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AccountResponseSchema, VerifyEmailArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { accountBody, auditContext, errorsOf, operation } from './common.js'

/**
 * /v1/<type>/confirmemailchange (public) with the `token` of the link mailed to the new address:
 * the account takes that address, confirmed (200, the account). Unknown, used, expired or
 * superseded: INVALID_TOKEN; the address taken meanwhile: USER_ALREADY_EXISTS.
 */
export function confirmemailchange (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { accountLifecycle } = app
    app.route({
      method: ANY_METHOD,
      url: '/confirmemailchange',
      config: {
        operation: operation(kind, 'confirmemailchange'),
        errors: errorsOf(kind, 'BAD_REQUEST_INVALID_TOKEN', 'BAD_REQUEST_USER_ALREADY_EXISTS')
      },
      schema: {
        summary: 'Confirm a new email address with the token of the mailed link',
        querystring: VerifyEmailArgsSchema,
        response: responses({ 200: AccountResponseSchema(kind) })
      },
      handler: async (request) => {
        const account = await accountLifecycle.confirmEmailChange(kind, request.query.token, auditContext(request))
        return accountBody(kind, 200, account)
      }
    })
  }
}
