import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { Ajv } from 'ajv'
import { FanOutWebhooksPayloadSchema, type FanOutWebhooksPayload } from '../schemas/webhooks.js'

const validPayload = new Ajv().compile<FanOutWebhooksPayload>(FanOutWebhooksPayloadSchema)

/**
 * Queued by the audit log's trigger (db/migrations/0009_webhooks.sql) in the transaction of an
 * event some enabled endpoint wants: writes one delivery per such endpoint, each with its
 * V1DeliverWebhookTask job. Running it twice writes nothing more.
 */
export function V1FanOutWebhooksTask (app: FastifyInstance): Task {
  return async (payload, helpers) => {
    if (!validPayload(payload)) throw new Error('invalid V1FanOutWebhooksTask payload')
    const queued = await app.webhooks.fanOut(payload.eventId)
    helpers.logger.debug(`event ${payload.eventId}: ${queued} webhook deliveries queued`, { eventId: payload.eventId, queued })
  }
}
