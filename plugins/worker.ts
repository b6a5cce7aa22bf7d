import fp from 'fastify-plugin'
import { run, type Runner } from 'graphile-worker'
import { taskList } from '../workers/index.js'
import { graphileLogger } from '../workers/logger.js'

declare module 'fastify' {
  interface FastifyInstance { worker: Runner | null }
}

/** The in-process graphile-worker (WORKER_ENABLED); signals stay with close-with-grace. */
export default fp(async (app) => {
  const { config } = app
  if (!config.workerEnabled) {
    app.decorate('worker', null)
    return
  }
  const runner = await run({
    connectionString: app.databaseUrl,
    concurrency: config.workerConcurrency,
    noHandleSignals: true,
    taskList: taskList(),
    logger: graphileLogger(app.log)
  })
  app.decorate('worker', runner)
  app.addHook('onClose', async () => {
    await runner.stop()
  })
}, { name: 'worker', dependencies: ['config', 'db'] })
