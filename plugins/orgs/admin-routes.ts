import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { deleteorg } from './actions/deleteorg.js'
import { getorg } from './actions/getorg.js'
import { listorgs } from './actions/listorgs.js'

/** What admins see and do of organizations, under /v1/admins: admins only. */
const orgAdminRoutes: FastifyPluginAsync<KindRoutes> = async (app) => {
  for (const action of [listorgs, getorg, deleteorg]) await app.register(action)
}
export default orgAdminRoutes
