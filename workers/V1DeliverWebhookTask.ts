import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { Ajv } from 'ajv'
import { DeliverWebhookPayloadSchema, type DeliverWebhookPayload } from '../schemas/webhooks.js'

const validPayload = new Ajv().compile<DeliverWebhookPayload>(DeliverWebhookPayloadSchema)

/**
 * One attempt of a webhook delivery (plugins/webhooks/webhooks.ts). A receiver's failure is
 * recorded and the next attempt queued with WEBHOOK_RETRY_SCHEDULE's wait, so the job itself
 * succeeds; it throws (graphile-worker retries) only when the attempt could not be recorded.
 */
export function V1DeliverWebhookTask (app: FastifyInstance): Task {
  return async (payload, helpers) => {
    if (!validPayload(payload)) throw new Error('invalid V1DeliverWebhookTask payload')
    const { outcome, disabled } = await app.webhooks.deliver(payload.deliveryId)
    helpers.logger.info(`webhook delivery ${payload.deliveryId}: ${outcome}${disabled ? ', endpoint disabled' : ''}`,
      { deliveryId: payload.deliveryId, outcome, disabled })
  }
}
