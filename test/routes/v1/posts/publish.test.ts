import { randomUUID } from 'node:crypto'
import t from 'tap'
import { v7 as uuidv7 } from 'uuid'
import type { PublicPost } from '../../../../schemas/posts.js'
import type { Row, TapTest } from '../../../helpers/accounts.js'
import { jobRow, jobRows, takeJobs, workerUtils } from '../../../helpers/jobs.js'
import { ISO_DATE, createPost, postRow, publish } from '../../../helpers/posts.js'
import {
  adminToken, authHeader, drain, feedSocket, isEvent, isPublished, registerUser, sleep, start, waitUntil
} from '../../../helpers/sockets.js'

const POST_KEYS = ['createdAt', 'id', 'publishedAt', 'status', 'title', 'updatedAt', 'userId']

function assertNotFound (t: TapTest, res: { statusCode: number, json: () => any }, message = 'Post not found') {
  t.equal(res.statusCode, 404)
  t.same(res.json(), { status: 404, success: false, error: 'POST.NOT_FOUND', message })
}

function assertInvalidPostId (t: TapTest, res: { statusCode: number, json: () => any }) {
  t.equal(res.statusCode, 400)
  const body = res.json()
  t.equal(body.error, 'BAD_REQUEST_INVALID_ARGUMENTS')
  t.equal(body.status, 400)
  t.equal(body.success, false)
  t.match(body.message, /postId/, 'the message names postId')
  t.same(body.fields.map((f: { name: string }) => f.name), ['postId'], 'postId is the failing field')
}

