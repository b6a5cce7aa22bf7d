import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../app.js'
import { cloneDatabase, testConfig } from './helpers/app.js'
import { ENV, type TapTest } from './helpers/accounts.js'
import { jobRow } from './helpers/jobs.js'
import { postRow } from './helpers/posts.js'
import {
  authHeader, drain, feedSocket, isEvent, isPublished, listen, registerUser, waitForNoConnections, waitUntil, type Urls
} from './helpers/sockets.js'

/**
 * Several instances on ONE database. Teardown order matters: every app is closed (and its
 * connections gone) before the database is dropped.
 */
async function cluster (t: TapTest, instances: Array<{ env?: Record<string, string>, role?: AppOptions['role'] }>) {
  const { url, drop } = await cloneDatabase()
  const apps: FastifyInstance[] = []
  t.teardown(async () => {
    await Promise.all(apps.map((app) => app.close()))
    await waitForNoConnections(url)
    await drop()
  })
  const out: Array<{ app: FastifyInstance } & Partial<Urls>> = []
  for (const { env, role } of instances) {
    const app = await buildApp({ config: testConfig({ ...ENV, ...env }, url), role })
    apps.push(app)
    await app.ready()
    out.push({ app, ...(role === 'worker' ? {} : await listen(app)) })
  }
  return out
}

/** A real HTTP call, as a client of that instance would make it. */
async function call (base: string, path: string, token: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeader(token) },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() as Record<string, any> }
}

t.test('two instances on one database', async (t) => {
  const [a, b] = await cluster(t, [{}, {}])

  t.test('a post published through B reaches FEED sockets on A and on B', async (t) => {
    const user = await registerUser(a.app)
    const onA = await feedSocket(t, a.ws!, user.token)
    const onB = await feedSocket(t, b.ws!, user.token)
    const created = await call(b.http!, '/v1/posts/create', user.token, { title: 'Across instances' })
    t.equal(created.status, 201)
    const postId = created.body.post.id

    const published = await call(b.http!, '/v1/posts/publish', user.token, { postId })
    t.equal(published.status, 200)
    const expected = {
      type: 'event',
      room: 'FEED',
      event: 'POST_PUBLISHED',
      data: { postId, title: 'Across instances', publishedAt: published.body.post.publishedAt }
    }
    t.same(await onA.waitFor(isPublished(postId)), expected, 'the socket on A gets the event')
    t.same(await onB.waitFor(isPublished(postId)), expected, 'the socket on B gets it too')
    t.same(await drain(b.app, onA, user.id, isEvent('POST_PUBLISHED')), [], 'exactly once on A')
  })

  t.test('a failed publish through B sends nothing to A', async (t) => {
    const [owner, intruder] = [await registerUser(b.app), await registerUser(b.app)]
    const onA = await feedSocket(t, a.ws!, owner.token)
    const created = await call(a.http!, '/v1/posts/create', owner.token, { title: 'Not yours' })
    const res = await call(b.http!, '/v1/posts/publish', intruder.token, { postId: created.body.post.id })
    t.equal(res.status, 404)
    t.equal(res.body.error, 'POST.NOT_FOUND')
    t.same(await drain(b.app, onA, owner.id, isEvent('POST_PUBLISHED')), [])
  })

  t.test('logging out everywhere through B closes the user\'s socket on A with 4401', async (t) => {
    const [alice, bob] = [await registerUser(a.app), await registerUser(a.app)]
    const aliceOnA = await feedSocket(t, a.ws!, alice.token)
    const bobOnA = await feedSocket(t, a.ws!, bob.token)
    const res = await call(b.http!, '/v1/users/logoutall', alice.token, {})
    t.equal(res.status, 200)
    t.equal((await aliceOnA.waitForClose()).code, 4401)
    t.same(await drain(b.app, bobOnA, bob.id, () => false), [])
    t.ok(bobOnA.isOpen, 'another user\'s socket on A stays open')
  })
})

t.test('an asynchronous publish through A, run by a worker-only process, reaches the socket on A', async (t) => {
  const [a, worker] = await cluster(t, [
    { env: { PUBLISH_MODE: 'async', WORKER_ENABLED: 'false' } },
    { role: 'worker' }
  ])
  t.equal(a.app.worker, null, 'A runs no worker')
  const user = await registerUser(a.app)
  const socket = await feedSocket(t, a.ws!, user.token)
  const created = await call(a.http!, '/v1/posts/create', user.token, { title: 'Queued on A' })
  const res = await call(a.http!, '/v1/posts/publish', user.token, { postId: created.body.post.id })
  t.equal(res.status, 202)
  t.ok(Number.isInteger(res.body.jobId))

  const postId = created.body.post.id
  const event = await socket.waitFor(isPublished(postId), 10_000, 'POST_PUBLISHED from the worker process')
  const row = await postRow(a.app, postId)
  t.equal(row?.status, 'published')
  t.same(event.data, { postId, title: 'Queued on A', publishedAt: row?.published_at.toISOString() })
  await waitUntil(async () => !(await jobRow(worker.app, res.body.jobId)), 'the job to be removed')
})
