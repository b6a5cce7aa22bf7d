import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { createoauthclient } from './actions/createoauthclient.js'
import { listoauthclients } from './actions/listoauthclients.js'
import { updateoauthclient } from './actions/updateoauthclient.js'
import { rotateoauthclientsecret } from './actions/rotateoauthclientsecret.js'
import { deleteoauthclient } from './actions/deleteoauthclient.js'

const ACTIONS = [createoauthclient, listoauthclients, updateoauthclient, rotateoauthclientsecret, deleteoauthclient]

/** The admins' OAuth clients of the OpenID provider, under /v1/admins (served whether the provider is on or not). */
export const oauthClientAdminRoutes: FastifyPluginAsync<KindRoutes> = async (app) => {
  for (const action of ACTIONS) await app.register(action)
}
