import t from 'tap'
import { joined, newKey, newMember, newOrg } from '../../helpers/orgs.js'
import { adminToken, connectUser, isEvent, isType, registerUser, start, type Message, type TestSocket } from '../../helpers/sockets.js'
import { forEachBroker, natsKept } from '../../helpers/brokers.js'

forEachBroker(t, async (t, broker) => {
  // Publishing into rooms: from a socket ({"type":"publish"}) and from a backend (POST /v1/rooms/publish).
  const app = await start(t)
  const open = await start(t, { env: { PUBLIC_ROOMS_PUBLISH: 'true' } })

  /** Sends a publish frame and waits for its answer (published, or an error). */
  async function publish (socket: TestSocket, room: string, event: string, data: unknown): Promise<Message> {
    socket.send({ type: 'publish', room, event, data })
    return socket.waitFor((m) => m.type === 'published' || m.type === 'error', 3000, `the answer to publish into ${room}`)
  }

  const FORBIDDEN = (room: string) => ({ type: 'error', error: 'FORBIDDEN', room, message: 'You are not allowed to do this' })

  t.test('from a socket', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const room = `org:${org.id}:chat`

    t.test('an owner (rooms:publish) publishes into the organization\'s rooms: published with the offset, the event to the room', async (t) => {
      const listener = await joined(app, org.id, 'member')
      const hearing = await connectUser(t, app, listener.token)
      t.same(await hearing.join(room), { type: 'joined', room })
      const socket = await connectUser(t, app, owner.token)
      const first = await publish(socket, room, 'chat.message', { text: 'hi' })
      t.same(first, { type: 'published', room, offset: first.offset })
      t.same(await publish(socket, room, 'chat.message', { text: 'again' }), { type: 'published', room, offset: first.offset + 1 }, 'offsets follow each other')
      const heard = await hearing.waitFor(isEvent('chat.message'))
      t.same(heard, { type: 'event', room, event: 'chat.message', data: { text: 'hi' }, offset: first.offset, epoch: heard.epoch })
    })

    t.test('a member without rooms:publish, a stranger, and the seed\'s rooms: FORBIDDEN, nothing published', async (t) => {
      const member = await joined(app, org.id, 'member')
      const stranger = await registerUser(app)
      const memberSocket = await connectUser(t, app, member.token)
      const strangerSocket = await connectUser(t, app, stranger.token)
      t.same(await publish(memberSocket, room, 'x', 1), FORBIDDEN(room))
      t.same(await publish(strangerSocket, room, 'x', 1), FORBIDDEN(room))
      for (const seed of ['FEED', 'GLOBAL', 'TEST', `USER${stranger.id}`, 'public:lobby', 'nowhere']) {
        t.same(await publish(strangerSocket, seed, 'x', 1), FORBIDDEN(seed), `nobody publishes into ${seed}`)
      }
      const rooms = ['FEED', 'GLOBAL', `USER${stranger.id}`, 'public:lobby']
      if (broker === 'nats') {
        t.same(await Promise.all(rooms.map((r) => natsKept(app.config.databaseUrl!, r))), [0, 0, 0, 0], 'no event in those rooms\' history')
      } else {
        const [{ n }] = await app.sql`select count(*)::int as n from room_history where room = any(${rooms})`
        t.equal(n, 0)
      }
    })

    t.test('public rooms with PUBLIC_ROOMS_PUBLISH=true: any signed-in user', async (t) => {
      const user = await registerUser(open)
      const socket = await connectUser(t, open, user.token)
      t.same(await socket.join('public:lobby'), { type: 'joined', room: 'public:lobby', publish: true }, 'the join says it may publish')
      t.match(await publish(socket, 'public:lobby', 'hello', null), { type: 'published', room: 'public:lobby', offset: 1 })
      t.match(await socket.waitFor(isEvent('hello')), { data: null, offset: 1 }, 'the publisher hears it too, being in the room')
    })

    t.test('the join answers publish: true where the user may publish, and nothing where it may not', async (t) => {
      const member = await joined(app, org.id, 'member')
      const stranger = await registerUser(app)
      const ownerSocket = await connectUser(t, app, owner.token)
      const memberSocket = await connectUser(t, app, member.token)
      const strangerSocket = await connectUser(t, app, stranger.token)
      t.same(await ownerSocket.join(room), { type: 'joined', room, publish: true }, 'an owner (rooms:publish) in an org room')
      t.same(await memberSocket.join(room), { type: 'joined', room }, 'a member without rooms:publish')
      const presenceJoin = (socket: TestSocket, room: string) => {
        socket.send({ type: 'join', room, presence: true })
        return socket.waitFor((m) => m.type === 'joined' && m.room === room, 3000, `the answer to join ${room} with presence`)
      }
      t.same(await presenceJoin(memberSocket, room), { type: 'joined', room }, 'nor with presence (the asynchronous join)')
      for (const seed of ['FEED', 'GLOBAL', 'TEST', `USER${stranger.id}`, 'public:lobby']) {
        t.same(await strangerSocket.join(seed), { type: 'joined', room: seed }, `${seed}, PUBLIC_ROOMS_PUBLISH unset`)
      }
      const user = await registerUser(open)
      const socket = await connectUser(t, open, user.token)
      t.same(await presenceJoin(socket, 'public:lobby'), { type: 'joined', room: 'public:lobby', publish: true }, 'public: with PUBLIC_ROOMS_PUBLISH=true')
      t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' }, 'FEED still not')
      const recovered = await socket.recover('public:lobby', { offset: 0, epoch: 'gone' })
      t.same(recovered.joined, { type: 'joined', room: 'public:lobby', recovered: false, publish: true }, 'a recovering join says it too')
    })

    t.test('bad frames: an invalid event name or no data, data past ROOM_MAX_MESSAGE, too many publishes', async (t) => {
      const user = await registerUser(open)
      const socket = await connectUser(t, open, user.token)
      const invalid = { type: 'error', error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: 'Invalid arguments: event, data' }
      for (const event of ['', 'presence.joined', 'with space', 'x'.repeat(65), 7]) {
        t.same(await publish(socket, 'public:lobby', event as string, 1), invalid, `event ${JSON.stringify(event)}`)
      }
      socket.send({ type: 'publish', room: 'public:lobby', event: 'no.data' })
      t.same(await socket.waitFor(isType('error')), invalid, 'data is required (null is data)')
      t.same(await publish(socket, 'public:lobby', 'big', 'x'.repeat(16 * 1024)), {
        type: 'error', error: 'PAYLOAD_TOO_LARGE', room: 'public:lobby', message: 'The request body is too large'
      }, 'data over 16 KiB as JSON')
      socket.send({ type: 'publish', room: 'public:lobby', event: 'huge', data: 'x'.repeat(17 * 1024 + 10) })
      t.equal((await socket.waitForClose()).code, 1009, 'a frame past ROOM_MAX_MESSAGE and its envelope closes the socket (1009)')
      const burst = await connectUser(t, open, user.token)
      const answers = []
      for (let i = 0; i < 25; i++) burst.send({ type: 'publish', room: 'public:burst', event: 'burst', data: i })
      for (let i = 0; i < 25; i++) answers.push(await burst.waitFor((m) => m.type === 'published' || m.type === 'error'))
      t.ok(answers.filter((m) => m.type === 'published').length <= 20, 'at most 20 a second')
      t.match(answers.at(-1), { type: 'error', error: 'TOO_MANY_REQUESTS', room: 'public:burst' })
    })
  })

  t.test('POST /v1/rooms/publish', async (t) => {
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const other = await newOrg(app, await newMember(app))
    const room = `org:${org.id}`
    const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/v1/rooms/publish', headers, payload })

    t.test('an API key with rooms:publish publishes into its organization\'s rooms; the sockets there hear it', async (t) => {
      const { key } = await newKey(app, owner, org.id, ['rooms:publish'])
      const socket = await connectUser(t, app, owner.token)
      t.same(await socket.join(`${room}:builds`), { type: 'joined', room: `${room}:builds`, publish: true })
      const res = await post({ authorization: `api-key ${key}` }, { room: `${room}:builds`, event: 'build.done', data: { id: 7 } })
      t.equal(res.statusCode, 200)
      const body = res.json()
      t.same(body, { status: 200, success: true, room: `${room}:builds`, offset: 1, epoch: body.epoch })
      t.same(await socket.waitFor(isEvent('build.done')), { type: 'event', room: `${room}:builds`, event: 'build.done', data: { id: 7 }, offset: 1, epoch: body.epoch })
    })

    t.test('a key without rooms:publish: 403 ORG.FORBIDDEN; another organization\'s room or a public one: 404 ORG.NOT_FOUND', async (t) => {
      const { key } = await newKey(app, owner, org.id, ['members:read'])
      const res = await post({ authorization: `api-key ${key}` }, { room, event: 'x', data: 1 })
      t.match(res.json(), { status: 403, success: false, error: 'ORG.FORBIDDEN' })
      const { key: publisher } = await newKey(app, owner, org.id, ['rooms:publish'])
      for (const elsewhere of [`org:${other.id}`, 'public:lobby', 'GLOBAL']) {
        t.match((await post({ authorization: `api-key ${publisher}` }, { room: elsewhere, event: 'x', data: 1 })).json(), { status: 404, error: 'ORG.NOT_FOUND' }, elsewhere)
      }
    })

    t.test('an admin publishes into org, public, GLOBAL and USER rooms, not FEED nor TEST', async (t) => {
      const token = await adminToken(app)
      const user = await registerUser(app)
      for (const target of [room, 'public:news', 'GLOBAL', `USER${user.id}`]) {
        const res = await post({ authorization: `jwt-admin ${token}` }, { room: target, event: 'notice', data: { target } })
        t.equal(res.statusCode, 200, target)
      }
      for (const target of ['FEED', 'TEST']) {
        t.match((await post({ authorization: `jwt-admin ${token}` }, { room: target, event: 'notice', data: 1 })).json(), { status: 403, error: 'FORBIDDEN' }, target)
      }
    })

    t.test('no credentials, a user\'s token, a bad key: 401; a bad room, event or data: 400 or 413', async (t) => {
      const token = await adminToken(app)
      t.equal((await post({}, { room, event: 'x', data: 1 })).statusCode, 401)
      t.equal((await post({ authorization: `jwt-user ${owner.token}` }, { room, event: 'x', data: 1 })).statusCode, 401)
      t.equal((await post({ authorization: `api-key lk_${'a'.repeat(52)}` }, { room, event: 'x', data: 1 })).statusCode, 401)
      const admin = { authorization: `jwt-admin ${token}` }
      t.match((await post(admin, { room: 'ADMIN', event: 'x', data: 1 })).json(), { status: 400, error: 'BAD_REQUEST_INVALID_ARGUMENTS' })
      t.match((await post(admin, { room, event: 'presence.left', data: 1 })).json(), { status: 400, error: 'BAD_REQUEST_INVALID_ARGUMENTS' })
      t.match((await post(admin, { room, event: 'x' })).json(), { status: 400, error: 'BAD_REQUEST_INVALID_ARGUMENTS' })
      t.match((await post(admin, { room, event: 'x', data: 'x'.repeat(16 * 1024) })).json(), { status: 413, error: 'PAYLOAD_TOO_LARGE' })
      t.equal((await post({}, { room, event: 'x', data: 1 })).headers['www-authenticate'], 'jwt-admin, api-key', 'the 401 names both schemes')
    })

    t.test('with ADMIN_MFA_REQUIRED: an admin\'s aal1 token is refused before its arguments are read, a key (no session, no factor) publishes', async (t) => {
      const strict = await start(t, { env: { ADMIN_MFA_REQUIRED: 'true' } })
      const member = await newMember(strict)
      const own = await newOrg(strict, member)
      const { key } = await newKey(strict, member, own.id, ['rooms:publish'])
      const send = (authorization: string, payload: Record<string, unknown>) => strict.inject({ method: 'POST', url: '/v1/rooms/publish', headers: { authorization }, payload })
      const refused = await send(`jwt-admin ${await adminToken(strict)}`, { room: `org:${own.id}`, event: 'x' })
      t.match(refused.json(), { status: 403, success: false, error: 'ADMIN.FORBIDDEN_MFA_REQUIRED' }, 'refused, though its data is missing: before validation')
      const res = await send(`api-key ${key}`, { room: `org:${own.id}`, event: 'x', data: 1 })
      t.match(res.json(), { status: 200, success: true, room: `org:${own.id}`, offset: 1 })
    })
  })
})
