import t from 'tap'
import { PASSWORD, type TapTest } from '../../helpers/accounts.js'
import { createPost, publish } from '../../helpers/posts.js'
import { forEachBroker } from '../../helpers/brokers.js'
import { decodeJwt } from '../../helpers/tokens.js'
import {
  adminToken, authHeader, connectUser, drain, feedSocket, isEvent, isPublished, isType, openSocket, registerUser, serve,
  sleep, start, type Message, type TestSocket
} from '../../helpers/sockets.js'

// One app for the protocol tests, its sockets opened with injectWS; each subtest uses users of its own.
const app = await start(t, { env: { WS_AUTH_TIMEOUT: '1s' } })

/** The rejection of the protocol: one UNAUTHORIZED frame, then close code 4401. */
async function assertRejected (t: TapTest, socket: TestSocket) {
  const error = await socket.waitFor(isType('error'), 3000, 'the UNAUTHORIZED frame')
  t.equal(error.error, 'UNAUTHORIZED', 'the error frame says UNAUTHORIZED')
  t.equal(error.message, 'Authentication is required', 'with the translated message')
  t.same(Object.keys(error).sort(), ['error', 'message', 'type'], 'and nothing else')
  const closed = await socket.waitForClose()
  t.equal(closed.code, 4401, 'the socket is closed with 4401')
  t.notOk(socket.messages.some(isType('authenticated')), 'the socket was never authenticated')
}

/** A revocation as the socket sees it: exactly the UNAUTHORIZED frame of a rejection (in `message`'s language), then 4401. */
async function assertRevoked (t: TapTest, socket: TestSocket, what: string, message = 'Authentication is required') {
  t.same(await socket.waitFor(isType('error'), 3000, `the UNAUTHORIZED frame (${what})`),
    { type: 'error', error: 'UNAUTHORIZED', message }, `${what}: told UNAUTHORIZED first`)
  t.equal((await socket.waitForClose()).code, 4401, `${what}: then closed with 4401`)
}

function assertForbidden (t: TapTest, reply: Message, room: string) {
  t.equal(reply.type, 'error')
  t.equal(reply.error, 'FORBIDDEN', 'the room is FORBIDDEN')
  t.equal(reply.room, room, 'the error names the room')
  t.type(reply.message, 'string')
}

t.test('GET /v1/ws without an upgrade answers 426 UPGRADE_REQUIRED', async (t) => {
  const res = await app.inject({ method: 'GET', url: '/v1/ws' })
  t.equal(res.statusCode, 426)
  t.same(res.json(), {
    status: 426,
    success: false,
    error: 'UPGRADE_REQUIRED',
    message: 'Connect to this endpoint with a WebSocket client'
  })
})

t.test('an auth frame with a user access token authenticates the socket', async (t) => {
  const user = await registerUser(app)
  const socket = await openSocket(t, app)
  socket.send({ type: 'auth', token: user.token })
  const reply = await socket.waitFor(() => true)
  t.same(reply, { type: 'authenticated', userId: user.id }, 'the first answer is authenticated with the user id')
  t.ok(socket.isOpen, 'the socket stays open')
})

t.test('an Authorization header on the upgrade authenticates without an auth frame', async (t) => {
  const user = await registerUser(app)
  const socket = await openSocket(t, app, { headers: authHeader(user.token) })
  t.same(await socket.waitFor(() => true), { type: 'authenticated', userId: user.id })
  t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' }, 'the socket can join right away')
})

t.test('a user token of the app audience is accepted as well', async (t) => {
  const user = await registerUser(app, { 'x-client': 'app' })
  const socket = await openSocket(t, app)
  socket.send({ type: 'auth', token: user.token })
  t.same(await socket.waitFor(() => true), { type: 'authenticated', userId: user.id })
})

t.test('frames sent while the token is checked are answered, in order, after authentication', async (t) => {
  const user = await registerUser(app)
  const socket = await openSocket(t, app)
  socket.send({ type: 'auth', token: user.token })
  socket.send({ type: 'join', room: 'FEED' })
  socket.send({ type: 'join', room: 'TEST' })
  await socket.waitFor((m) => m.room === 'TEST')
  t.same(socket.messages, [
    { type: 'authenticated', userId: user.id },
    { type: 'joined', room: 'FEED' },
    { type: 'joined', room: 'TEST' }
  ])
})

