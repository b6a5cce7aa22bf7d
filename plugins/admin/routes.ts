import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { auditstats } from './actions/auditstats.js'
import { getuser } from './actions/getuser.js'
import { listauditevents } from './actions/listauditevents.js'
import { listusers } from './actions/listusers.js'
import { userAction } from './actions/user-action.js'

/** What admins do to users and read of the audit log (the routes of plugins/admin/actions/): admins only. */
const adminRoutes: FastifyPluginAsync<KindRoutes> = async (app) => {
  for (const action of [auditstats, getuser, listauditevents, listusers]) await app.register(action)
  for (const action of ['activate', 'confirmemail', 'deactivate', 'delete', 'restore', 'signout'] as const) await app.register(userAction(action))
}
export default adminRoutes
