import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { inBatches } from '../../../plugins/realtime/brokers/batch.js'
import { INLINE_MAX } from '../../../plugins/realtime/brokers/postgres.js'
import { cluster } from '../../helpers/cluster.js'
import { connectUser, registerUser, waitUntil, type Message } from '../../helpers/sockets.js'

t.test('inBatches: a lone call goes at once, the calls made meanwhile go together (at most max), a failure is its batch\'s only', async (t) => {
  const batches: number[][] = []
  let release: () => void = () => {}
  const run = inBatches(async (items: number[]) => {
    batches.push(items)
    if (items.includes(13)) throw new Error('refused')
    await new Promise<void>((resolve) => { release = resolve })
    return items.map((i) => i * 2)
  }, 3)

  const first = run(1)
  await sleep(0)
  t.same(batches, [[1]], 'the first call is sent alone, without waiting')
  const rest = [2, 3, 4, 5, 13, 6].map((i) => run(i).then((r) => r, (err: Error) => err.message))
  release()
  t.equal(await first, 2)
  await sleep(0)
  t.same(batches, [[1], [2, 3, 4]], 'the calls made meanwhile go in the next batch, at most 3')
  release()
  await sleep(0)
  t.same(batches, [[1], [2, 3, 4], [5, 13, 6]])
  t.same(await Promise.all(rest), [4, 6, 8, 'refused', 'refused', 'refused'], 'each call gets its own result; a failing batch fails its calls alone')
  const next = run(7)
  await sleep(0)
  t.same(batches.at(-1), [7], 'a call after them goes alone')
  release()
  t.equal(await next, 14)
})

t.test('PostgreSQL broker: publishes made at once go in a few statements; each room\'s offsets follow the order of the calls, with no gap, and arrive in it', async (t) => {
  const [a] = await cluster(t, [{ env: { ROOM_HISTORY_SIZE: '1000' } }])
  const user = await registerUser(a.app)
  const rooms = ['public:batch-a', 'public:batch-b', 'public:batch-c']
  const socket = await connectUser(t, a.ws!, user.token)
  for (const room of rooms) t.same(await socket.join(room), { type: 'joined', room })
  const large = 'x'.repeat(INLINE_MAX + 10)
  // 450 publishes called in one go: the room, and a large event (sent by reference) every 50th.
  const calls = Array.from({ length: 450 }, (_, i) => ({ room: rooms[(i * 7) % 3], data: { i, ...(i % 50 === 7 ? { large } : {}) } }))
  const positions = await Promise.all(calls.map((c) => a.app.rooms.publish(c.room, 'TEST_SOCKET_EVENT', c.data)))

  const rows: Array<{ room: string, offset: number, i: number, xmin: string }> = await a.app.sql`
    select room, "offset"::int, (data->>'i')::int as i, xmin::text from room_history where room in ${a.app.sql(rooms)} order by room, "offset"`
  t.equal(rows.length, 450, 'every event has its history row')
  const statements = new Set(rows.map((r) => r.xmin)).size
  t.ok(statements > 1 && statements <= 10, `in a few statements (${statements}), of at most 200 events each`)
  for (const room of rooms) {
    const called = calls.flatMap((c, i) => c.room === room ? [i] : [])
    t.same(called.map((i) => positions[i].offset), called.map((_, k) => k + 1), `${room}: offsets 1 to ${called.length} in the order of the calls`)
    t.same(rows.filter((r) => r.room === room).map((r) => r.i), called, `${room}: each row holds its call's data`)
    t.equal(new Set(called.map((i) => positions[i].epoch)).size, 1, `${room}: one epoch`)
  }
  const heard: Message[] = await waitUntil(() => {
    const events = socket.messages.filter((m) => m.type === 'event')
    return events.length >= 450 ? events : null
  }, 'the 450 events', 10_000).catch((err: Error) => {
    throw new Error(`${err.message}; heard ${socket.messages.filter((m) => m.type === 'event').length}, ${JSON.stringify(socket.messages.filter((m) => m.type !== 'event'))}`)
  })
  for (const room of rooms) {
    const got = heard.filter((m) => m.room === room)
    t.same(got.map((m) => m.offset), got.map((_, k) => k + 1), `${room}: delivered in offset order, none twice`)
    t.ok(got.every((m) => (m.data as { i: number }).i === rows.find((r) => r.room === room && r.offset === m.offset)!.i &&
      ((m.data as { large?: string }).large === undefined) === ((m.data as { i: number }).i % 50 !== 7)), `${room}: each with its data, the large ones whole`)
  }
})
