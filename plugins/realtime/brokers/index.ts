import type { FastifyInstance } from 'fastify'
import type { Broker } from './broker.js'
import { createNatsBroker } from './nats.js'
import { createPostgresBroker } from './postgres.js'

/** The broker the configuration asks for: NATS JetStream with BROKER_URL, else PostgreSQL. */
export async function createBroker (app: FastifyInstance, opts: { probeMs?: number }): Promise<Broker> {
  return app.config.brokerUrl ? await createNatsBroker(app, opts) : createPostgresBroker(app, opts)
}
