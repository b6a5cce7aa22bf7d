import type tap from 'tap'
import { Logger, makeWorkerUtils, runTaskListOnce, type Job, type WorkerUtils } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import type { Row, TapTest } from './accounts.js'
import { waitUntil } from './sockets.js'

const silent = new Logger(() => () => {})

/** graphile-worker's utilities on the database of `app`, released when `t` ends. */
export async function workerUtils (t: TapTest | typeof tap, app: FastifyInstance): Promise<WorkerUtils> {
  const utils = await makeWorkerUtils({ connectionString: app.directDatabaseUrl, logger: silent })
  t.teardown(() => utils.release())
  return utils
}

/** Every job, oldest first, as graphile-worker's public `jobs` view shows it (it has no payload). */
export async function jobRows (app: FastifyInstance): Promise<Row[]> {
  return [...await app.sql`select * from graphile_worker.jobs order by id`]
}

export async function jobRow (app: FastifyInstance, id: number | string): Promise<Row | undefined> {
  const [row] = await app.sql`select * from graphile_worker.jobs where id = ${String(id)}::bigint`
  return row
}

/**
 * Makes a job due now instead of after its backoff, and wakes the workers: rescheduleJobs does
 * not notify them, so this sends the notification that add_job sends for a new job.
 */
export async function runJobNow (utils: WorkerUtils, id: number | string): Promise<void> {
  await utils.rescheduleJobs([String(id)], { runAt: new Date() })
  await utils.withPgClient((client) => client.query(`select pg_notify('jobs:insert', '{"count":1}')`))
}

/**
 * The due jobs of `identifier`, as their task receives them (with the payload the view lacks):
 * runs them once in this process with a task that only records them, which completes them.
 */
export async function takeJobs (utils: WorkerUtils, identifier: string): Promise<Job[]> {
  const taken: Job[] = []
  const tasks = { [identifier]: async (_payload: unknown, helpers: { job: Job }) => { taken.push(helpers.job) } }
  await utils.withPgClient((client) => runTaskListOnce({ logger: silent, noHandleSignals: true }, tasks, client).promise)
  return taken
}

/** Deletes a job that may still be retrying; completeJobs leaves a locked job alone, so ask until it is gone. */
export async function removeJob (utils: WorkerUtils, app: FastifyInstance, id: number | string): Promise<void> {
  await waitUntil(async () => (await utils.completeJobs([String(id)])).length > 0 || !(await jobRow(app, id)),
    `job ${id} to be removed`, 8000)
}
