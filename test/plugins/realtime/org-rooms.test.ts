import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ENV, signIn, type TapTest } from '../../helpers/accounts.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { call, cluster } from '../../helpers/cluster.js'
import { ROLE_IDS, addMembership, joined, newMember, newOrg, orgCall, type Member } from '../../helpers/orgs.js'
import { connectUser, drain, isEvent, isType, openSocket, sleep, start, type Message, type TestSocket } from '../../helpers/sockets.js'
import { forEachBroker } from '../../helpers/brokers.js'

forEachBroker(t, async (t, broker) => {
  const UNKNOWN_ORG = '01900000-0000-7000-8000-00000000beef'

  /** A custom role of the organization with `permissions`: its id. */
  async function customRole (app: FastifyInstance, owner: Member, organizationId: string, name: string, permissions: string[]): Promise<string> {
    const res = await orgCall(app, 'createrole', owner.token, { organizationId, name, permissions })
    if (res.statusCode !== 201) throw new Error(`createrole answered ${res.statusCode}: ${res.body}`)
    return res.json().role.id
  }

  /** Joins every room, each expected to answer `joined` (whether it may publish there is publish.test.ts's). */
  async function joinAll (t: TapTest, socket: TestSocket, rooms: string[]) {
    for (const room of rooms) {
      const { publish: _publish, ...answer } = await socket.join(room)
      t.same(answer, { type: 'joined', room }, `joins ${room}`)
    }
  }

  /** The error frame of a refused join, without its room (equal for every refusal alike). */
  const refusal = ({ room, ...rest }: Message) => rest

  t.test('joining org and public rooms', async (t) => {
    const app = await start(t, { env: ENV })
    const owner = await newMember(app)
    const org = await newOrg(app, owner)
    const other = await newOrg(app, await newMember(app))

    t.test('a member joins the organization\'s rooms and hears their events', async (t) => {
      const member = await joined(app, org.id, 'member')
      const socket = await connectUser(t, app, member.token)
      await joinAll(t, socket, [`org:${org.id}`, `org:${org.id}:chat`])
      await app.rooms.emit(`org:${org.id}:chat`, 'TEST_SOCKET_EVENT', { n: 1 })
      t.match(await socket.waitFor(isEvent('TEST_SOCKET_EVENT')), { type: 'event', room: `org:${org.id}:chat`, event: 'TEST_SOCKET_EVENT', data: { n: 1 }, offset: 1, epoch: String })
    })

    t.test('a stranger, an unknown organization and a malformed name get the same FORBIDDEN frame', async (t) => {
      const stranger = await newMember(app)
      const socket = await connectUser(t, app, stranger.token)
      const rooms = [`org:${org.id}`, `org:${org.id}:chat`, `org:${UNKNOWN_ORG}`, `org:${org.id.toUpperCase()}`, `org:${org.id}:Bad`, 'org:', 'public:', 'PUBLIC:x']
      const answers = []
      for (const room of rooms) {
        const answer = await socket.join(room)
        t.match(answer, { type: 'error', error: 'FORBIDDEN', room }, `${room} is refused`)
        answers.push(refusal(answer))
      }
      t.same(new Set(answers.map((a) => JSON.stringify(a))).size, 1, 'nothing tells the refusals apart')
      t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' }, 'the socket stays usable')
      t.same(refusal(await socket.join(`org:${other.id}`)), answers[0], 'a member of another organization is a stranger here')
    })

    t.test('a member whose role lacks rooms:join is refused like a stranger', async (t) => {
      const roleId = await customRole(app, owner, org.id, 'readers', ['members:read'])
      const reader = await joined(app, org.id, roleId)
      const stranger = await newMember(app)
      const [onReader, onStranger] = [await connectUser(t, app, reader.token), await connectUser(t, app, stranger.token)]
      const refused = await onReader.join(`org:${org.id}`)
      t.match(refused, { type: 'error', error: 'FORBIDDEN', room: `org:${org.id}` })
      t.same(refused, await onStranger.join(`org:${org.id}`))
    })

    t.test('any signed-in user joins public:<name>', async (t) => {
      const socket = await connectUser(t, app, (await newMember(app)).token)
      await joinAll(t, socket, ['public:lobby', 'public:a_b-9'])
      t.match(await socket.join(`public:${'x'.repeat(65)}`), { type: 'error', error: 'FORBIDDEN' }, 'names are at most 64 characters')
    })

    t.test('an org claim of an older membership version is refused as the org routes refuse it', async (t) => {
      const admin = await joined(app, org.id, 'admin')
      const signedIn = await signIn(app, ACCOUNT_TYPES.user, admin.account)
      const switched = await app.inject({
        method: 'POST', url: '/v1/users/switchorg', payload: { organizationId: org.id, refreshToken: signedIn.refreshToken },
        headers: { authorization: `jwt-user ${signedIn.token}` }
      })
      t.equal(switched.statusCode, 200, switched.body)
      const demoted = await orgCall(app, 'updatemember', owner.token, { organizationId: org.id, userId: admin.account.id, role: 'member' })
      t.equal(demoted.statusCode, 200, demoted.body)
      const socket = await connectUser(t, app, switched.json().token)
      t.match(await socket.join(`org:${org.id}`), { type: 'error', error: 'UNAUTHORIZED', room: `org:${org.id}`, message: String })
      t.ok(socket.isOpen, 'the socket stays open: a fresh token in an auth frame, then the join again')
      t.same(await socket.join('FEED'), { type: 'joined', room: 'FEED' })
    })

    t.test('frames after an org room\'s join wait for it', async (t) => {
      const socket = await connectUser(t, app, (await joined(app, org.id, 'member')).token)
      socket.send({ type: 'join', room: `org:${org.id}` })
      socket.send({ type: 'leave', room: `org:${org.id}` })
      await socket.waitFor((m) => m.type === 'left')
      t.same(socket.messages.slice(-2), [{ type: 'joined', room: `org:${org.id}` }, { type: 'left', room: `org:${org.id}` }])
      t.equal(app.rooms.size(`org:${org.id}`), 0, 'the leave was handled after the join')
    })

    /** Events 1 to 3 published into the room from the socket of a member who may (`rooms:publish`): that socket. */
    async function publishedByMember (t: TapTest, room: string, publisher: Member) {
      const socket = await connectUser(t, app, publisher.token)
      for (let n = 1; n <= 3; n++) {
        socket.send({ type: 'publish', room, event: 'chat.message', data: { n } })
        t.same(await socket.waitFor(isType('published')), { type: 'published', room, offset: n })
      }
      return socket
    }

    /** Publishes from a backend, past the millisecond a membership just began in (its first is withheld too): the epoch. */
    async function publishAfter (room: string, from: number, to: number): Promise<string> {
      await sleep(5)
      let epoch = ''
      for (let n = from; n <= to; n++) ({ epoch } = await app.rooms.publish(room, 'chat.message', { n }))
      return epoch
    }

    const sent = (events: Message[]) => events.map((m) => [m.offset, m.data.n])

    t.test('a new member recovering an org room from offset 0 gets nothing published before its membership began', async (t) => {
      const team = await newOrg(app, owner)
      const room = `org:${team.id}:chat`
      const onOwner = await publishedByMember(t, room, owner)
      const newcomer = await joined(app, team.id, 'member')
      const epoch = await publishAfter(room, 4, 5)
      const socket = await connectUser(t, app, newcomer.token)
      const fromZero = await socket.recover(room, { offset: 0, epoch })
      t.same(sent(fromZero.before), [[4, 4], [5, 5]], 'only the events published after its membership began, in order')
      t.same(fromZero.joined, { type: 'joined', room, recovered: false }, 'recovered false: events after since were withheld')
      await app.rooms.publish(room, 'chat.message', { n: 6 })
      t.match(await socket.waitFor(isEvent('chat.message', room)), { offset: 6, epoch, data: { n: 6 } }, 'then the live events')
      t.same(await drain(app, socket, newcomer.account.id, (m) => m.room === room), [], 'and nothing else')

      const within = await (await connectUser(t, app, newcomer.token)).recover(room, { offset: 4, epoch })
      t.same([sent(within.before), within.joined], [[[5, 5], [6, 6]], { type: 'joined', room, recovered: true }], 'from within its membership: all, recovered')
      const founder = await onOwner.recover(room, { offset: 0, epoch })
      t.same([sent(founder.before).map(([offset]) => offset), founder.joined], [[1, 2, 3, 4, 5, 6], { type: 'joined', room, recovered: true, publish: true }],
        'the owner, a member since the organization began, gets the whole history')
    })

    t.test('a member removed and added again recovers nothing published before its new membership', async (t) => {
      const team = await newOrg(app, owner)
      const room = `org:${team.id}`
      const member = await joined(app, team.id, 'member')
      await publishedByMember(t, room, owner)
      t.equal((await orgCall(app, 'removemember', owner.token, { organizationId: team.id, userId: member.account.id })).statusCode, 200)
      await app.rooms.publish(room, 'chat.message', { n: 4 })
      await addMembership(app, team.id, member.account.id, ROLE_IDS.member)
      const epoch = await publishAfter(room, 5, 5)
      const again = await (await connectUser(t, app, member.token)).recover(room, { offset: 3, epoch })
      t.same([sent(again.before), again.joined], [[[5, 5]], { type: 'joined', room, recovered: false }], 'what it heard before, then only its new membership\'s')
    })
  })

  t.test('members taken out of org rooms on every instance', async (t) => {
    const [a, b] = await cluster(t, [{}, {}])
    const LEFT_WITHIN = 2000

    /** An organization with its owner, and a member (of `role`) connected to B in two of its rooms. */
    async function setup (t: TapTest, role = 'member') {
      const owner = await newMember(a.app)
      const org = await newOrg(a.app, owner)
      const member = await joined(a.app, org.id, role)
      const socket = await openSocket(t, b.ws!)
      socket.send({ type: 'auth', token: member.token })
      await socket.waitFor((m) => m.type === 'authenticated')
      const rooms = [`org:${org.id}`, `org:${org.id}:chat`]
      await joinAll(t, socket, [...rooms, 'FEED'])
      return { owner, org, member, socket, rooms }
    }

    /** The `left` frames of `rooms`, each within LEFT_WITHIN of `since`; then no event of them reaches the socket. */
    async function takenOut (t: TapTest, socket: TestSocket, userId: string, rooms: string[], since: number) {
      for (const room of rooms) {
        t.same(await socket.waitFor((m) => m.type === 'left' && m.room === room, LEFT_WITHIN), { type: 'left', room, reason: 'removed' })
      }
      t.ok(Date.now() - since < LEFT_WITHIN, `left within ${LEFT_WITHIN} ms`)
      for (const room of rooms) await a.app.rooms.emit(room, 'TEST_SOCKET_EVENT', { after: true })
      t.same(await drain(a.app, socket, userId, (m) => rooms.includes(m.room)), [], 'no event of those rooms after')
      t.same(b.app.rooms.occupants(rooms[0]).filter((o) => o.userId === userId), [], 'B holds none of the user\'s sockets in the rooms')
      t.ok(socket.isOpen, 'the socket itself stays open')
    }

    t.test('a member removed through A leaves the rooms on B, and hears nothing more of them', async (t) => {
      const { owner, org, member, socket, rooms } = await setup(t)
      const stayer = await joined(a.app, org.id, 'member')
      const onStayer = await connectUser(t, b.ws!, stayer.token)
      await joinAll(t, onStayer, [rooms[0]])
      const since = Date.now()
      const res = await call(a.http!, '/v1/orgs/removemember', owner.token, { organizationId: org.id, userId: member.account.id })
      t.equal(res.status, 200, JSON.stringify(res.body))
      await takenOut(t, socket, member.account.id, rooms, since)
      t.match(await onStayer.waitFor(isEvent('TEST_SOCKET_EVENT', rooms[0])), { data: { after: true } }, 'another member still hears the room')
      t.same(onStayer.pending((m) => m.type === 'left'), [], 'and was not taken out')
      t.match(await socket.join(rooms[0]), { type: 'error', error: 'FORBIDDEN' }, 'joining again is refused')
    })

    t.test('a member demoted to a role without rooms:join through A leaves the rooms on B', async (t) => {
      const { owner, org, member, socket, rooms } = await setup(t)
      await customRole(a.app, owner, org.id, 'readers', ['members:read'])
      const since = Date.now()
      const res = await call(a.http!, '/v1/orgs/updatemember', owner.token, { organizationId: org.id, userId: member.account.id, role: 'readers' })
      t.equal(res.status, 200, JSON.stringify(res.body))
      await takenOut(t, socket, member.account.id, rooms, since)
    })

    t.test('a role change that keeps rooms:join keeps the member in the rooms', async (t) => {
      const { owner, org, member, socket, rooms } = await setup(t)
      const res = await call(a.http!, '/v1/orgs/updatemember', owner.token, { organizationId: org.id, userId: member.account.id, role: 'admin' })
      t.equal(res.status, 200, JSON.stringify(res.body))
      await a.app.rooms.emit(rooms[1], 'TEST_SOCKET_EVENT', { still: true })
      t.match(await socket.waitFor(isEvent('TEST_SOCKET_EVENT', rooms[1])), { data: { still: true } })
      t.same(socket.pending((m) => m.type === 'left'), [])
    })

    t.test('a custom role that loses rooms:join takes its holders out', async (t) => {
      const owner = await newMember(a.app)
      const org = await newOrg(a.app, owner)
      const roleId = await customRole(a.app, owner, org.id, 'chatters', ['rooms:join'])
      const holder = await joined(a.app, org.id, roleId)
      const socket = await connectUser(t, b.ws!, holder.token)
      await joinAll(t, socket, [`org:${org.id}:chat`])
      const since = Date.now()
      const res = await call(a.http!, '/v1/orgs/updaterole', owner.token, { organizationId: org.id, roleId, permissions: ['members:read'] })
      t.equal(res.status, 200, JSON.stringify(res.body))
      await takenOut(t, socket, holder.account.id, [`org:${org.id}:chat`], since)
    })

    t.test('a member who leaves, and everyone when the organization is deleted', async (t) => {
      const { owner, org, member, socket, rooms } = await setup(t)
      const since = Date.now()
      t.equal((await call(a.http!, '/v1/orgs/leave', member.token, { organizationId: org.id })).status, 200)
      await takenOut(t, socket, member.account.id, rooms, since)

      const onOwner = await connectUser(t, b.ws!, owner.token)
      await joinAll(t, onOwner, rooms)
      const deletedAt = Date.now()
      t.equal((await call(a.http!, '/v1/orgs/delete', owner.token, { organizationId: org.id })).status, 200)
      await takenOut(t, onOwner, owner.account.id, rooms, deletedAt)
    })
  })
})
