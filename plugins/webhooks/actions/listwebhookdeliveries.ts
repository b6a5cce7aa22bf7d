import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { WebhookArgs, WebhookDeliveriesResponseSchema } from '../../../schemas/webhooks.js'
import { webhookError } from '../errors.js'
import { accessOf, operationOf, scopeOf, type Owner } from './scope.js'

/** listwebhookdeliveries `webhookId`, `status`, `limit`, `cursor`: newest first, with attempts, last response code and duration. */
export const listwebhookdeliveries = (owner: Owner): FastifyPluginAsync => async (app) => {
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
