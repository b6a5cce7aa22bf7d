import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from './app.js'

const SIGNALS = ['SIGTERM', 'SIGINT'] as const

/** Builds the app, listens, and owns the process: SIGTERM/SIGINT close it gracefully, exit 0. */
export async function startServer (opts: AppOptions): Promise<FastifyInstance> {
  const app = await buildApp(opts)
  const { config } = app
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
  await app.listen({ port: config.port, host: config.host })
  return app
}
