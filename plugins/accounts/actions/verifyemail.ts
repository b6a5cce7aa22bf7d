import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AccountResponseSchema, VerifyEmailArgsSchema } from '../../../schemas/accounts.js'
import type { AccountType } from '../registry.js'
import { accountBody, auditContext, errorsOf, operation } from './common.js'

/**
 * /v1/<type>/verifyemail (public) with the `token` of a verification link: confirms the address
 * it was sent to (200, the account). Unknown, used, expired or superseded: INVALID_TOKEN.
 */
export function verifyemail (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { accountLifecycle } = app
    app.route({
      method: ANY_METHOD,
      url: '/verifyemail',
      config: {
        operation: operation(kind, 'verifyemail'),
        errors: errorsOf(kind, 'BAD_REQUEST_INVALID_TOKEN')
      },
      schema: {
        summary: 'Confirm the email address with the token of the mailed link',
        querystring: VerifyEmailArgsSchema,
        response: responses({ 200: AccountResponseSchema(kind) })
      },
      handler: async (request) => {
        const account = await accountLifecycle.verifyEmail(kind, request.query.token, auditContext(request))
        // The body key depends on the account type; the response schema filters what is sent.
        return accountBody(kind, 200, account)
      }
    })
  }
}
