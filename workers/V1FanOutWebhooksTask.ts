import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { Ajv } from 'ajv'
import { FanOutWebhooksPayloadSchema, type FanOutWebhooksPayload } from '../schemas/webhooks.js'

const validPayload = new Ajv().compile<FanOutWebhooksPayload>(FanOutWebhooksPayloadSchema)

/**
 * Queued by the audit log's trigger as migration 0009 wrote it, in the transaction of an event
 * some enabled endpoint wants: writes one delivery per such endpoint (the dispatcher sends them).
 * Running it twice writes nothing more. Since migration 0012 the trigger writes the deliveries
 * itself; this runs the jobs a database upgraded meanwhile holds.
 */
export function V1FanOutWebhooksTask (app: FastifyInstance): Task {
  return async (payload, helpers) => {
    if (!validPayload(payload)) throw new Error('invalid V1FanOutWebhooksTask payload')
    const queued = await app.webhooks.fanOut(payload.eventId)
    helpers.logger.debug(`event ${payload.eventId}: ${queued} webhook deliveries queued`, { eventId: payload.eventId, queued })
  }
}
