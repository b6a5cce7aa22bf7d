import { createServer, type Server } from 'node:http'
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus families of decisions.md section 16; null when METRICS_PORT is unset. */
    metrics: ReturnType<typeof createMetrics> | null
    /** The listener on METRICS_PORT (its address when the port is 0); null when off. */
    metricsServer: Server | null
  }
}

/** One registry per app (two apps in one process keep their own counts). */
export function createMetrics (app: FastifyInstance) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    httpDuration: new Histogram({
      name: 'latchkey_http_request_duration_seconds',
      help: 'HTTP request duration by operation and status class',
      labelNames: ['operation', 'status_class'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers
    }),
    logins: new Counter({ name: 'latchkey_logins_total', help: 'Login attempts by account type and outcome', labelNames: ['type', 'outcome'] as const, registers }),
    refreshes: new Counter({ name: 'latchkey_refreshes_total', help: 'Refresh attempts by account type and outcome', labelNames: ['type', 'outcome'] as const, registers }),
    reuseDetected: new Counter({
      name: 'latchkey_refresh_reuse_detected_total',
      help: 'Rotated refresh tokens replayed outside the reuse interval (the owner was signed out everywhere)',
      labelNames: ['type'] as const,
      registers
    }),
    websocketConnections: new Gauge({
      name: 'latchkey_websocket_connections',
      help: 'Open WebSocket connections on this instance',
      registers,
      collect () { this.set(app.websocketServer?.clients.size ?? 0) }
    }),
    roomEventsDelivered: new Counter({ name: 'latchkey_room_events_delivered_total', help: 'Room event frames sent to sockets', registers }),
    jobs: new Counter({ name: 'latchkey_jobs_total', help: 'Jobs run by this instance\'s worker by task and outcome', labelNames: ['task', 'outcome'] as const, registers }),
    dbPoolWaiting: new Gauge({
      name: 'latchkey_db_pool_waiting',
      help: 'Queries waiting for a connection of the request pool (every connection busy or connecting)',
      registers,
      collect () { this.set((app.sql as unknown as { waiting?: number }).waiting ?? 0) }
    })
  }
}

/**
 * Served by a listener of its own on METRICS_PORT, never by the public port: request counts and
 * process figures are for the operator's scraper, not for clients.
 */
export default fp<{ enabled: boolean }>(async (app, opts) => {
  const { config } = app
  if (!opts.enabled || config.metricsPort === undefined) {
    app.decorate('metrics', null)
    app.decorate('metricsServer', null)
    return
  }
  const metrics = createMetrics(app)
  app.decorate('metrics', metrics)
  const { httpDuration, registry } = metrics
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode
    httpDuration.observe({ operation: request.routeOptions.config?.operation ?? 'unknown', status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000)
    done()
  })

  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n')
      return
    }
    registry.metrics().then((text) => {
      res.writeHead(200, { 'content-type': registry.contentType }).end(text)
    }, (err) => {
      app.log.error({ err }, 'metrics collection failed')
      res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n')
    })
  })
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject).listen(config.metricsPort, config.host, () => resolve())
    })
    const address = server.address()
    app.log.info({ port: typeof address === 'object' && address ? address.port : config.metricsPort }, 'metrics listening')
  })
  app.addHook('onClose', async () => {
    if (!server.listening) return
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  app.decorate('metricsServer', server)
}, { name: 'metrics', dependencies: ['config'] })
