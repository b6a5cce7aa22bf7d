import t from 'tap'
import { INLINE_MAX } from '../../../plugins/realtime/brokers/postgres.js'
import type { TapTest } from '../../helpers/accounts.js'
import { cluster } from '../../helpers/cluster.js'
import { connectUser, isEvent, isType, registerUser, waitUntil, type Message, type TestSocket } from '../../helpers/sockets.js'
import { forEachBroker, loseNatsHistory, natsKept } from '../../helpers/brokers.js'

forEachBroker(t, async (t, broker) => {
  // Offsets, history and recovery of each broker, across two instances on one database.
  t.test('rooms across two instances', async (t) => {
    const [a, b] = await cluster(t, [{ env: { ROOM_HISTORY_SIZE: '5' } }, { env: { ROOM_HISTORY_SIZE: '5' } }])
    const user = await registerUser(a.app)

    /** A socket on `ws` in `room` (answered joined). */
    async function inRoom (t: TapTest, ws: string, room: string): Promise<TestSocket> {
      const socket = await connectUser(t, ws, user.token)
      t.same(await socket.join(room), { type: 'joined', room })
      return socket
    }

    /** The next `n` events of `room` the socket receives, in order. */
    async function events (socket: TestSocket, room: string, n: number): Promise<Message[]> {
      const out = []
      for (let i = 0; i < n; i++) out.push(await socket.waitFor((m) => m.type === 'event' && m.room === room))
      return out
    }

    t.test('every event of a room takes the next offset, whichever instance publishes, and one epoch', async (t) => {
      const room = 'public:numbered'
      const socket = await inRoom(t, a.ws!, room)
      const published = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).app.rooms.publish(room, 'TEST_SOCKET_EVENT', { i })))
      t.same(published.map((p) => p.offset).sort((x, y) => x - y), Array.from({ length: 20 }, (_, i) => i + 1), 'offsets 1 to 20, none twice')
      t.equal(new Set(published.map((p) => p.epoch)).size, 1, 'one epoch')
      const got = await events(socket, room, 20)
      t.same(got.map((m) => m.offset), Array.from({ length: 20 }, (_, i) => i + 1), 'delivered in offset order')
      t.same(got.map((m) => m.epoch), published.map((p) => p.epoch))
      if (broker === 'nats') return t.equal(await natsKept(a.app.config.databaseUrl!, room), 5, 'the stream keeps ROOM_HISTORY_SIZE events of the room')
      const [{ n }] = await a.app.sql`select count(*)::int as n from room_history where room = ${room}`
      t.equal(n, 5, 'the history keeps ROOM_HISTORY_SIZE events')
      const [{ relpersistence }] = await a.app.sql`select relpersistence from pg_class where relname = 'room_history'`
      t.equal(relpersistence, 'u', 'in an UNLOGGED table')
    })

    t.test('an event larger than a notification carries travels by reference and arrives whole, in order', async (t) => {
      const room = 'public:large'
      const socket = await inRoom(t, b.ws!, room)
      const large = { text: 'x'.repeat(15_000) }
      if (broker === 'nats') {
        for (const data of [{ small: 1 }, large, { small: 2 }]) await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', data)
        return t.same((await events(socket, room, 3)).map((m) => [m.offset, m.data]), [[1, { small: 1 }], [2, large], [3, { small: 2 }]], 'NATS carries it whole')
      }
      const listened: string[] = []
      const listener = await a.app.directSql.listen('latchkey_rooms', (payload) => listened.push(payload))
      t.teardown(() => listener.unlisten())
      await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { small: 1 })
      await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', large)
      await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { small: 2 })
      t.same((await events(socket, room, 3)).map((m) => m.data), [{ small: 1 }, large, { small: 2 }])
      // The test's own LISTEN connection hears them on its own time.
      const mine = await waitUntil(() => {
        const heard: Message[] = listened.map((p) => JSON.parse(p)).filter((n) => n.room === room)
        return heard.length === 3 ? heard : null
      }, 'the three notifications')
      t.ok(listened.every((p) => Buffer.byteLength(p) < INLINE_MAX + 300), 'no notification payload near the 8,000-byte limit')
      t.same(mine[1], { room, event: 'TEST_SOCKET_EVENT', offset: 2, epoch: mine[0].epoch, ref: true }, 'the large one names its row')
    })

    t.test('a socket that rejoins with since gets the missed events in order, then joined recovered, then live ones, no gap, no duplicate', async (t) => {
      const room = 'public:recovery'
      const first = await inRoom(t, a.ws!, room)
      await b.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n: 1 })
      const [seen] = await events(first, room, 1)
      first.terminate()
      for (let n = 2; n <= 4; n++) await b.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n })

      const again = await connectUser(t, a.ws!, user.token)
      // Live events published while the history is read must come once, after joined (two: the
      // history of five still holds offset 2 whenever the read happens).
      const live = (async () => { for (let n = 5; n <= 6; n++) await b.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n }) })()
      const { joined, before } = await again.recover(room, { offset: seen.offset, epoch: seen.epoch })
      await live
      t.same(joined, { type: 'joined', room, recovered: true })
      t.ok(before.length >= 3, 'the missed events come before joined')
      t.same(before.slice(0, 3).map((m) => m.data), [{ n: 2 }, { n: 3 }, { n: 4 }])
      await b.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n: 7 })
      await again.waitFor((m) => m.type === 'event' && m.data?.n === 7)
      const all = again.messages.filter((m) => m.type === 'event' && m.room === room)
      t.same(all.map((m) => m.data.n), [2, 3, 4, 5, 6, 7], 'every event once, in order')
      t.same(all.map((m) => m.offset), [2, 3, 4, 5, 6, 7])
    })

    t.test('nothing missed: recovered with no event; a gap older than the history or another epoch: recovered false and nothing replayed', async (t) => {
      const room = 'public:gaps'
      const socket = await inRoom(t, a.ws!, room)
      await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n: 1 })
      const [first] = await events(socket, room, 1)
      await socket.leave(room)
      t.same((await socket.recover(room, first)).joined, { type: 'joined', room, recovered: true })
      await socket.leave(room)
      for (let n = 2; n <= 8; n++) await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n })
      const older = await socket.recover(room, first)
      t.same(older.joined, { type: 'joined', room, recovered: false }, 'offset 2 left the history (size 5)')
      await socket.leave(room)
      const other = await socket.recover(room, { offset: 8, epoch: 'another' })
      t.same(other.joined, { type: 'joined', room, recovered: false }, 'another epoch')
      t.same(socket.messages.filter((m) => m.type === 'event' && m.room === room).map((m) => m.data.n), [1], 'nothing was replayed')
      if (broker === 'nats') return
      // A notification of an event published before the join that reaches the instance after it
      // (a LISTEN connection is heard on its own time) is not sent as live.
      const [late] = await a.app.sql<Array<{ epoch: string }>>`select epoch from room_heads where room = ${room}`
      await a.app.sql`select pg_notify('latchkey_rooms', ${JSON.stringify({ room, event: 'TEST_SOCKET_EVENT', offset: 7, epoch: late.epoch, data: { n: 7 } })})`
      await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n: 9 })
      await socket.waitFor((m) => m.type === 'event' && m.data?.n === 9)
      t.same(socket.messages.filter((m) => m.type === 'event' && m.room === room).map((m) => m.data.n), [1, 9], 'only what was published after the join')
    })

    t.test('history lost (the UNLOGGED tables emptied as after a crash, the NATS subject purged): a new epoch, recovered false', async (t) => {
      const room = 'public:lost'
      const socket = await inRoom(t, b.ws!, room)
      await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n: 1 })
      const [before] = await events(socket, room, 1)
      if (broker === 'nats') await loseNatsHistory(a.app.config.databaseUrl!, room)
      else {
        await a.app.sql`delete from room_history where room = ${room}`
        await a.app.sql`delete from room_heads where room = ${room}`
      }
      const after = await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n: 2 })
      t.not(after.epoch, before.epoch, 'the room starts a new epoch')
      t.equal(after.offset, 1)
      const [live] = await events(socket, room, 1)
      t.same([live.offset, live.epoch], [1, after.epoch], 'frames carry it')
      await socket.leave(room)
      t.same((await socket.recover(room, before)).joined, { type: 'joined', room, recovered: false })
    })

    t.test('an event referred to but gone before an instance read it: that instance\'s sockets in the room are closed 1013, and recover false', async (t) => {
      if (broker === 'nats') return t.pass('a PostgreSQL notification refers to its row; NATS carries every event whole')
      const room = 'public:behind'
      const socket = await inRoom(t, b.ws!, room)
      const bystander = await inRoom(t, b.ws!, 'public:bystander')
      const first = await a.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { n: 1 })
      const [heard] = await events(socket, room, 1)
      // What an instance more than ROOM_HISTORY_SIZE behind meets: the notification of a large event
      // published (the head moved on) whose row was pruned before the instance read it.
      await a.app.sql`update room_heads set last_offset = last_offset + 1 where room = ${room}`
      const notice = JSON.stringify({ room, event: 'TEST_SOCKET_EVENT', offset: first.offset + 1, epoch: first.epoch, ref: true })
      await a.app.sql`select pg_notify('latchkey_rooms', ${notice})`
      const closed = await socket.closed
      t.equal(closed.code, 1013, 'closed with 1013: not left with a gap it cannot see')
      t.equal(bystander.ws.readyState, bystander.ws.OPEN, 'a socket of another room stays')
      const again = await connectUser(t, b.ws!, user.token)
      t.same((await again.recover(room, heard)).joined, { type: 'joined', room, recovered: false }, 'the event is not in the history: recovered false')
    })

    t.test('a join with a malformed since is refused as invalid and joins nothing', async (t) => {
      const socket = await connectUser(t, a.ws!, user.token)
      for (const since of [{ offset: -1, epoch: 'x' }, { offset: 1.5, epoch: 'x' }, { offset: 1 }, 'x', null]) {
        socket.send({ type: 'join', room: 'public:bad', since })
        t.same(await socket.waitFor(isType('error')), { type: 'error', error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: 'Invalid arguments: since, presence' })
      }
      t.equal(a.app.rooms.size('public:bad'), 0)
      t.notOk(socket.pending(isEvent('TEST_SOCKET_EVENT')).length)
    })
  })
})
