/**
 * Rooms under faults, on each broker of BROKERS (rooms-cluster.ts), three `dist/cli.js serve`
 * instances behind Debian's HAProxy (startHaproxy, with docs/operations.md's example; test/run.ts
 * reads that name here to require the package):
 * - 300 raw sockets in 10 public rooms (3 each, with presence) while an admin publishes at a
 *   steady rate; one instance is killed with SIGKILL. Its sockets reconnect through HAProxy to
 *   the others and join again with `since`: at the end every socket heard exactly the published
 *   log of each of its rooms (none lost, none twice, in offset order), and 2 s after the kill the
 *   rooms' presence is exactly the sockets still open (no member of the dead instance left).
 * (The slow consumer: rooms-slow.fault.ts.)
 */
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { waitUntil } from '../helpers/sockets.js'
import { BROKERS, RoomClient, compare, publisher, roomsCluster } from './rooms-cluster.js'

const SOCKETS = 300
const SOCKETS_PER_USER = 5
const ROOMS = Array.from({ length: 10 }, (_, i) => `public:fault-${i}`)
/** Publishes a second, over the ten rooms. */
const RATE = 40
const KILLED = 2

/** Per room, the users of the open, joined sockets there and how many each has. */
function expectedPresence (clients: RoomClient[], room: string) {
  const counts = new Map<string, number>()
  for (const c of clients) if (c.open && c.rooms.includes(room) && c.joined.has(room)) counts.set(c.userId, (counts.get(c.userId) ?? 0) + 1)
  return [...counts].map(([userId, connections]) => ({ userId, connections })).sort((a, b) => a.userId.localeCompare(b.userId))
}

const asSet = (users: Array<{ userId: string, connections: number }>) =>
  users.map(({ userId, connections }) => ({ userId, connections })).sort((a, b) => a.userId.localeCompare(b.userId))

/**
 * The room's presence asked on `asker` until it is `expected` or 3 s pass: a join with `since` is
 * answered before its presence is entered, and 900 joins at once take a moment.
 */
async function settled (asker: RoomClient, room: string, expected: Array<{ userId: string, connections: number }>) {
  const deadline = Date.now() + 3000
  for (;;) {
    const users = asSet(await asker.presence(room))
    if (JSON.stringify(users) === JSON.stringify(expected) || Date.now() > deadline) return users
    await sleep(200)
  }
}

