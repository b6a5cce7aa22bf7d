import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { Ajv } from 'ajv'
import { SendWebhooksPayloadSchema, type SendWebhooksPayload } from '../schemas/webhooks.js'

const validPayload = new Ajv().compile<SendWebhooksPayload>(SendWebhooksPayloadSchema)

/**
 * An endpoint's due webhook deliveries (plugins/webhooks/webhooks.ts `send`), queued by the
 * worker's dispatcher. A receiver's failure is recorded with the delivery's next attempt, so the
 * job itself succeeds; it throws (graphile-worker retries) only when the database does.
 */
export function V1SendWebhooksTask (app: FastifyInstance): Task {
  return async (payload, helpers) => {
    if (!validPayload(payload)) throw new Error('invalid V1SendWebhooksTask payload')
    const { delivered, failed, disabled } = await app.webhooks.send(payload.endpointId)
    helpers.logger.info(`webhook endpoint ${payload.endpointId}: ${delivered} delivered, ${failed} failed${disabled ? ', endpoint disabled' : ''}`,
      { endpointId: payload.endpointId, delivered, failed, disabled })
  }
}
