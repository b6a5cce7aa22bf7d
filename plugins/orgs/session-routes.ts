import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { switchorg } from './actions/switchorg.js'

/** What organizations add to an account type's own routes (under /v1/users): acting for one. */
const orgSessionRoutes: FastifyPluginAsync<KindRoutes> = async (app, { kind }) => {
  await app.register(switchorg(kind))
}
export default orgSessionRoutes