t.test('an auth frame among frames waiting for the first check is handled in order, and so are the frames after it', async (t) => {
  const user = await registerUser(app)
  const socket = await openSocket(t, app)
  socket.send({ type: 'auth', token: user.token })
  socket.send({ type: 'join', room: 'FEED' })
  socket.send({ type: 'auth', token: user.token })
  socket.send({ type: 'join', room: 'TEST' })
  socket.send({ type: 'join', room: 'GLOBAL' })
  await socket.waitFor((m) => m.room === 'GLOBAL')
  t.same(socket.messages, [
    { type: 'authenticated', userId: user.id },
    { type: 'joined', room: 'FEED' },
    { type: 'authenticated', userId: user.id },
    { type: 'joined', room: 'TEST' },
    { type: 'joined', room: 'GLOBAL' }
  ])
})

t.test('a socket that sends no auth frame within WS_AUTH_TIMEOUT is told UNAUTHORIZED and closed with 4401', async (t) => {
  const started = Date.now()
  const socket = await openSocket(t, app)
  await assertRejected(t, socket)
  const elapsed = Date.now() - started
  t.ok(elapsed >= 900, `not before the timeout of 1s (closed after ${elapsed} ms)`)
  t.ok(elapsed < 2500, `soon after it (closed after ${elapsed} ms)`)
})

t.test('a socket is rejected with UNAUTHORIZED and 4401 when', async (t) => {
  const frames: Array<[string, () => Promise<unknown>]> = [
    ['the token is not a JWT', async () => ({ type: 'auth', token: 'not-a-token' })],
    ['the token is an admin token', async () => ({ type: 'auth', token: await adminToken(app) })],
    ['the token was signed with another secret', async () => {
      const { token } = await registerUser(app)
      const [header, payload] = token.split('.')
      return { type: 'auth', token: `${header}.${payload}.${'A'.repeat(43)}` }
    }],
    ['the first frame is not JSON', async () => 'hello'],
    ['the first frame is JSON but not an auth frame', async () => ({ type: 'join', room: 'FEED' })],
    ['the auth frame has no token', async () => ({ type: 'auth' })],
    ['the token is stale because the user logged out everywhere', async () => {
      const user = await registerUser(app)
      const res = await app.inject({ method: 'POST', url: '/v1/users/logoutall', headers: authHeader(user.token) })
      if (res.statusCode !== 200) throw new Error(`logoutall answered ${res.statusCode}`)
      return { type: 'auth', token: user.token }
    }]
  ]
  for (const [when, frame] of frames) {
    t.test(when, async (t) => {
      const message = await frame()
      const socket = await openSocket(t, app)
      socket.send(message as Message | string)
      await assertRejected(t, socket)
    })
  }

  const headers: Array<[string, () => Promise<string>]> = [
    ['the Authorization header carries a bad token', async () => 'jwt-user not-a-token'],
    ['the Authorization header carries an admin token', async () => `jwt-admin ${await adminToken(app)}`],
    ['the Authorization header uses the admin scheme with a user token', async () => `jwt-admin ${(await registerUser(app)).token}`],
    ['the Authorization header uses another scheme', async () => `Bearer ${(await registerUser(app)).token}`]
  ]
  for (const [when, header] of headers) {
    t.test(when, async (t) => {
      const socket = await openSocket(t, app, { headers: { authorization: await header() } })
      await assertRejected(t, socket)
    })
  }
})

