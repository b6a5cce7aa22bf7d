import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { WebhookArgs, WebhookResponseSchema } from '../../../schemas/webhooks.js'
import { webhookError, accessOf, actorOf, operationOf, ownerAt, scopeOf } from '../../../plugins/webhooks/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** updatewebhook `webhookId` and any of `url`, `events`, `description`, `enabled` (true enables again and forgets the failures). */
const updatewebhook: FastifyPluginAsync = async (app) => {
  const owner = ownerAt(servedUnder(app))
  const { webhooks } = app
  defineAction(app, {
    url: '/updatewebhook',
    operation: operationOf(owner, 'Update', 'Webhook'),
    ...accessOf(owner),
    errors: [webhookError('WEBHOOK_NOT_FOUND'), webhookError('WEBHOOK_BAD_REQUEST_URL')],
    summary: 'Change a webhook endpoint, or enable or disable it',
    args: WebhookArgs[owner].update,
    responses: { 200: WebhookResponseSchema },
    handler: async (request) => {
      const { webhookId, url, events, description, enabled } = request.query
      const webhook = await webhooks.update(scopeOf(request), actorOf(request), { webhookId, url, events, description, enabled })
      return { status: 200 as const, success: true as const, webhook }
    }
  })
}
export default updatewebhook
