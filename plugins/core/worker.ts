import fp from 'fastify-plugin'
import pg from 'pg'
import { Logger, makeWorkerUtils, parseCronItems, run, type CronItem, type Job, type Runner, type TaskList } from 'graphile-worker'
import { watchWorkerLiveness } from './worker-liveness.js'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'

declare module 'fastify' {
  interface FastifyInstance { worker: Runner | null }
}

/**
 * graphile-worker's log lines, written through our pino logger. A failed job comes with the
 * whole job as `meta.job`: only its identity is kept, since a payload may hold a secret (the
 * link of a V1SendEmailTask).
 */
export function graphileLogger (log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fn = level === 'error' ? log.error : level === 'warning' ? log.warn : level === 'debug' ? log.debug : log.info
    const { job, ...rest } = (meta ?? {}) as { job?: Job }
    const identity = job ? { job: { id: job.id, task: job.task_identifier, attempts: job.attempts, maxAttempts: job.max_attempts } } : {}
    fn.call(log, { ...scope, ...rest, ...identity, component: 'worker' }, message)
  })
}

export interface WorkerOptions {
  enabled: boolean
  /** The tasks, built once the domains they use are registered (workers/index.ts). */
  taskList: (app: FastifyInstance) => TaskList
  /** Recurring jobs (workers/index.ts). */
  cronItems: CronItem[]
}

/**
 * graphile-worker inside this process (`serve` with WORKER_ENABLED, or `worker`); signals stay
 * with close-with-grace. The pool is ours: graphile-worker does not wait for a pool it created
 * to end, and drops its error handler first, so a database restart during shutdown would crash.
 */
export default fp<WorkerOptions>(async (app, opts) => {
  const { config } = app
  if (!opts.enabled) {
    app.decorate('worker', null)
    return
  }
  // One more connection than graphile-worker's own for the liveness locks. Its LISTEN and the
  // locks' sessions need the direct connection, not a transaction-mode pooler.
  const pool = new pg.Pool({ connectionString: app.directDatabaseUrl, max: config.workerConcurrency + 3 })
  pool.on('error', (err) => app.log.warn({ err }, 'worker pool connection error'))
  // A checked-out connection's failure is emitted on the connection, not the pool (an idle one's
  // also reaches the pool's handler above); graphile-worker warns on standard error without this.
  pool.on('connect', (client) => client.on('error', (err) => app.log.debug({ err }, 'worker connection error')))
  const logger = graphileLogger(app.log)
  const utils = await makeWorkerUtils({ pgPool: pool, logger })
  const liveness = watchWorkerLiveness({ pool, utils, log: app.log, intervalMs: config.workerRescueIntervalMs })
  await liveness.start()
  const jobs = app.metrics?.counter({ name: 'latchkey_jobs_total', help: 'Jobs run by this instance\'s worker by task and outcome', labelNames: ['task', 'outcome'] as const })
  if (jobs) {
    liveness.events.on('job:success', ({ job }) => jobs.inc({ task: job.task_identifier, outcome: 'success' }))
    // job:failed repeats the last job:error: counted once, as failed when no attempt is left.
    liveness.events.on('job:error', ({ job }) =>
      jobs.inc({ task: job.task_identifier, outcome: job.attempts >= job.max_attempts ? 'failed' : 'retry' }))
  }
  const runner = await run({
    pgPool: pool,
    events: liveness.events,
    concurrency: config.workerConcurrency,
    noHandleSignals: true,
    taskList: opts.taskList(app),
    // No crontab file: recurring jobs are declared in code (otherwise every start logs its absence).
    parsedCronItems: parseCronItems(opts.cronItems),
    logger
  })
  app.decorate('worker', runner)
  app.addHook('onClose', async () => {
    await runner.stop()
    await liveness.stop()
    await utils.release()
    await pool.end()
  })
}, { name: 'worker', dependencies: ['config', 'db', 'metrics'] })
