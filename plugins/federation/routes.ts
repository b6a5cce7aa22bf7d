import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { listidentities } from './actions/listidentities.js'
import { authorize } from './actions/oauthauthorize.js'
import { callback } from './actions/oauthcallback.js'
import { oauthexchange } from './actions/oauthexchange.js'
import { oauthproviders } from './actions/oauthproviders.js'
import { unlinkidentity } from './actions/unlinkidentity.js'

/** Sign-in through providers (the routes of plugins/federation/actions/): users only, whose actions these are. */
const federationRoutes: FastifyPluginAsync<KindRoutes> = async (app) => {
  for (const action of [listidentities, oauthexchange, oauthproviders, unlinkidentity, authorize, callback]) await app.register(action)
}
export default federationRoutes