for (const broker of BROKERS) {
  t.test(`${broker.name}: a kill -9 of one of three instances while events flow`, async (t) => {
    const cluster = await roomsCluster(t, broker)
    const users = await cluster.register(SOCKETS / SOCKETS_PER_USER)
    const clients = Array.from({ length: SOCKETS }, (_, n) => {
      const user = users[Math.floor(n / SOCKETS_PER_USER)]
      return new RoomClient(cluster.port, user.id, user.token, [ROOMS[n % 10], ROOMS[(n + 3) % 10], ROOMS[(n + 7) % 10]])
    })
    t.teardown(() => { for (const c of clients) c.stop() })
    for (const c of clients) c.connect()
    await waitUntil(() => clients.every((c) => c.rooms.every((r) => c.joined.has(r))), 'every socket to join its rooms', 60_000, 100)
    t.pass(`${SOCKETS} sockets joined 3 rooms each, with presence`)
    for (const room of ROOMS) {
      const asker = clients.find((c) => c.rooms.includes(room))!
      t.same(await settled(asker, room, expectedPresence(clients, room)), expectedPresence(clients, room), `${room}: presence before the kill`)
    }

    const events = publisher(cluster.publish, ROOMS, RATE)
    // Each socket has heard at least one event in each room (it recovers from the first it heard).
    await waitUntil(() => clients.every((c) => c.rooms.every((r) => (c.heard.get(r)?.length ?? 0) > 0)), 'an event in every room on every socket', 30_000, 100)
    await sleep(1500)

    // The killed instance's sockets wait (as after a backoff) until the presence is read without them.
    let open!: () => void
    const gate = new Promise<void>((resolve) => { open = resolve })
    for (const c of clients) c.gate = gate
    const victim = cluster.instances[KILLED]
    const killedAt = Date.now()
    victim.child.kill('SIGKILL')
    t.equal(await victim.exited, null, 'the instance died of SIGKILL')
    await waitUntil(() => clients.filter((c) => c.closes.length > 0).length > 0, 'the dead instance\'s sockets to close', 10_000, 20)
    await sleep(Math.max(0, killedAt + 2000 - Date.now()))
    const cut = clients.filter((c) => c.closes.length > 0)
    t.ok(cut.length >= SOCKETS / 6 && cut.length <= SOCKETS / 2, `the dead instance held ${cut.length} of the ${SOCKETS} sockets (HAProxy's leastconn)`)
    // Asked in every room at once, 2 s after the kill.
    const askedAfter = Date.now() - killedAt
    const answers = await Promise.all(ROOMS.map((room) => clients.find((c) => c.open && c.rooms.includes(room) && c.joined.has(room))!.presence(room)))
    t.ok(askedAfter < 2500, `presence asked ${askedAfter} ms after the kill, answered after ${Date.now() - killedAt} ms`)
    for (const [i, room] of ROOMS.entries()) {
      const expected = expectedPresence(clients, room)
      t.same(asSet(answers[i]), expected,
        `${room}, 2 s after the kill: the presence is the ${expected.reduce((n, u) => n + u.connections, 0)} open sockets' users, none of the dead instance's`)
    }

    open()
    await waitUntil(() => clients.every((c) => c.open && c.rooms.every((r) => c.joined.has(r))), 'every socket to be back in its rooms', 60_000, 100)
    const reconnectedIn = Date.now() - killedAt
    await sleep(2000)
    await events.stop()
    t.same(events.failed, [], `every publish answered 200 (${events.count()} at ${RATE} a second)`)
    for (const room of ROOMS) {
      const offsets = events.log.get(room)!.map((e) => e.offset)
      t.same(offsets, Array.from({ length: offsets.length }, (_, i) => i + 1), `${room}: ${offsets.length} events, offsets 1 to ${offsets.length}`)
      t.equal(new Set(events.log.get(room)!.map((e) => e.epoch)).size, 1, `${room}: one epoch`)
    }

    const last = (room: string) => events.log.get(room)!.at(-1)!.offset
    await waitUntil(() => clients.every((c) => c.rooms.every((r) => (c.heard.get(r)?.at(-1)?.offset ?? 0) >= last(r))), 'the last events on every socket', 30_000, 100)
    await sleep(500)
    t.same(cut.flatMap((c) => c.closes).filter((code) => code !== 1006), [], 'the dead instance\'s sockets saw their connection drop (1006)')
    t.same(clients.filter((c) => !cut.includes(c) && c.closes.length > 0).length, 0, 'no other socket was closed')
    t.same(cut.flatMap((c) => c.recoveries).filter((r) => r.recovered !== true), [], `each of the ${cut.length} sockets joined its 3 rooms again with recovered:true (all back ${reconnectedIn} ms after the kill)`)
    const wrong: Array<Record<string, unknown>> = []
    let checked = 0
    for (const [n, c] of clients.entries()) {
      for (const room of c.rooms) {
        checked++
        const verdict = compare(c.heard.get(room) ?? [], events.log.get(room)!)
        if (!verdict.same) wrong.push({ socket: n, room, ...verdict })
      }
    }
    t.same(wrong.slice(0, 20), [], `each of the ${checked} (socket, room) logs equals the room's published log: 0 lost, 0 duplicated, in order`)
    t.equal(wrong.length, 0, 'no socket differs')

    for (const room of ROOMS) {
      const asker = clients.find((c) => c.rooms.includes(room))!
      const expected = expectedPresence(clients, room)
      t.same(await settled(asker, room, expected), expected, `${room}: presence after the reconnections, every socket counted once`)
    }
    for (const [i, instance] of cluster.instances.entries()) {
      t.comment(`instance ${i + 1}: ${instance.output().split('lease lapsed').length - 1} presence lease lapses`)
      if (i !== KILLED) t.notMatch(instance.output(), /"level":50/, `instance on ${instance.port}: no error logged`)
    }
  })
}
