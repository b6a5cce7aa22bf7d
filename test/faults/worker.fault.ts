/**
 * A worker killed with SIGKILL while it holds jobs (docs/operations.md#jobs-of-dead-workers): a
 * live worker runs them within 60 s, and never while their first worker could still be running
 * them.
 */
import { spawn } from 'node:child_process'
import t from 'tap'
import { ROOT } from '../../paths.js'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../../app.js'
import { build, testConfig } from '../helpers/app.js'
import { ENV } from '../helpers/accounts.js'
import { registerUser, waitUntil } from '../helpers/sockets.js'
import { createPost, publish } from '../helpers/posts.js'
import { jobRows } from '../helpers/jobs.js'

/** A worker process's app on the database of `app` (closed when the test ends). */
async function workerOn (t: { teardown: (fn: () => unknown) => void }, app: FastifyInstance, opts: Partial<AppOptions> = {}) {
  const worker = await buildApp({ config: testConfig({ ...ENV, WORKER_RESCUE_INTERVAL: '1s' }, app.databaseUrl), role: 'worker', ...opts })
  t.teardown(() => worker.close())
  return worker
}

t.test('the jobs of a worker killed mid-job run again on a live worker within 60 s', async (t) => {
  const app = await build(t, { env: { ...ENV, PUBLISH_MODE: 'async', WORKER_ENABLED: 'false' } })
  const user = await registerUser(app)
  const posts: Array<Record<string, any>> = []
  for (let i = 0; i < 3; i++) {
    const post = await createPost(app, user.token)
    t.equal((await publish(app, user.token, post.id)).statusCode, 202, 'queued')
    posts.push(post)
  }

  const base: Record<string, string | undefined> = { ...process.env }
  for (const key of ['REDIS_URL', 'NODE_OPTIONS']) delete base[key]
  const stuck = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/stuck-worker.ts'], {
    cwd: ROOT, env: { ...base, DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'warn', MIGRATE_ON_START: 'false' }, stdio: 'ignore'
  })
  t.teardown(() => { if (stuck.exitCode === null) stuck.kill('SIGKILL') })
  const locked = async () => (await jobRows(app)).filter((j) => j.locked_by).length === posts.length
  t.ok(await waitUntil(locked, 'the doomed worker to lock every job', 20_000), 'the doomed worker locked every job')
  stuck.kill('SIGKILL')
  const killedAt = Date.now()

  // A live worker, sweeping every second (WORKER_RESCUE_INTERVAL) so the test is quick.
  const live = await workerOn(t, app)
  const published = async () => {
    const rows = await live.sql`select status from posts where id in ${live.sql(posts.map((p) => p.id))}`
    return rows.every((r) => r.status === 'published')
  }
  t.ok(await waitUntil(published, 'the posts to be published', 60_000, 100), `every post was published by the live worker (${Date.now() - killedAt} ms after the kill)`)
  t.ok(Date.now() - killedAt < 60_000, 'within 60 s')
  // The registration's mail job was rescued with the posts' and may still be running.
  t.ok(await waitUntil(async () => (await jobRows(app)).length === 0, 'every job to be done', 10_000, 100), 'and their jobs are done')
})

t.test('a live worker\'s jobs are never taken from it, however long they run', async (t) => {
  const app = await build(t, { env: { ...ENV, PUBLISH_MODE: 'async', WORKER_ENABLED: 'false' } })
  const user = await registerUser(app)
  const post = await createPost(app, user.token)
  let started = 0
  let release: () => void = () => {}
  await workerOn(t, app, {
    publishSteps: { moderate: () => { started++; return new Promise<void>((resolve) => { release = resolve }) } }
  })
  t.equal((await publish(app, user.token, post.id)).statusCode, 202)
  t.ok(await waitUntil(async () => started === 1, 'the slow worker to take the job', 10_000), 'the slow worker took the job')
  const other = await workerOn(t, app)
  // Longer than the grace and two sweeps of both workers.
  await new Promise((resolve) => setTimeout(resolve, 14_000))
  const [row] = await other.sql`select status from posts where id = ${post.id}`
  t.equal(row.status, 'draft', 'nobody else published it meanwhile')
  t.equal((await jobRows(app)).filter((j) => j.locked_by).length, 1, 'the job is still locked by the slow worker')
  release()
  t.ok(await waitUntil(async () => (await other.sql`select status from posts where id = ${post.id}`)[0].status === 'published', 'the post to be published', 10_000),
    'the slow worker finishes it')
  t.equal(started, 1, 'the job ran once')
})
