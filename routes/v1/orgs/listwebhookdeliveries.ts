import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { WebhookArgs, WebhookDeliveriesResponseSchema } from '../../../schemas/webhooks.js'
import { webhookError, accessOf, operationOf, ownerAt, scopeOf } from '../../../plugins/webhooks/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** listwebhookdeliveries `webhookId`, `status`, `limit`, `cursor`: newest first, with attempts, last response code and duration. */
const listwebhookdeliveries: FastifyPluginAsync = async (app) => {
  const owner = ownerAt(servedUnder(app))
  const { webhooks } = app
  defineAction(app, {
    url: '/listwebhookdeliveries',
    operation: operationOf(owner, 'List', 'WebhookDeliveries'),
    ...accessOf(owner),
    errors: [webhookError('WEBHOOK_NOT_FOUND')],
    summary: 'List the deliveries of a webhook endpoint, newest first',
    args: WebhookArgs[owner].deliveries,
    responses: { 200: WebhookDeliveriesResponseSchema },
    handler: async (request) => {
      const { webhookId, status, limit, cursor } = request.query
      const page = await webhooks.deliveries(scopeOf(request), { webhookId, status, limit, cursor })
      return { status: 200 as const, success: true as const, ...page }
    }
  })
}
export default listwebhookdeliveries
