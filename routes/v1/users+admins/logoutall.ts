import type { FastifyPluginAsync } from 'fastify'
import { defineAction, type SharedRouteOptions } from '../../../plugins/core/action.js'
import { Success } from '../../../schemas/common.js'
import { NoArgsSchema } from '../../../schemas/accounts.js'
import { accountTypeAt, auditContext, operation, signOut } from '../../../plugins/accounts/index.js'

/** /v1/<type>/logoutall (authenticated): every session and access token of the caller ends (200). */
const logoutall: FastifyPluginAsync<SharedRouteOptions> = async (app, { under }) => {
  const kind = accountTypeAt(under)
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
