import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { deleteaccount } from './actions/deleteaccount.js'
import { canceldeletion } from './actions/canceldeletion.js'
import { exportdata } from './actions/exportdata.js'
import { eraseuser, exportuser } from './actions/admin.js'

/** A user's own deletion and export (/v1/users/). */
export const privacyRoutes: FastifyPluginAsync<KindRoutes> = async (app) => {
  for (const action of [deleteaccount, canceldeletion, exportdata]) await app.register(action)
}

/** An admin's erasure and export of a user (/v1/admins/). */
export const privacyAdminRoutes: FastifyPluginAsync<KindRoutes> = async (app) => {
  for (const action of [eraseuser, exportuser]) await app.register(action)
}
