import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { WebhookArgs, WebhookSecretResponseSchema } from '../../../schemas/webhooks.js'
import { webhookError, accessOf, actorOf, operationOf, ownerAt, scopeOf } from '../../../plugins/webhooks/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** rotatewebhooksecret `webhookId`: a new secret, shown this once; the next attempts are signed with it. */
const rotatewebhooksecret: FastifyPluginAsync = async (app) => {
  const owner = ownerAt(servedUnder(app))
  const { webhooks } = app
  defineAction(app, {
    url: '/rotatewebhooksecret',
    operation: operationOf(owner, 'Rotate', 'WebhookSecret'),
    ...accessOf(owner),
    errors: [webhookError('WEBHOOK_NOT_FOUND')],
    summary: 'Give a webhook endpoint a new secret (shown once)',
    args: WebhookArgs[owner].one,
    responses: { 200: WebhookSecretResponseSchema },
    handler: async (request, reply) => {
      const rotated = await webhooks.rotate(scopeOf(request), actorOf(request), request.query.webhookId)
      reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
      return { status: 200 as const, success: true as const, ...rotated }
    }
  })
}
export default rotatewebhooksecret
