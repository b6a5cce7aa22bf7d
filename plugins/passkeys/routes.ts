import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { passkeyLogin } from './actions/passkeylogin.js'
import { passkeyLoginOptions } from './actions/passkeyloginoptions.js'
import { passkeyRegister } from './actions/passkeyregister.js'
import { passkeyRegisterOptions } from './actions/passkeyregisteroptions.js'

/** The passkeys of one account type (the routes of plugins/passkeys/actions/). */
const passkeyRoutes: FastifyPluginAsync<KindRoutes> = async (app, { kind }) => {
  for (const action of [passkeyLogin, passkeyLoginOptions, passkeyRegister, passkeyRegisterOptions]) await app.register(action(kind))
}
export default passkeyRoutes
