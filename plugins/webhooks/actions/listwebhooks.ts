import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../core/action.js'
import { WebhookArgs, WebhooksResponseSchema } from '../../../schemas/webhooks.js'
import { accessOf, operationOf, scopeOf, type Owner } from './scope.js'

/** listwebhooks: the endpoints, newest first, never their secrets. */
export const listwebhooks = (owner: Owner): FastifyPluginAsync => async (app) => {
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
