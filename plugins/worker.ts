import fp from 'fastify-plugin'
import { run, type Runner } from 'graphile-worker'
import { taskList } from '../workers/index.js'
import { graphileLogger } from '../workers/logger.js'

declare module 'fastify' {
  interface FastifyInstance { worker: Runner | null }
}

/** graphile-worker inside this process (`serve` with WORKER_ENABLED, or `worker`); signals stay ours. */
export default fp<{ enabled: boolean }>(async (app, opts) => {
  const { config } = app
  if (!opts.enabled) {
    app.decorate('worker', null)
    return
  }
  const runner = await run({
    connectionString: app.databaseUrl,
    concurrency: config.workerConcurrency,
    noHandleSignals: true,
    taskList: taskList(app),
    logger: graphileLogger(app.log)
  })
  app.decorate('worker', runner)
  app.addHook('onClose', async () => {
    await runner.stop()
  })
}, { name: 'worker', dependencies: ['config', 'db', 'posts'] })
