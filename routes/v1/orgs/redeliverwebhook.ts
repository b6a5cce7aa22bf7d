import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { WebhookArgs, WebhookDeliveryResponseSchema } from '../../../schemas/webhooks.js'
import { webhookError, accessOf, operationOf, ownerAt, scopeOf } from '../../../plugins/webhooks/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** redeliverwebhook `webhookId`, `deliveryId`: sent again now (same webhook-id), with a fresh schedule of retries. */
const redeliverwebhook: FastifyPluginAsync = async (app) => {
  const owner = ownerAt(servedUnder(app))
  const { webhooks } = app
  defineAction(app, {
    url: '/redeliverwebhook',
    operation: operationOf(owner, 'Redeliver', 'Webhook'),
    ...accessOf(owner),
    errors: [webhookError('WEBHOOK_NOT_FOUND'), webhookError('WEBHOOK_DELIVERY_NOT_FOUND')],
    summary: 'Send a delivery again, now',
    args: WebhookArgs[owner].redeliver,
    responses: { 200: WebhookDeliveryResponseSchema },
    handler: async (request) => {
      const delivery = await webhooks.redeliver(scopeOf(request), request.query.webhookId, request.query.deliveryId)
      return { status: 200 as const, success: true as const, delivery }
    }
  })
}
export default redeliverwebhook