t.test('direct mode', async (t) => {
  const app = await start(t)

  t.test('publishing an own draft answers 200 with the post, now published', async (t) => {
    const user = await registerUser(app)
    const draft = await createPost(app, user.token, 'First light')
    const res = await publish(app, user.token, draft.id)
    t.equal(res.statusCode, 200)
    const body = res.json()
    t.same(Object.keys(body).sort(), ['post', 'status', 'success'])
    t.equal(body.status, 200)
    t.equal(body.success, true)
    const post: PublicPost = body.post
    t.same(Object.keys(post).sort(), POST_KEYS, 'the post has exactly its public fields')
    t.match(post, { id: draft.id, userId: user.id, title: 'First light', status: 'published', createdAt: draft.createdAt })
    t.match(post.publishedAt, ISO_DATE)
    t.ok(Math.abs(Date.parse(post.publishedAt!) - Date.now()) < 10_000, 'publishedAt is now')

    const row = await postRow(app, draft.id)
    t.equal(row?.status, 'published', 'the row is published')
    t.equal(row?.published_at.toISOString(), post.publishedAt, 'published_at is the publishedAt of the response')
  })

  t.test('POST_PUBLISHED reaches FEED with postId, title and publishedAt once the change is committed', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    const draft = await createPost(app, user.token, 'Committed first')
    const pending = publish(app, user.token, draft.id)
    const event = await socket.waitFor(isPublished(draft.id))
    const row = await postRow(app, draft.id)
    t.equal(row?.status, 'published', 'when the event arrives, the change is visible to other connections')
    const res = await pending
    t.same(event, {
      offset: event.offset,
      epoch: event.epoch,
      type: 'event',
      room: 'FEED',
      event: 'POST_PUBLISHED',
      data: { postId: draft.id, title: 'Committed first', publishedAt: res.json().post.publishedAt }
    })
    t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [], 'exactly one event')
  })

  t.test('the arguments may come in the query string of a GET', async (t) => {
    const user = await registerUser(app)
    const draft = await createPost(app, user.token)
    const res = await app.inject({ method: 'GET', url: `/v1/posts/publish?postId=${draft.id}`, headers: authHeader(user.token) })
    t.equal(res.statusCode, 200)
    t.equal(res.json().post.status, 'published')
  })

  t.test('a post that does not exist answers 404 POST.NOT_FOUND and emits nothing', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    assertNotFound(t, await publish(app, user.token, uuidv7()))
    t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [])
  })

  t.test('another user\'s post answers 404 POST.NOT_FOUND, stays a draft and emits nothing', async (t) => {
    const [owner, intruder] = [await registerUser(app), await registerUser(app)]
    const socket = await feedSocket(t, app, owner.token)
    const draft = await createPost(app, owner.token)
    assertNotFound(t, await publish(app, intruder.token, draft.id))
    const row = await postRow(app, draft.id)
    t.equal(row?.status, 'draft')
    t.equal(row?.published_at, null)
    t.same(await drain(app, socket, owner.id, isEvent('POST_PUBLISHED')), [])
  })

  t.test('the 404 message is in the language of Accept-Language', async (t) => {
    const user = await registerUser(app)
    assertNotFound(t, await publish(app, user.token, uuidv7(), { headers: { 'accept-language': 'es-ES,es;q=0.9' } }),
      'Publicación no encontrada')
  })

  t.test('the 404 message is in the language forced by ?lang=', async (t) => {
    const user = await registerUser(app)
    assertNotFound(t, await publish(app, user.token, uuidv7(), { url: '/v1/posts/publish?lang=es' }), 'Publicación no encontrada')
    assertNotFound(t, await publish(app, user.token, uuidv7(), {
      url: '/v1/posts/publish?lang=es',
      headers: { 'accept-language': 'en' }
    }), 'Publicación no encontrada')
  })

  t.test('publishing an already published post answers 200 with the post unchanged and emits nothing', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    const draft = await createPost(app, user.token)
    const first = (await publish(app, user.token, draft.id)).json().post
    await socket.waitFor(isPublished(draft.id))
    const before = await postRow(app, draft.id)

    const res = await publish(app, user.token, draft.id)
    t.equal(res.statusCode, 200)
    t.same(res.json(), { status: 200, success: true, post: first }, 'the same post, same publishedAt and updatedAt')
    t.same(await postRow(app, draft.id), before, 'the row is untouched')
    t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [], 'no second event')
  })

  t.test('a publish whose transaction fails answers 500, leaves a draft and emits nothing', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    const draft = await createPost(app, user.token)
    // The update succeeds, then this trigger aborts the transaction after the notify was queued.
    await app.sql.unsafe(`create function latchkey_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test trigger'; end $$`)
    await app.sql.unsafe('create trigger latchkey_test_refuse after update on posts for each row execute function latchkey_test_refuse()')
    const dropTrigger = async () => {
      await app.sql.unsafe('drop trigger if exists latchkey_test_refuse on posts')
      await app.sql.unsafe('drop function if exists latchkey_test_refuse()')
    }
    t.teardown(dropTrigger)

    const res = await publish(app, user.token, draft.id)
    t.equal(res.statusCode, 500)
    t.match(res.json(), { status: 500, success: false, message: /refused by the test trigger/ })
    const row = await postRow(app, draft.id)
    t.equal(row?.status, 'draft', 'the post is still a draft')
    t.equal(row?.published_at, null)
    await sleep(500)
    t.same(socket.pending(isEvent('POST_PUBLISHED')), [], 'no event within 500 ms')
    t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [], 'nor later')

    await dropTrigger()
    t.equal((await publish(app, user.token, draft.id)).statusCode, 200, 'without the trigger it publishes')
    t.ok(await socket.waitFor(isPublished(draft.id)), 'and the event arrives')
  })

  t.test('postId must be a UUID of version 7', async (t) => {
    const user = await registerUser(app)
    const draft = await createPost(app, user.token)
    const v4 = randomUUID()
    for (const [what, postId] of [['a version 4 UUID', v4], ['garbage', 'not-a-uuid'], ['an empty string', ''],
      ['a number', 42], ['a v7 UUID with trailing text', `${draft.id}x`]] as Array<[string, unknown]>) {
      const res = await publish(app, user.token, postId)
      t.test(`${what} is refused with 400`, async (t) => assertInvalidPostId(t, res))
    }
    const missing = await app.inject({ method: 'POST', url: '/v1/posts/publish', payload: {}, headers: authHeader(user.token) })
    t.test('a missing postId is refused with 400', async (t) => assertInvalidPostId(t, missing))
    t.equal((await postRow(app, draft.id))?.status, 'draft', 'nothing was published meanwhile')
  })

  t.test('publishing needs a user access token', async (t) => {
    const user = await registerUser(app)
    const draft = await createPost(app, user.token)
    const cases: Array<[string, Record<string, string>]> = [
      ['no Authorization header', {}],
      ['an admin token', { authorization: `jwt-admin ${await adminToken(app)}` }],
      ['a user token under the admin scheme', { authorization: `jwt-admin ${user.token}` }],
      ['a garbage token', { authorization: 'jwt-user nope' }]
    ]
    for (const [what, headers] of cases) {
      const res = await app.inject({ method: 'POST', url: '/v1/posts/publish', payload: { postId: draft.id }, headers })
      t.equal(res.statusCode, 401, `${what}: 401`)
      t.equal(res.json().error, 'UNAUTHORIZED', `${what}: UNAUTHORIZED`)
    }
    t.equal((await postRow(app, draft.id))?.status, 'draft', 'the post is still a draft')
  })
})

