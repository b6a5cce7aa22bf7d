import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { CreatedWebhookResponseSchema, WebhookArgs } from '../../../schemas/webhooks.js'
import { webhookError, accessOf, actorOf, operationOf, ownerAt, scopeOf } from '../../../plugins/webhooks/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** createwebhook `url`, `events` (audit event names or `*`), `description`: the endpoint and its secret, shown this once (at most WEBHOOK_MAX_ENDPOINTS). */
const createwebhook: FastifyPluginAsync = async (app) => {
  const owner = ownerAt(servedUnder(app))
  const { webhooks } = app
  defineAction(app, {
    url: '/createwebhook',
    operation: operationOf(owner, 'Create', 'Webhook'),
    ...accessOf(owner),
    errors: [webhookError('WEBHOOK_BAD_REQUEST_URL'), webhookError('WEBHOOK_BAD_REQUEST_TOO_MANY_ENDPOINTS')],
    summary: 'Register a webhook endpoint (its secret is shown once)',
    args: WebhookArgs[owner].create,
    responses: { 201: CreatedWebhookResponseSchema },
    handler: async (request, reply) => {
      const { url, events, description } = request.query
      const created = await webhooks.create(scopeOf(request), actorOf(request), { url, events, description })
      reply.code(201).headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
      return { status: 201 as const, success: true as const, ...created }
    }
  })
}
export default createwebhook
