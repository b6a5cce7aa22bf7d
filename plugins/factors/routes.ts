import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { enrolltotp } from './actions/enrolltotp.js'
import { listfactors } from './actions/listfactors.js'
import { regeneraterecoverycodes } from './actions/regeneraterecoverycodes.js'
import { removefactor } from './actions/removefactor.js'
import { resetuserfactors } from './actions/resetuserfactors.js'
import { verifymfa } from './actions/verifymfa.js'
import { verifytotp } from './actions/verifytotp.js'

/** The second factors of one account type (the routes of plugins/factors/actions/); for admins, the reset of a user's. */
const factorRoutes: FastifyPluginAsync<KindRoutes> = async (app, { kind }) => {
  for (const action of [enrolltotp, listfactors, regeneraterecoverycodes, removefactor, verifymfa, verifytotp]) await app.register(action(kind))
  if (kind.type === 'admin') await app.register(resetuserfactors)
}
export default factorRoutes
