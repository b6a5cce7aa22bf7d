import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ListFactorsResponseSchema } from '../../../schemas/factors.js'
import { accountTypeAt, operation } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/listfactors (authenticated): every factor of the caller, TOTP and passkeys, oldest first (200). */
const listfactors: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { factors } = app
  defineAction(app, {
    url: '/listfactors',
    operation: operation(kind, 'listfactors'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'List the caller\'s second factors',
    args: NoArgsSchema,
    responses: { 200: ListFactorsResponseSchema },
    handler: async (request) => {
      return { status: 200 as const, success: true as const, factors: await factors.listFactors(kind, request.account!.id) }
    }
  })
}
export default listfactors
