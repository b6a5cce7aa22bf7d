import { randomUUID } from 'node:crypto'
import t from 'tap'
import { v7 as uuidv7 } from 'uuid'
import type { JobHelpers, WorkerUtils } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { V1PublishTask } from '../../workers/V1PublishTask.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { PUBLISH_MAX_ATTEMPTS, type PublishSteps } from '../../plugins/posts/posts.js'
import { ROOMS_CHANNEL } from '../../plugins/realtime/rooms.js'
import type { PublicPost } from '../../schemas/posts.js'
import { PASSWORD, uniqueEmail, type Row } from '../helpers/accounts.js'
import { jobRow, removeJob, runJobNow, workerUtils } from '../helpers/jobs.js'
import { createPost, postRow, publish } from '../helpers/posts.js'
import { drain, feedSocket, isEvent, isPublished, registerUser, sleep, start, waitUntil } from '../helpers/sockets.js'

interface Call { step: 'moderate' | 'preview', postId: string, status: string, locale: string }

const calls: Call[] = []
const steps: PublishSteps = { moderate: async () => {}, preview: async () => {} }
// The app keeps these wrappers; each subtest swaps the behaviour behind them.
const publishSteps: PublishSteps = {
  moderate: async (post, locale) => {
    calls.push({ step: 'moderate', postId: post.id, status: post.status, locale })
    return steps.moderate(post, locale)
  },
  preview: async (post, locale) => {
    calls.push({ step: 'preview', postId: post.id, status: post.status, locale })
    return steps.preview(post, locale)
  }
}
const callsFor = (postId: string) => calls.filter((c) => c.postId === postId).map((c) => c.step)

const app = await start(t, { env: { PUBLISH_MODE: 'async', WORKER_ENABLED: 'true' }, publishSteps })
const utils = await workerUtils(t, app)

function useSteps (t: { teardown: (fn: () => void) => void }, overrides: Partial<PublishSteps>) {
  Object.assign(steps, overrides)
  t.teardown(() => Object.assign(steps, { moderate: async () => {}, preview: async () => {} }))
}

async function addJob (target: WorkerUtils, payload: unknown): Promise<number> {
  const job = await target.addJob('V1PublishTask', payload, { maxAttempts: PUBLISH_MAX_ATTEMPTS })
  return Number(job.id)
}

/** Waits until attempt `n` of a job has failed (graphile-worker unlocks it and records the error). */
function attemptFailed (target: FastifyInstance, id: number, n: number): Promise<Row> {
  return waitUntil(async () => {
    const job = await jobRow(target, id)
    return job && job.attempts === n && job.locked_at === null && job.last_error !== null ? job : undefined
  }, `attempt ${n} of job ${id} to fail`, 8000)
}

function jobGone (target: FastifyInstance, id: number): Promise<boolean> {
  return waitUntil(async () => !(await jobRow(target, id)), `job ${id} to complete`, 8000)
}

const helpers = { logger: { info () {}, debug () {}, warn () {}, error () {} } } as unknown as JobHelpers

t.test('the task refuses an invalid payload before doing anything', async (t) => {
  const task = V1PublishTask(app)
  const payloads: Array<[string, unknown]> = [
    ['no payload', null],
    ['an empty object', {}],
    ['a postId that is not a UUID', { postId: 'nope', locale: 'en' }],
    ['a version 4 postId', { postId: randomUUID(), locale: 'en' }],
    ['no locale', { postId: uuidv7() }],
    ['an empty locale', { postId: uuidv7(), locale: '' }]
  ]
  for (const [what, payload] of payloads) {
    await t.rejects(Promise.resolve().then(() => task(payload as never, helpers)), /invalid V1PublishTask payload/, `${what} is refused`)
  }
  t.same(calls, [], 'no step ran')
})

t.test('the task publishes a draft after moderation and preview, with the locale of its payload', async (t) => {
  const user = await registerUser(app)
  const draft = await createPost(app, user.token, 'Run by hand')
  await V1PublishTask(app)({ postId: draft.id, locale: 'es' }, helpers)
  t.same(calls.filter((c) => c.postId === draft.id), [
    { step: 'moderate', postId: draft.id, status: 'draft', locale: 'es' },
    { step: 'preview', postId: draft.id, status: 'draft', locale: 'es' }
  ])
  t.equal((await postRow(app, draft.id))?.status, 'published')
})

t.test('a queued job publishes the post and POST_PUBLISHED follows its commit', async (t) => {
  const user = await registerUser(app)
  const socket = await feedSocket(t, app, user.token)
  const draft = await createPost(app, user.token, 'Through the queue')
  const res = await publish(app, user.token, draft.id)
  t.equal(res.statusCode, 202)
  const event = await socket.waitFor(isPublished(draft.id), 8000, 'POST_PUBLISHED from the job')
  const row = await postRow(app, draft.id)
  t.equal(row?.status, 'published')
  t.same(event.data, { postId: draft.id, title: 'Through the queue', publishedAt: row?.published_at.toISOString() })
  t.same(callsFor(draft.id), ['moderate', 'preview'])
  await jobGone(app, res.json().jobId)
})

