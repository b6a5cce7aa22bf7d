import type { FastifyPluginAsync } from 'fastify'
import { health } from './actions/health.js'
import { jwks } from './actions/jwks.js'
import { ready } from './actions/ready.js'
import { root } from './actions/root.js'

/** The service's own routes, outside the versions: the probes, the public keys, the index (plugins/core/actions/). */
const serviceRoutes: FastifyPluginAsync = async (app) => {
  for (const action of [health, jwks, ready, root]) await app.register(action)
}
export default serviceRoutes