// The rooms' part of the protocol, on each broker (an app of its own).
forEachBroker(t, async (t) => {
  const app = await start(t, { env: { WS_AUTH_TIMEOUT: '1s' } })

  t.test('join FEED answers joined, and FEED events then arrive as event frames', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' })
    await app.rooms.emit('FEED', 'TEST_SOCKET_EVENT_ONE', { n: 1 })
    t.match(await socket.waitFor(isEvent('TEST_SOCKET_EVENT_ONE')),
      { type: 'event', room: 'FEED', event: 'TEST_SOCKET_EVENT_ONE', data: { n: 1 }, offset: Number, epoch: String })
  })

  t.test('a published post reaches a socket in FEED as POST_PUBLISHED', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    const post = await createPost(app, user.token, 'Hello, feed')
    const res = await publish(app, user.token, post.id)
    t.equal(res.statusCode, 200)
    const event = await socket.waitFor(isPublished(post.id))
    t.same(event, {
      offset: event.offset,
      epoch: event.epoch,
      type: 'event',
      room: 'FEED',
      event: 'POST_PUBLISHED',
      data: { postId: post.id, title: 'Hello, feed', publishedAt: res.json().post.publishedAt }
    })
  })

  t.test('leave answers left, and no FEED event arrives after it', async (t) => {
    const user = await registerUser(app)
    const socket = await feedSocket(t, app, user.token)
    t.same(await socket.leave('FEED'), { type: 'left', room: 'FEED' })
    const post = await createPost(app, user.token)
    t.equal((await publish(app, user.token, post.id)).statusCode, 200)
    await app.rooms.emit('FEED', 'TEST_SOCKET_EVENT_ONE', { n: 2 })
    t.same(await drain(app, socket, user.id, (m) => m.room === 'FEED'), [], 'no FEED event after leaving')
    t.ok(socket.isOpen)
  })

  t.test('a socket not in FEED does not receive POST_PUBLISHED', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    const post = await createPost(app, user.token)
    t.equal((await publish(app, user.token, post.id)).statusCode, 200)
    t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [])
  })

  t.test('joining another user\'s USER room is FORBIDDEN and the socket stays open', async (t) => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)]
    const socket = await connectUser(t, app, alice.token)
    assertForbidden(t, await socket.join(`USER${bob.id}`), `USER${bob.id}`)
    t.ok(socket.isOpen, 'the socket is still open')
    t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' }, 'and still answers')
    await app.rooms.emit(`USER${bob.id}`, 'TEST_SOCKET_EVENT_ONE', { secret: true })
    t.same(await drain(app, socket, alice.id, (m) => m.room === `USER${bob.id}`), [], 'bob\'s events never reach alice')
  })
})

t.test('joining an unknown room is FORBIDDEN and the socket stays open', async (t) => {
  const user = await registerUser(app)
  const socket = await connectUser(t, app, user.token)
  for (const room of ['ADMIN', 'feed', 'USER', '']) {
    assertForbidden(t, await socket.join(room), room)
  }
  t.ok(socket.isOpen)
  t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' })
})

t.test('a user may join GLOBAL, TEST and its own USER room', async (t) => {
  const user = await registerUser(app)
  const socket = await connectUser(t, app, user.token)
  for (const room of ['GLOBAL', 'TEST', `USER${user.id}`]) {
    t.same(await socket.join(room), { type: 'joined', room })
  }
})

t.test('a frame that is neither join nor leave answers BAD_REQUEST_INVALID_ARGUMENTS and keeps the socket', async (t) => {
  const user = await registerUser(app)
  const socket = await connectUser(t, app, user.token)
  for (const frame of ['nope', JSON.stringify({ type: 'dance', room: 'FEED' }), JSON.stringify({ type: 'join' }), '[1]']) {
    socket.send(frame)
    const reply = await socket.waitFor(isType('error'))
    t.equal(reply.error, 'BAD_REQUEST_INVALID_ARGUMENTS', `${frame} is refused`)
  }
  t.ok(socket.isOpen)
  t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' })
})

t.test('an authenticated socket is in its own USER room without joining it', async (t) => {
  const [alice, bob] = [await registerUser(app), await registerUser(app)]
  const aliceSocket = await connectUser(t, app, alice.token)
  const bobSocket = await connectUser(t, app, bob.token)
  await app.rooms.emit(`USER${alice.id}`, 'TEST_SOCKET_EVENT_ONE', { hello: 'alice' })
  t.match(await aliceSocket.waitFor(isEvent('TEST_SOCKET_EVENT_ONE')),
    { type: 'event', room: `USER${alice.id}`, event: 'TEST_SOCKET_EVENT_ONE', data: { hello: 'alice' }, offset: Number, epoch: String })
  t.same(await drain(app, bobSocket, bob.id, isEvent('TEST_SOCKET_EVENT_ONE')), [], 'another user does not get it')
})

