import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, operation, signOut } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/logoutall (authenticated): every session and access token of the caller ends (200). */
const logoutall: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sessions } = app
  defineAction(app, {
    url: '/logoutall',
    operation: operation(kind, 'logoutall'),
    auth: kind.type,
    assurance: 'policy',
    summary: 'Sign out every device; every access token dies at once',
    args: NoArgsSchema,
    responses: { 200: Success(200) },
    handler: signOut(app, kind, (request) => sessions.logoutAll(kind, request.account!.id, auditContext(request)))
  })
}
export default logoutall
