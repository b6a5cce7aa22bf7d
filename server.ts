import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from './app.js'

const SIGNALS = ['SIGTERM', 'SIGINT'] as const

/**
 * Owns the process for `serve` and `worker`: SIGTERM/SIGINT close the app gracefully (exit 0;
 * exit 1 if it takes over 15 s or an uncaught error ends it).
 */
export function closeOnSignals (app: FastifyInstance): void {
  const grace = closeWithGrace({ delay: 15_000, logger: app.log, skip: [...SIGNALS] }, async ({ err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error')
    await app.close()
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
  await app.listen({ port: app.config.port, host: app.config.host })
  return app
}

/** `latchkey worker`: jobs only, no HTTP; stops like `serve`, after the running jobs finish. */
export async function startWorker (opts: AppOptions): Promise<FastifyInstance> {
  const app = await buildApp({ ...opts, role: 'worker' })
  closeOnSignals(app)
  return app
}
