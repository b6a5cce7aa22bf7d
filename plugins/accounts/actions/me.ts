import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AccountResponseSchema, NoArgsSchema } from '../../../schemas/accounts.js'
import { AppError } from '../../core/errors.js'
import type { AccountType } from '../registry.js'
import { accountBody, operation } from './common.js'

/** /v1/<type>/me (authenticated): the caller's own account (200). */
export function me (kind: AccountType): FastifyPluginAsync {
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
    const { sessions } = app
    app.route({
      method: ANY_METHOD,
      url: '/me',
      config: { operation: operation(kind, 'me'), auth: kind.type },
      schema: {
        summary: 'Get the caller\'s own account',
        querystring: NoArgsSchema,
        response: responses({ 200: AccountResponseSchema(kind) })
      },
      handler: async (request) => {
        const account = await sessions.account(kind, request.account!.id)
        if (!account) throw new AppError('UNAUTHORIZED')
        // The body key depends on the account type; the response schema filters what is sent.
        return accountBody(kind, 200, account)
      }
    })
  }
}
