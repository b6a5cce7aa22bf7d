import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { ListSessionsResponseSchema, NoArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, operation } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/listsessions (authenticated): the caller's devices, one per session family (200). */
const listsessions: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sessions } = app
  defineAction(app, {
    url: '/listsessions',
    operation: operation(kind, 'listsessions'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'List the caller\'s devices (one per session family)',
    args: NoArgsSchema,
    responses: { 200: ListSessionsResponseSchema },
    handler: async (request, reply) => {
      const { id, sessionId } = request.account!
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, sessions: await sessions.listSessions(kind, id, sessionId) }
    }
  })
}
export default listsessions
