import t from 'tap'
import { PASSWORD } from './helpers/accounts.js'
import { decodeJwt } from './helpers/tokens.js'
import { jobRow } from './helpers/jobs.js'
import { postRow } from './helpers/posts.js'
import {
  adminToken, drain, feedSocket, isEvent, isPublished, isType, registerUser, waitUntil
} from './helpers/sockets.js'
import { call, cluster } from './helpers/cluster.js'

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
    const onAEvent = await onA.waitFor(isPublished(postId))
    t.same(onAEvent, { ...expected, offset: onAEvent.offset, epoch: onAEvent.epoch }, 'the socket on A gets the event')
    t.ok(Number.isSafeInteger(onAEvent.offset) && typeof onAEvent.epoch === 'string', 'with its offset and epoch')
    t.same(await onB.waitFor(isPublished(postId)), onAEvent, 'the socket on B gets it too, with the same offset')
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

t.test('sockets follow their session family across two instances', async (t) => {
  const [a, b] = await cluster(t, [{}, {}])
  const post = async (base: string, path: string, token: string, body: Record<string, unknown> = {}) => call(base, path, token, body)
  /** A second device of `user`: a login of its own (a new family). */
  async function device (user: { email: string }) {
    const res = await fetch(`${a.http}/v1/users/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: PASSWORD })
    })
    const body = await res.json() as Record<string, any>
    return { token: body.token as string, refreshToken: body.refreshToken as string, family: decodeJwt(body.token).payload.sid as string }
  }

  t.test('revokesession through B closes that device\'s sockets on A and B, and no other', async (t) => {
    const user = await registerUser(a.app)
    const laptop = { ...user, family: decodeJwt(user.token).payload.sid as string }
    const phone = await device(user)
    const laptopOnA = await feedSocket(t, a.ws!, laptop.token)
    const phoneOnA = await feedSocket(t, a.ws!, phone.token)
    const phoneOnB = await feedSocket(t, b.ws!, phone.token)
    const res = await post(b.http!, '/v1/users/revokesession', laptop.token, { sessionId: phone.family })
    t.equal(res.status, 200)
    t.equal((await phoneOnA.waitForClose()).code, 4401, 'the phone\'s socket on A closes')
    t.equal((await phoneOnB.waitForClose()).code, 4401, 'and on B')
    t.same(await drain(b.app, laptopOnA, user.id, () => false), [])
    t.ok(laptopOnA.isOpen, 'the laptop\'s socket stays open')
  })

  t.test('logoutothers through A closes every other family\'s sockets on B; logout through B closes the caller\'s on A', async (t) => {
    const user = await registerUser(a.app)
    const other1 = await device(user)
    const other2 = await device(user)
    const mine = await feedSocket(t, b.ws!, user.token)
    const sockets = [await feedSocket(t, b.ws!, other1.token), await feedSocket(t, b.ws!, other2.token)]
    const res = await post(a.http!, '/v1/users/logoutothers', user.token)
    t.same(res.body, { status: 200, success: true, revoked: 2 })
    for (const socket of sockets) t.equal((await socket.waitForClose()).code, 4401)
    t.same(await drain(a.app, mine, user.id, () => false), [])
    t.ok(mine.isOpen, 'the caller\'s socket stays open')

    const logout = await post(b.http!, '/v1/users/logout', user.token, { refreshToken: user.refreshToken })
    t.equal(logout.status, 200)
    t.equal((await mine.waitForClose()).code, 4401, 'logout closes the family\'s sockets')
  })

  t.test('a socket that re-authenticated with another family\'s token follows that family', async (t) => {
    const user = await registerUser(a.app)
    const first = { ...user, family: decodeJwt(user.token).payload.sid as string }
    const second = await device(user)
    const socket = await feedSocket(t, a.ws!, first.token)
    socket.send({ type: 'auth', token: second.token })
    t.same(await socket.waitFor(isType('authenticated')), { type: 'authenticated', userId: user.id })
    t.equal((await post(b.http!, '/v1/users/revokesession', second.token, { sessionId: first.family })).status, 200)
    t.same(await drain(b.app, socket, user.id, () => false), [])
    t.ok(socket.isOpen, 'revoking the family it left does not close it')
    t.equal((await post(b.http!, '/v1/users/revokesession', first.token, { sessionId: second.family })).status, 200)
    t.equal((await socket.waitForClose()).code, 4401, 'revoking its current family does')
  })

  t.test('a replayed refresh token (theft) through B closes every socket of the user on A', async (t) => {
    const user = await registerUser(a.app)
    const other = await device(user)
    const sockets = [await feedSocket(t, a.ws!, user.token), await feedSocket(t, a.ws!, other.token)]
    const refresh = (token: string) => fetch(`${b.http}/v1/users/refresh`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: token })
    })
    t.equal((await refresh(user.refreshToken)).status, 200)
    t.equal((await refresh(user.refreshToken)).status, 401, 'the replay')
    for (const socket of sockets) t.equal((await socket.waitForClose()).code, 4401)
  })
})

t.test('the reuse interval across instances: a token rotated through A, replayed through B, gets the same successor', async (t) => {
  const [a, b] = await cluster(t, [{ env: { REFRESH_TOKEN_REUSE_INTERVAL: '5s' } }, { env: { REFRESH_TOKEN_REUSE_INTERVAL: '5s' } }])
  const user = await registerUser(a.app)
  const refresh = async (base: string) => {
    const res = await fetch(`${base}/v1/users/refresh`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: user.refreshToken })
    })
    return { status: res.status, body: await res.json() as Record<string, any> }
  }
  const [onA, onB] = await Promise.all([refresh(a.http!), refresh(b.http!)])
  t.same([onA.status, onB.status], [200, 200], 'both tabs succeed')
  t.equal(onA.body.refreshToken, onB.body.refreshToken, 'with one successor')
  const [{ n }] = await a.app.sql`select count(*)::int as n from user_sessions where user_id = ${user.id} and revoked_at is null`
  t.equal(n, 1, 'one active session in the family')
})

t.test('an admin deactivating a user through B closes that user\'s sockets on A, and its tokens stop working', async (t) => {
  const [a, b] = await cluster(t, [{}, {}])
  const user = await registerUser(a.app)
  const sockets = [await feedSocket(t, a.ws!, user.token), await feedSocket(t, b.ws!, user.token)]
  const admin = await adminToken(b.app)
  const res = await fetch(`${b.http}/v1/admins/deactivateuser`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `jwt-admin ${admin}` }, body: JSON.stringify({ userId: user.id })
  })
  t.equal(res.status, 200)
  for (const socket of sockets) {
    t.same(await socket.waitFor(isType('error')), { type: 'error', error: 'UNAUTHORIZED', message: 'Authentication is required' })
    t.equal((await socket.waitForClose()).code, 4401)
  }
  t.equal((await call(a.http!, '/v1/users/me', user.token, {})).status, 401, 'the access token is dead on A')
  const refreshed = await fetch(`${a.http}/v1/users/refresh`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: user.refreshToken })
  })
  t.equal(refreshed.status, 401, 'and so is the refresh token')
})
