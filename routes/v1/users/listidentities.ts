import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { ListIdentitiesResponseSchema } from '../../../schemas/federation.js'

/** /v1/users/listidentities (authenticated): the caller's accounts at providers, oldest first. */
const listidentities: FastifyPluginAsync = async (app) => {
  const { federation } = app
  defineAction(app, {
    url: '/listidentities',
    operation: 'V1ListIdentities',
    auth: 'user',
    assurance: 'policy',
    summary: 'List the sign-in providers linked to the account',
    args: NoArgsSchema,
    responses: { 200: ListIdentitiesResponseSchema },
    handler: async (request) => {
      return { status: 200 as const, success: true as const, identities: await federation.identities.list(request.account!.id) }
    }
  })
}
export default listidentities
