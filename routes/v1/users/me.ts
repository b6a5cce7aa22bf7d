import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { AccountResponseSchema, NoArgsSchema } from '../../../schemas/accounts.js'
import { AppError } from '../../../plugins/core/errors.js'
import { accountTypeAt, accountBody, operation } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/me (authenticated): the caller's own account (200). */
const me: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
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
export default me
