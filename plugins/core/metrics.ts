import { createServer, type Server } from 'node:http'
import fp from 'fastify-plugin'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type CounterConfiguration, type GaugeConfiguration } from 'prom-client'

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry and a way to add to it; null when METRICS_PORT is unset. */
    metrics: ReturnType<typeof createMetrics> | null
    /** The listener on METRICS_PORT (its address when the port is 0); null when off. */
    metricsServer: Server | null
  }
}

/**
 * prom-client's default gauges whose names end in `_total`, which Prometheus reserves for
 * counters (`promtool check metrics` refuses them): each is the sum of its by-type gauge
 * (`nodejs_active_handles` and so on), which stays.
 */
const MISNAMED_DEFAULTS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']

/**
 * One registry per app (two apps in one process keep their own counts), with the process
 * metrics. Each plugin adds the families of what it does; none exists while metrics are off.
 */
export function createMetrics () {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name)
  const registers = [registry]
  return {
    registry,
    counter: <Label extends string = string>(config: Omit<CounterConfiguration<Label>, 'registers'>) =>
      new Counter<Label>({ ...config, registers }),
    gauge: <Label extends string = string>(config: Omit<GaugeConfiguration<Label>, 'registers'>) =>
      new Gauge<Label>({ ...config, registers })
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
  const metrics = createMetrics()
  app.decorate('metrics', metrics)
  const { registry } = metrics
  const httpDuration = new Histogram({
    name: 'latchkey_http_request_duration_seconds',
    help: 'HTTP request duration by operation and status class',
    labelNames: ['operation', 'status_class'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry]
  })
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