t.test('logging out everywhere closes that user\'s sockets with 4401 and no one else\'s', async (t) => {
  const [alice, bob] = [await registerUser(app), await registerUser(app)]
  const first = await feedSocket(t, app, alice.token)
  const second = await openSocket(t, app, { headers: authHeader(alice.token) })
  await second.waitFor(isType('authenticated'))
  const bobSocket = await feedSocket(t, app, bob.token)

  const res = await app.inject({ method: 'POST', url: '/v1/users/logoutall', headers: authHeader(alice.token) })
  t.equal(res.statusCode, 200)
  await assertRevoked(t, first, 'the socket authenticated by frame')
  await assertRevoked(t, second, 'the socket authenticated by header')
  t.ok(bobSocket.isOpen, 'the other user\'s socket stays open')
  t.same(await bobSocket.join('TEST'), { type: 'joined', room: 'TEST' }, 'and keeps working')
})

t.test('a plain logout closes the sockets of that session family with 4401, and no other device\'s', async (t) => {
  const user = await registerUser(app)
  const login = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email: user.email, password: PASSWORD } })
  const elsewhere = await connectUser(t, app, login.json().token)
  const socket = await connectUser(t, app, user.token)
  const res = await app.inject({
    method: 'POST', url: '/v1/users/logout', headers: authHeader(user.token), payload: { refreshToken: user.refreshToken }
  })
  t.equal(res.statusCode, 200)
  await assertRevoked(t, socket, 'the logged-out family\'s socket')
  t.same(await drain(app, elsewhere, user.id, () => false), [])
  t.ok(elsewhere.isOpen, 'another device of the same user stays connected (tokenVersion is unchanged)')
})

t.test('replaying a rotated refresh token closes the owner\'s sockets with 4401', async (t) => {
  const [victim, bystander] = [await registerUser(app), await registerUser(app)]
  const socket = await connectUser(t, app, victim.token)
  const other = await connectUser(t, app, bystander.token)
  const rotate = () => app.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: victim.refreshToken } })
  t.equal((await rotate()).statusCode, 200, 'the first refresh rotates the token')
  t.ok(socket.isOpen, 'a normal rotation does not close the socket')
  t.equal((await rotate()).statusCode, 401, 'the replay is refused')
  await assertRevoked(t, socket, 'the owner\'s socket')
  t.same(await drain(app, other, bystander.id, () => false), [])
  t.ok(other.isOpen, 'another user\'s socket stays open')
})

t.test('every revocation tells the socket UNAUTHORIZED in the language of its upgrade before closing it with 4401', async (t) => {
  const spanish = async (token: string) => {
    const socket = await openSocket(t, app, { headers: { ...authHeader(token), 'accept-language': 'es' } })
    await socket.waitFor(isType('authenticated'))
    return socket
  }
  const device = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email, password: PASSWORD } })).json()
  const call = (path: string, token: string, payload: Record<string, unknown> = {}, scheme = 'jwt-user') =>
    app.inject({ method: 'POST', url: path, headers: { authorization: `${scheme} ${token}` }, payload })
  const admin = await adminToken(app)
  const user = await registerUser(app)
  const phone = await device(user.email)
  const phoneFamily = decodeJwt(phone.token).payload.sid
  const cases: Array<[string, () => Promise<{ statusCode: number }>, string]> = [
    ['revokesession', () => call('/v1/users/revokesession', user.token, { sessionId: phoneFamily }), phone.token],
    ['logoutothers', () => call('/v1/users/logoutothers', user.token), (await device(user.email)).token],
    ['logout', () => call('/v1/users/logout', user.token, { refreshToken: user.refreshToken }), user.token]
  ]
  for (const [what, revoke, token] of cases) {
    const socket = await spanish(token)
    t.equal((await revoke()).statusCode, 200, what)
    await assertRevoked(t, socket, what, 'Se requiere autenticación')
  }
  for (const action of ['signoutuser', 'deactivateuser']) {
    const target = await registerUser(app)
    const socket = await spanish(target.token)
    t.equal((await call(`/v1/admins/${action}`, admin, { userId: target.id }, 'jwt-admin')).statusCode, 200, action)
    await assertRevoked(t, socket, `an admin's ${action}`, 'Se requiere autenticación')
  }
})

