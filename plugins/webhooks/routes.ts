import type { FastifyPluginAsync } from 'fastify'
import type { KindRoutes } from '../accounts/routes.js'
import { createwebhook } from './actions/createwebhook.js'
import { listwebhooks } from './actions/listwebhooks.js'
import { updatewebhook } from './actions/updatewebhook.js'
import { deletewebhook } from './actions/deletewebhook.js'
import { rotatewebhooksecret } from './actions/rotatewebhooksecret.js'
import { listwebhookdeliveries } from './actions/listwebhookdeliveries.js'
import { redeliverwebhook } from './actions/redeliverwebhook.js'
import type { Owner } from './actions/scope.js'

const ACTIONS = [createwebhook, listwebhooks, updatewebhook, deletewebhook, rotatewebhooksecret, listwebhookdeliveries, redeliverwebhook]
const register = (owner: Owner): FastifyPluginAsync => async (app) => {
  for (const action of ACTIONS) await app.register(action(owner))
}

/** The admins' webhook endpoints (every event), under /v1/admins. */
export const webhookAdminRoutes: FastifyPluginAsync<KindRoutes> = register('admin')
/** An organization's webhook endpoints (its own events; `apikeys:manage`), under /v1/orgs. */
export const webhookOrgRoutes: FastifyPluginAsync = register('org')