t.test('a rejecting moderation step leaves a draft, emits nothing, and stops after 3 attempts', async (t) => {
  useSteps(t, { moderate: async () => { throw new Error('moderation refused: spam') } })
  const user = await registerUser(app)
  const socket = await feedSocket(t, app, user.token)
  const draft = await createPost(app, user.token)
  const res = await publish(app, user.token, draft.id)
  t.equal(res.statusCode, 202)
  const { jobId } = res.json()

  for (let n = 1; n <= PUBLISH_MAX_ATTEMPTS; n++) {
    const job = await attemptFailed(app, jobId, n)
    t.match(job.last_error, /moderation refused: spam/, `attempt ${n} failed with the moderation error`)
    t.equal((await postRow(app, draft.id))?.status, 'draft', `the post is a draft after attempt ${n}`)
    await runJobNow(utils, jobId) // skip the backoff (and, after the last attempt, try to provoke one more)
  }
  await sleep(500)
  const job = await jobRow(app, jobId)
  t.equal(job?.attempts, 3, 'no fourth attempt')
  t.equal(job?.max_attempts, 3)
  t.match(job?.last_error, /moderation refused: spam/, 'last_error keeps the reason')
  t.same(callsFor(draft.id), ['moderate', 'moderate', 'moderate'], 'moderation ran three times, preview never')
  const row = await postRow(app, draft.id)
  t.equal(row?.status, 'draft')
  t.equal(row?.published_at, null)
  t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [], 'no event')
})

t.test('a rejecting preview step leaves a draft and fails the attempt', async (t) => {
  useSteps(t, { preview: async () => { throw new Error('preview renderer down') } })
  const user = await registerUser(app)
  const socket = await feedSocket(t, app, user.token)
  const draft = await createPost(app, user.token)
  const { jobId } = (await publish(app, user.token, draft.id)).json()
  t.teardown(() => removeJob(utils, app, jobId))
  const job = await attemptFailed(app, jobId, 1)
  t.match(job.last_error, /preview renderer down/)
  t.same(callsFor(draft.id), ['moderate', 'preview'])
  t.equal((await postRow(app, draft.id))?.status, 'draft')
  t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [])
})

t.test('a job for a missing post fails', async (t) => {
  const postId = uuidv7()
  await t.rejects(app.posts.runPublishJob(postId, 'en'), /does not exist/, 'the job function throws')
  const jobId = await addJob(utils, { postId, locale: 'en' })
  t.teardown(() => removeJob(utils, app, jobId))
  const job = await attemptFailed(app, jobId, 1)
  t.match(job.last_error, new RegExp(`post ${postId} does not exist`))
  t.same(callsFor(postId), [], 'no step ran')
})

t.test('a job with an invalid payload fails without running any step', async (t) => {
  const jobId = await addJob(utils, { postId: 'not-a-uuid', locale: 'en' })
  t.teardown(() => removeJob(utils, app, jobId))
  const job = await attemptFailed(app, jobId, 1)
  t.match(job.last_error, /invalid V1PublishTask payload/)
  t.same(callsFor('not-a-uuid'), [])
})

t.test('a job for a post published meanwhile completes without steps and without an event', async (t) => {
  const user = await registerUser(app)
  const socket = await feedSocket(t, app, user.token)
  const draft = await createPost(app, user.token)
  const published: PublicPost = await app.posts.publish(draft.id, user.id)
  await socket.waitFor(isPublished(draft.id))
  const before = await postRow(app, draft.id)

  const jobId = await addJob(utils, { postId: draft.id, locale: 'en' })
  await jobGone(app, jobId)
  t.same(callsFor(draft.id), [], 'no step ran')
  t.same(await postRow(app, draft.id), before, 'the post is untouched')
  t.equal(before?.published_at.toISOString(), published.publishedAt)
  t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [], 'no second event')
})

t.test('a worker-only process runs the job and notifies every instance after the commit', async (t) => {
  const worker = await start(t, { role: 'worker', publishSteps })
  t.equal(worker.hasRoute({ method: 'GET', url: '/v1/ws' }), false, 'the worker serves no routes')
  t.ok(worker.worker, 'the worker runs')
  const owner = await worker.accountAdmin.create(ACCOUNT_TYPES.user, uniqueEmail('worker'), PASSWORD)
  const draft = await worker.posts.create(owner.id, 'Worker only')

  const notices: Array<Record<string, any>> = []
  const listener = await worker.directSql.listen(ROOMS_CHANNEL, (payload) => notices.push(JSON.parse(payload)))
  t.teardown(() => listener.unlisten())

  const jobId = await addJob(await workerUtils(t, worker), { postId: draft.id, locale: 'en' })
  await jobGone(worker, jobId)
  const row = await postRow(worker, draft.id)
  t.equal(row?.status, 'published')
  t.same(callsFor(draft.id), ['moderate', 'preview'])
  const notice = await waitUntil(() => notices.find((n) => n.data?.postId === draft.id), 'the room notification')
  t.same(notice, {
    offset: notice.offset,
    epoch: notice.epoch,
    room: 'FEED',
    event: 'POST_PUBLISHED',
    data: { postId: draft.id, title: 'Worker only', publishedAt: row?.published_at.toISOString() }
  })
})
