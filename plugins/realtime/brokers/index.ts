import type { FastifyInstance } from 'fastify'
import type { Broker } from './broker.js'
import { createPostgresBroker } from './postgres.js'

/**
 * The broker the configuration asks for: NATS JetStream with BROKER_URL (its client loaded then
 * only: an instance on PostgreSQL does not hold it), else PostgreSQL.
 */
export async function createBroker (app: FastifyInstance, opts: { probeMs?: number }): Promise<Broker> {
  if (!app.config.brokerUrl) return createPostgresBroker(app, opts)
  const { createNatsBroker } = await import('./nats.js')
  return await createNatsBroker(app, opts)
}