t.test('closing the app closes open sockets with 1001', async (t) => {
  // A listening server: the close frames must reach TCP clients before app.close() stops listening.
  const own = await serve(t)
  const user = await registerUser(own.app)
  const socket = await feedSocket(t, own.ws, user.token)
  const waiting = await openSocket(t, own.ws)
  await own.app.close()
  t.equal((await socket.waitForClose()).code, 1001, 'an authenticated socket gets 1001')
  t.equal((await waiting.waitForClose()).code, 1001, 'a socket still waiting for its auth frame gets 1001')
})

t.test('the heartbeat terminates a client that does not answer pings and keeps one that does', async (t) => {
  // Real clients: an injectWS client never answers pings (ws leaves autoPong off), so it cannot be the lively one.
  const own = await serve(t, { env: { WS_HEARTBEAT_INTERVAL: '1s' } })
  const user = await registerUser(own.app)
  const silent = await openSocket(t, own.ws, { autoPong: false, headers: authHeader(user.token) })
  const lively = await openSocket(t, own.ws, { headers: authHeader(user.token) })
  await Promise.all([silent.waitFor(isType('authenticated')), lively.waitFor(isType('authenticated'))])

  const closed = await silent.waitForClose(4000)
  // Counted from the socket's creation (TestSocket.pings): on a loaded machine the first ping can
  // arrive with the upgrade's answer, before any listener added after the open.
  t.ok(silent.pings >= 1, `the silent client was pinged (${silent.pings})`)
  t.equal(closed.code, 1006, 'it was terminated without a close frame')
  t.ok(lively.isOpen, 'the client that answers pings is still connected')
  t.same(await lively.join('FEED'), { type: 'joined', room: 'FEED' })
})

t.test('a socket lives as long as its access token', async (t) => {
  const short = await start(t, { env: { ACCESS_TOKEN_EXPIRES_IN: '2s' } })
  const refresh = async (refreshToken: string) =>
    (await short.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken } })).json()

  t.test('when the token expires the socket is told UNAUTHORIZED and closed with 4401', async (t) => {
    const user = await registerUser(short)
    const socket = await connectUser(t, short, user.token)
    const exp = decodeJwt(user.token).payload.exp * 1000
    const error = await socket.waitFor(isType('error'), 4000, 'the UNAUTHORIZED frame at expiry')
    t.same(error, { type: 'error', error: 'UNAUTHORIZED', message: 'Authentication is required' })
    t.equal((await socket.waitForClose()).code, 4401)
    t.ok(Date.now() >= exp, 'not before the token\'s exp')
    t.ok(Date.now() < exp + 1500, 'and soon after it')
  })

  t.test('a socket authenticated by the upgrade header expires too', async (t) => {
    const user = await registerUser(short)
    const socket = await openSocket(t, short, { headers: authHeader(user.token) })
    await socket.waitFor(isType('authenticated'))
    t.equal((await socket.waitForClose(4000)).code, 4401)
  })

  t.test('a fresh auth frame before expiry keeps the socket open until the new token expires', async (t) => {
    const user = await registerUser(short)
    const socket = await connectUser(t, short, user.token)
    await socket.join('FEED')
    await sleep(1000)
    const next = await refresh(user.refreshToken)
    socket.send({ type: 'auth', token: next.token })
    t.same(await socket.waitFor(isType('authenticated')), { type: 'authenticated', userId: user.id }, 'answered like the first auth')
    const firstExp = decodeJwt(user.token).payload.exp * 1000
    const newExp = decodeJwt(next.token).payload.exp * 1000
    t.ok(newExp > firstExp, 'the new token expires later')
    t.equal(await socket.closesWithin(firstExp - Date.now() + 400), false, 'still open after the first token\'s expiry')
    t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' }, 'and working')
    t.equal((await socket.waitForClose(3000)).code, 4401, 'closed when the new token expires')
  })

  t.test('an auth frame with another user\'s token, or a bad one, closes an authenticated socket with 4401', async (t) => {
    const [user, other] = [await registerUser(short), await registerUser(short)]
    const socket = await connectUser(t, short, user.token)
    socket.send({ type: 'auth', token: other.token })
    t.equal((await socket.waitFor(isType('error'))).error, 'UNAUTHORIZED')
    t.equal((await socket.waitForClose()).code, 4401)
    const again = await connectUser(t, short, other.token)
    again.send({ type: 'auth', token: 'not-a-token' })
    t.equal((await again.waitForClose()).code, 4401)
  })
})