t.test('async mode without a worker running', async (t) => {
  const app = await start(t, { env: { PUBLISH_MODE: 'async', WORKER_ENABLED: 'false' } })
  const utils = await workerUtils(t, app)

  /** The queued jobs of a post, with their payloads (taking them completes them). */
  async function jobsFor (postId: string) {
    return (await takeJobs(utils, 'V1PublishTask')).filter((j) => (j.payload as Row | null)?.postId === postId)
  }

  t.test('answers 202 with an integer jobId, queues V1PublishTask and emits nothing', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    const draft = await createPost(app, user.token)
    const res = await publish(app, user.token, draft.id)
    t.equal(res.statusCode, 202)
    const body = res.json()
    t.same(Object.keys(body).sort(), ['jobId', 'status', 'success'])
    t.match(body, { status: 202, success: true })
    t.ok(Number.isInteger(body.jobId), `jobId is an integer (${body.jobId})`)

    const queued = await jobRow(app, body.jobId) // before it is taken, which counts an attempt
    const jobs = await jobsFor(draft.id)
    t.equal(jobs.length, 1, 'one job')
    t.equal(String(jobs[0]?.id), String(body.jobId), 'its id is the jobId')
    t.equal(jobs[0]?.task_identifier, 'V1PublishTask')
    t.same(jobs[0]?.payload, { postId: draft.id, locale: 'en' })
    t.equal(queued?.max_attempts, 3, 'a bounded number of attempts')
    t.equal(queued?.attempts, 0)
    t.equal((await postRow(app, draft.id))?.status, 'draft', 'the post stays a draft until the job runs')
    t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [], 'the endpoint emits nothing')
  })

  t.test('the job carries the locale of the request', async (t) => {
    const user = await registerUser(app)
    const cases: Array<[string, { url?: string, headers?: Record<string, string> }, string]> = [
      ['?lang=es', { url: '/v1/posts/publish?lang=es' }, 'es'],
      ['Accept-Language', { headers: { 'accept-language': 'es-MX,es;q=0.8,en;q=0.5' } }, 'es'],
      ['the i18n-locale cookie', { headers: { cookie: 'i18n-locale=es' } }, 'es'],
      ['an unsupported language', { headers: { 'accept-language': 'xx' } }, 'en']
    ]
    for (const [from, opts, locale] of cases) {
      const draft = await createPost(app, user.token)
      const res = await publish(app, user.token, draft.id, opts)
      t.equal(res.statusCode, 202, `${from}: 202`)
      t.same((await jobsFor(draft.id))[0]?.payload, { postId: draft.id, locale }, `${from}: locale ${locale}`)
    }
  })

  t.test('a missing or foreign post answers 404 POST.NOT_FOUND and queues nothing', async (t) => {
    const [owner, intruder] = [await registerUser(app), await registerUser(app)]
    const draft = await createPost(app, owner.token)
    const before = (await jobRows(app)).length
    const missing = uuidv7()
    assertNotFound(t, await publish(app, owner.token, missing))
    assertNotFound(t, await publish(app, intruder.token, draft.id))
    t.equal((await jobRows(app)).length, before, 'no job was queued')
    t.equal((await postRow(app, draft.id))?.status, 'draft')
  })

  t.test('an already published post answers 200 with the post and queues nothing', async (t) => {
    const user = await registerUser(app)
    const draft = await createPost(app, user.token)
    await app.posts.publish(draft.id, user.id)
    const row = await postRow(app, draft.id)
    const res = await publish(app, user.token, draft.id)
    t.equal(res.statusCode, 200)
    t.match(res.json(), { status: 200, success: true, post: { id: draft.id, status: 'published', publishedAt: row?.published_at.toISOString() } })
    t.same(await jobsFor(draft.id), [], 'no job')
    t.same(await postRow(app, draft.id), row, 'the row is untouched')
  })

  t.test('an invalid postId answers 400 and queues nothing', async (t) => {
    const user = await registerUser(app)
    const before = (await jobRows(app)).length
    assertInvalidPostId(t, await publish(app, user.token, randomUUID()))
    t.equal((await jobRows(app)).length, before)
  })
})

t.test('async mode with the worker in the process', async (t) => {
  const calls: Array<{ step: string, post: PublicPost, locale: string }> = []
  const app = await start(t, {
    env: { PUBLISH_MODE: 'async', WORKER_ENABLED: 'true' },
    publishSteps: {
      moderate: async (post, locale) => { calls.push({ step: 'moderate', post, locale }) },
      preview: async (post, locale) => { calls.push({ step: 'preview', post, locale }) }
    }
  })

  t.test('the job moderates, previews and publishes, and POST_PUBLISHED follows its commit', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    const draft = await createPost(app, user.token, 'Queued words')
    const res = await publish(app, user.token, draft.id, { headers: { 'accept-language': 'es' } })
    t.equal(res.statusCode, 202)
    const { jobId } = res.json()

    const event = await socket.waitFor(isPublished(draft.id), 10_000, 'POST_PUBLISHED from the job')
    const row = await postRow(app, draft.id)
    t.equal(row?.status, 'published', 'the post is published when the event arrives')
    t.same(event.data, { postId: draft.id, title: 'Queued words', publishedAt: row?.published_at.toISOString() })

    const mine = calls.filter((c) => c.post.id === draft.id)
    t.same(mine.map((c) => c.step), ['moderate', 'preview'], 'moderation, then preview, once each')
    for (const call of mine) {
      t.equal(call.locale, 'es', `${call.step} gets the locale of the request`)
      t.match(call.post, { id: draft.id, title: 'Queued words', status: 'draft', userId: user.id }, `${call.step} gets the draft`)
    }
    await waitUntil(async () => !(await jobRows(app)).some((j) => String(j.id) === String(jobId)), 'the finished job to be removed')
    t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [], 'exactly one event')
  })
})
