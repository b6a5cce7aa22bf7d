import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { RefreshArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, operation, presentedRefreshToken, signOut } from '../../../plugins/accounts/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** /v1/<type>/logout (authenticated): revokes the presented session and clears the cookie (200). */
const logout: FastifyPluginAsync = async (app) => {
  const kind = accountTypeAt(servedUnder(app))
  const { sessions } = app
  defineAction(app, {
    url: '/logout',
    operation: operation(kind, 'logout'),
    auth: kind.type,
    assurance: 'aal1',
    summary: 'Sign out this device and clear the refresh cookie',
    args: RefreshArgsSchema,
    responses: { 200: Success(200) },
    handler: signOut(app, kind, (request) => sessions.logout(kind, request.account!.id, presentedRefreshToken(kind, request), auditContext(request)))
  })
}
export default logout
