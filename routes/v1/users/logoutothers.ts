import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { LogoutOthersResponseSchema, NoArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, operation } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/**
 * /v1/<type>/logoutothers (authenticated): revokes every active session of the caller but its
 * own family (200, `revoked`: how many). tokenVersion stays, so the caller's access token keeps
 * working; the other devices lose their refresh tokens and sockets at once.
 */
const logoutothers: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sessions } = app
  defineAction(app, {
    url: '/logoutothers',
    operation: operation(kind, 'logoutothers'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'Sign out every other device, staying signed in here',
    args: NoArgsSchema,
    responses: { 200: LogoutOthersResponseSchema },
    handler: async (request) => {
      return { status: 200 as const, success: true as const, revoked: await sessions.logoutOthers(kind, request.account!.id, auditContext(request)) }
    }
  })
}
export default logoutothers
