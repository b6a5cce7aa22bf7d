import fp from 'fastify-plugin'
import pg from 'pg'
import { run, type Runner } from 'graphile-worker'
import { taskList } from '../workers/index.js'
import { graphileLogger } from '../workers/logger.js'

declare module 'fastify' {
  interface FastifyInstance { worker: Runner | null }
}

/**
 * graphile-worker inside this process (`serve` with WORKER_ENABLED, or `worker`); signals stay
 * with close-with-grace. The pool is ours: graphile-worker does not wait for a pool it created
 * to end, and drops its error handler first, so a database restart during shutdown would crash.
 */
export default fp<{ enabled: boolean }>(async (app, opts) => {
  const { config } = app
  if (!opts.enabled) {
    app.decorate('worker', null)
    return
  }
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: config.workerConcurrency + 2 })
  pool.on('error', (err) => app.log.warn({ err }, 'worker pool connection error'))
  const runner = await run({
    pgPool: pool,
    concurrency: config.workerConcurrency,
    noHandleSignals: true,
    taskList: taskList(app),
    logger: graphileLogger(app.log)
  })
  app.decorate('worker', runner)
  app.addHook('onClose', async () => {
    await runner.stop()
    await pool.end()
  })
}, { name: 'worker', dependencies: ['config', 'db', 'posts'] })
