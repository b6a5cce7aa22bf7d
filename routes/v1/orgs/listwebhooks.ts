import type { FastifyPluginAsync } from 'fastify'
import { defineAction, servedUnder } from '../../../plugins/core/action.js'
import { WebhookArgs, WebhooksResponseSchema } from '../../../schemas/webhooks.js'
import { accessOf, operationOf, ownerAt, scopeOf } from '../../../plugins/webhooks/index.js'

/** Served under /v1/admins too, by the same plugin (app.ts). */
export const sharedWith = ['admins']

/** listwebhooks: the endpoints, newest first, never their secrets. */
const listwebhooks: FastifyPluginAsync = async (app) => {
  const owner = ownerAt(servedUnder(app))
  const { webhooks } = app
  defineAction(app, {
    url: '/listwebhooks',
    operation: operationOf(owner, 'List', 'Webhooks'),
    ...accessOf(owner),
    summary: 'List webhook endpoints (never their secrets)',
    args: WebhookArgs[owner].list,
    responses: { 200: WebhooksResponseSchema },
    handler: async (request) => ({ status: 200 as const, success: true as const, webhooks: await webhooks.list(scopeOf(request)) })
  })
}
export default listwebhooks
