import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { readFileSync } from 'node:fs'
import { isIP, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { buildApp, type AppOptions } from './app.js'
import { ROOT } from './paths.js'
import { entryPoints } from './plugins/core/pages.js'

const VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version

const SIGNALS = ['SIGTERM', 'SIGINT'] as const

/**
 * Owns the process for `start` and `worker`: SIGTERM/SIGINT close the app gracefully (exit 0;
 * exit 1 if it takes over 15 s or an uncaught error ends it).
 */
export function closeOnSignals (app: FastifyInstance): void {
  const grace = closeWithGrace({ delay: 15_000, logger: app.log, skip: [...SIGNALS] }, async ({ err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error')
    await app.close()
    app.log.info('closed')
  })
  // npm and tsx relay the signal they get to us, so one Ctrl-C often arrives twice: the first
  // starts the shutdown and the rest are ignored (the 15 s delay still bounds a stuck close).
  let closing = false
  const onSignal = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'signal received, closing gracefully')
    grace.close()
  }
  for (const s of SIGNALS) process.on(s, onSignal)
}

/** Builds the app, listens, and owns the process. */
export async function startServer (opts: AppOptions): Promise<FastifyInstance> {
  const app = await buildApp(opts)
  closeOnSignals(app)
  try {
    await app.listen({ port: app.config.port, host: app.config.host })
  } catch (err) {
    // A port in use: what the build opened (pools, the worker, the embedded database) closes first.
    await app.close().catch(() => {})
    throw err
  }
  app.log.info(startupSummary(app), 'latchkey started')
  return app
}

/**
 * What an operator wants to see once at start (docs/operations.md#logs); no secrets. `urls`:
 * where this listener serves the API, the reference, the demo and the console (those enabled),
 * so that whoever ran `npm start` knows where to go.
 */
export function startupSummary (app: FastifyInstance) {
  const { config } = app
  const database = new URL(app.databaseUrl)
  const port = (app.server.address() as AddressInfo | null)?.port ?? config.port
  // Listening on every address: this machine's own name for it is the one to open.
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : isIP(config.host) === 6 ? `[${config.host}]` : config.host
  const urls = Object.fromEntries(Object.entries(entryPoints(app)).map(([name, path]) => [name, `http://${host}:${port}${path}`]))
  return {
    version: VERSION,
    port,
    urls,
    database: `${database.hostname}:${database.port || 5432}${database.pathname}`,
    embeddedDatabase: app.embeddedDatabase,
    pooler: app.pooler,
    publishMode: config.publishMode,
    worker: app.worker !== null,
    redis: app.redis !== null
  }
}

/** `latchkey worker`: jobs only, no HTTP; stops like `start`, after the running jobs finish. */
export async function startWorker (opts: AppOptions): Promise<FastifyInstance> {
  const app = await buildApp({ ...opts, role: 'worker' })
  closeOnSignals(app)
  const { port, urls, ...summary } = startupSummary(app)
  app.log.info(summary, 'latchkey worker started')
  return app
}
