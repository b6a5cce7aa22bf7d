import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { PASSWORD } from '../../helpers/accounts.js'
import {
  authHeader, connectUser, drain, isEvent, isType, openSocket, registerUser, start, waitUntil, type Message, type TestSocket
} from '../../helpers/sockets.js'
import { forEachBroker } from '../../helpers/brokers.js'

forEachBroker(t, async (t, broker) => {
  // The protocol of plugins/realtime/protocol.ts beyond what test/routes/v1/ws.test.ts checks through the route.
  const app = await start(t, { env: { WS_AUTH_TIMEOUT: '1s' } })

  const INVALID = { type: 'error', error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: 'Invalid arguments: type, room' }

  /** The reply to one raw frame (the next error, joined or left the socket receives). */
  async function replyTo (socket: TestSocket, frame: string | Buffer): Promise<Message> {
    if (typeof frame === 'string') socket.send(frame)
    else socket.ws.send(frame, { binary: true })
    return socket.waitFor((m) => ['error', 'joined', 'left'].includes(m.type), 3000, `the reply to ${String(frame)}`)
  }

  /** Waits until a backend of the app's database waits for a lock of `kind` (pg_stat_activity.wait_event). */
  function lockWaiter (kind: string) {
    return waitUntil(async () => (await app.sql.unsafe(`select pid from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and wait_event = $1`, [kind]))[0], `a backend waiting for a ${kind} lock`)
  }

  /** Resolves once the server has read every frame sent before: it answers a ping only after them. */
  function pong (socket: TestSocket): Promise<void> {
    return new Promise((resolve) => {
      socket.ws.once('pong', () => resolve())
      socket.ws.ping()
    })
  }

  t.test('on an authenticated socket, a frame that is not a join or leave of a string room gets the invalid-arguments error and changes nothing', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    const frames = ['', '{"type":"join","room":"FEED"', 'null', '42', 'true', '"FEED"', '{}', '{"room":"FEED"}', '{"type":"leave"}',
      '{"type":"join","room":5}', '{"type":"leave","room":null}', '{"type":"join","room":["FEED"]}', '{"type":"JOIN","room":"FEED"}',
      '{"type":"joined","room":"FEED"}', '{"__proto__":{"type":"join"},"room":"FEED"}']
    for (const frame of frames) t.same(await replyTo(socket, frame), INVALID, `${JSON.stringify(frame)}: exactly type, error and message`)
    t.ok(socket.isOpen, 'the socket stays open')
    t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' }, 'and still answers')
  })

  t.test('a FORBIDDEN reply carries exactly type, error, room and message', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    t.same(await socket.join('ADMIN'), { type: 'error', error: 'FORBIDDEN', room: 'ADMIN', message: 'You are not allowed to do this' })
  })

  t.test('replies follow the language of the upgrade request', async (t) => {
    const user = await registerUser(app)
    const socket = await openSocket(t, app, { headers: { ...authHeader(user.token), 'accept-language': 'es-ES,es;q=0.9' } })
    await socket.waitFor(isType('authenticated'))
    t.equal((await replyTo(socket, 'nope')).message, 'Argumentos no válidos: type, room')
    t.equal((await socket.join('ADMIN')).message, 'No tienes permiso para hacer esto')
    const rejected = await openSocket(t, app, { headers: { cookie: 'i18n-locale=es' } })
    rejected.send({ type: 'auth', token: 'not-a-token' })
    t.equal((await rejected.waitFor(isType('error'))).message, 'Se requiere autenticación', 'the rejection too (here chosen by cookie)')
    t.equal((await rejected.waitForClose()).code, 4401)
  })

  t.test('a binary frame is read as the UTF-8 text it carries, before and after authentication', async (t) => {
    const user = await registerUser(app)
    const socket = await openSocket(t, app)
    socket.ws.send(Buffer.from(JSON.stringify({ type: 'auth', token: user.token })), { binary: true })
    t.same(await socket.waitFor(() => true), { type: 'authenticated', userId: user.id }, 'a binary auth frame authenticates')
    t.same(await replyTo(socket, Buffer.from('{"type":"join","room":"FEED"}')), { type: 'joined', room: 'FEED' }, 'a binary join joins')
    t.same(await replyTo(socket, Buffer.from([0xff, 0xfe, 0x00, 0x7b])), INVALID, 'bytes that are not JSON are an invalid frame')
    t.ok(socket.isOpen, 'and the socket stays open')
  })

  t.test('leaving a room the socket is not in answers left and keeps the socket', async (t) => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)]
    const socket = await connectUser(t, app, alice.token)
    for (const room of ['FEED', 'nowhere', `USER${bob.id}`, '']) {
      t.same(await socket.leave(room), { type: 'left', room }, `leave ${JSON.stringify(room)}`)
    }
    t.same(await socket.leave('FEED'), { type: 'left', room: 'FEED' }, 'twice in a row too')
    t.ok(socket.isOpen)
    t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' })
    await app.rooms.emit('FEED', 'TEST_SOCKET_EVENT_ONE', { after: 'leaves' })
    t.same((await socket.waitFor(isEvent('TEST_SOCKET_EVENT_ONE'))).data, { after: 'leaves' }, 'a later join still delivers')
  })

  t.test('joining a room twice answers joined twice and delivers each event once', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    const before = app.rooms.size('TEST')
    t.same(await socket.join('TEST'), { type: 'joined', room: 'TEST' })
    t.same(await socket.join('TEST'), { type: 'joined', room: 'TEST' })
    await app.rooms.emit('TEST', 'TEST_SOCKET_EVENT_ONE', { once: true })
    await socket.waitFor(isEvent('TEST_SOCKET_EVENT_ONE'))
    t.same(await drain(app, socket, user.id, isEvent('TEST_SOCKET_EVENT_ONE')), [], 'no second copy')
    t.same(await socket.leave('TEST'), { type: 'left', room: 'TEST' })
    t.equal(app.rooms.size('TEST'), before, 'one leave takes it out')
  })

  t.test('an empty Authorization header on the upgrade leaves the socket waiting for an auth frame', async (t) => {
    const user = await registerUser(app)
    const socket = await openSocket(t, app, { headers: { authorization: '' } })
    socket.send({ type: 'auth', token: user.token })
    t.same(await socket.waitFor(() => true), { type: 'authenticated', userId: user.id })
  })

  t.test('an authenticated socket outlives WS_AUTH_TIMEOUT, by frame or by header', async (t) => {
    const user = await registerUser(app)
    const byFrame = await connectUser(t, app, user.token)
    const byHeader = await openSocket(t, app, { headers: authHeader(user.token) })
    await byHeader.waitFor(isType('authenticated'))
    const [frameClosed, headerClosed] = await Promise.all([byFrame.closesWithin(1500), byHeader.closesWithin(1500)])
    t.equal(frameClosed, false, 'the socket authenticated by frame is open 1.5 s later')
    t.equal(headerClosed, false, 'the socket authenticated by header is open 1.5 s later')
    t.same(byFrame.pending(), [], 'and was told nothing')
  })

  t.test('an auth frame without a string token closes an authenticated socket with 4401', async (t) => {
    const user = await registerUser(app)
    for (const frame of [{ type: 'auth' }, { type: 'auth', token: 42 }, { type: 'auth', token: { token: user.token } }]) {
      const socket = await connectUser(t, app, user.token)
      socket.send(frame)
      t.equal((await socket.waitFor(isType('error'))).error, 'UNAUTHORIZED', JSON.stringify(frame))
      t.equal((await socket.waitForClose()).code, 4401)
    }
  })

  t.test('a fresh auth frame with a token of another session family moves the socket to that family', async (t) => {
    const user = await registerUser(app)
    const login = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email: user.email, password: PASSWORD } })
    const second = login.json()
    const socket = await openSocket(t, app, { headers: authHeader(user.token) })
    await socket.waitFor(isType('authenticated'))
    socket.send({ type: 'auth', token: second.token })
    t.same(await socket.waitFor(isType('authenticated')), { type: 'authenticated', userId: user.id })

    const logout = (token: string, refreshToken: string) =>
      app.inject({ method: 'POST', url: '/v1/users/logout', headers: authHeader(token), payload: { refreshToken } })
    t.equal((await logout(user.token, user.refreshToken)).statusCode, 200, 'the first family logs out')
    t.same(await drain(app, socket, user.id, isType('error')), [], 'the socket is no longer that family\'s')
    t.ok(socket.isOpen)
    t.equal((await logout(second.token, second.refreshToken)).statusCode, 200, 'the second family logs out')
    t.equal((await socket.waitForClose()).code, 4401, 'that closes the socket')
  })

  t.test('of the frames sent while the token is checked, the first 32 are kept and the rest dropped', async (t) => {
    const user = await registerUser(app)
    const socket = await openSocket(t, app)
    const rooms = Array.from({ length: 40 }, (_, i) => `R${i}`)
    // The users table locked in another transaction holds the token check until every frame is in.
    await app.sql.begin(async (tx) => {
      await tx.unsafe(`lock table "${ACCOUNT_TYPES.user.ownerTable}" in access exclusive mode`)
      socket.send({ type: 'auth', token: user.token })
      await lockWaiter('relation')
      for (const room of rooms) socket.send({ type: 'leave', room })
      await pong(socket)
      t.same(socket.messages, [], 'nothing is answered while the token is checked')
    })
    await socket.waitFor(isType('authenticated'))
    await drain(app, socket, user.id, () => false)
    t.same(socket.messages.filter(isType('left')).map((m) => m.room), rooms.slice(0, 32), 'the first 32, in order')
    t.ok(socket.isOpen)
  })

  t.test('with a token that expires in more than 24.8 days (the longest setTimeout), the socket is not closed at once', async (t) => {
    const long = await start(t, { env: { ACCESS_TOKEN_EXPIRES_IN: '30d' } })
    const user = await registerUser(long)
    const socket = await connectUser(t, long, user.token)
    t.equal(await socket.closesWithin(500), false, 'still open half a second later')
    t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' })
  })

  t.test('a socket that left its own USER room is still closed when its user logs out everywhere', async (t) => {
    const user = await registerUser(app)
    const escaped = await connectUser(t, app, user.token)
    const witness = await connectUser(t, app, user.token)
    t.same(await escaped.leave(`USER${user.id}`), { type: 'left', room: `USER${user.id}` })
    const res = await app.inject({ method: 'POST', url: '/v1/users/logoutall', headers: authHeader(user.token) })
    t.equal(res.statusCode, 200)
    t.equal((await witness.waitForClose()).code, 4401, 'a socket still in its room is closed')
    const closed = await escaped.closesWithin(500)
    t.equal(closed && closed.code, 4401, 'the socket that left its room is closed too')
    t.same(escaped.messages.filter(isType('error')), [{ type: 'error', error: 'UNAUTHORIZED', message: 'Authentication is required' }],
      'after the same UNAUTHORIZED frame')
  })
})
