import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { WebhookArgs, WebhookDeletedResponseSchema } from '../../../schemas/webhooks.js'
import { webhookError, accessOf, actorOf, operationOf, ownerAt, scopeOf } from '../../../plugins/webhooks/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** deletewebhook `webhookId`: the endpoint and its deliveries; nothing more is sent to it. */
const deletewebhook: FastifyPluginAsync = async (app) => {
  const owner = ownerAt(servedUnder(app))
  const { webhooks } = app
  defineAction(app, {
    url: '/deletewebhook',
    operation: operationOf(owner, 'Delete', 'Webhook'),
    ...accessOf(owner),
    errors: [webhookError('WEBHOOK_NOT_FOUND')],
    summary: 'Delete a webhook endpoint and its deliveries',
    args: WebhookArgs[owner].one,
    responses: { 200: WebhookDeletedResponseSchema },
    handler: async (request) => {
      await webhooks.remove(scopeOf(request), actorOf(request), request.query.webhookId)
      return { status: 200 as const, success: true as const }
    }
  })
}
export default deletewebhook
