import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { AccountResponseSchema, NoArgsSchema } from '../../../schemas/accounts.js'
import { AppError } from '../../core/errors.js'
import type { AccountType } from '../registry.js'
import { accountBody, operation } from './common.js'

/** /v1/<type>/me (authenticated): the caller's own account (200). */
export function me (kind: AccountType): FastifyPluginAsync {
  return async (app) => {
    const { sessions } = app
    defineAction(app, {
      url: '/me',
      operation: operation(kind, 'me'),
      auth: kind.type,
      assurance: 'aal1',
      summary: 'Get the caller\'s own account',
      args: NoArgsSchema,
      responses: { 200: AccountResponseSchema(kind) },
      handler: async (request) => {
        const account = await sessions.account(kind, request.account!.id)
        if (!account) throw new AppError('UNAUTHORIZED')
        // The body key depends on the account type; the response schema filters what is sent.
        return accountBody(kind, 200, account)
      }
    })
  }
}
