import t from 'tap'
import { CLOSE_UNAUTHORIZED, ROOMS_CHANNEL } from '../../../plugins/realtime/rooms.js'
import { REVOKE_CHANNEL } from '../../../plugins/accounts/repository.js'
import { captureLogs } from '../../helpers/app.js'
import { connectUser, drain, isEvent, isType, registerUser, sleep, start, waitUntil } from '../../helpers/sockets.js'
import { forEachBroker, natsGarbage } from '../../helpers/brokers.js'

forEachBroker(t, async (t, broker) => {
  const app = await start(t)

  t.test('an event reaches every socket in its room, as one event frame, and no other socket', async (t) => {
    const [alice, bob, carol] = [await registerUser(app), await registerUser(app), await registerUser(app)]
    const first = await connectUser(t, app, alice.token)
    const second = await connectUser(t, app, bob.token)
    const outside = await connectUser(t, app, carol.token)
    await first.join('TEST')
    await second.join('TEST')

    await app.rooms.emit('TEST', 'TEST_SOCKET_EVENT_ONE', { n: 1, nested: { ok: true } })
    const frame = await first.waitFor(isEvent('TEST_SOCKET_EVENT_ONE'))
    t.same(frame, { type: 'event', room: 'TEST', event: 'TEST_SOCKET_EVENT_ONE', data: { n: 1, nested: { ok: true } }, offset: frame.offset, epoch: frame.epoch })
    t.ok(Number.isSafeInteger(frame.offset) && frame.offset > 0 && typeof frame.epoch === 'string', 'with the room\'s offset and epoch')
    t.same(await second.waitFor(isEvent('TEST_SOCKET_EVENT_ONE')), frame)
    t.same(await drain(app, outside, carol.id, isEvent('TEST_SOCKET_EVENT_ONE')), [], 'a socket outside the room gets nothing')
  })

  t.test('an event emitted inside a transaction is delivered after the commit, never after a rollback', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    await socket.join('TEST')

    await t.rejects(app.sql.begin(async (tx) => {
      await app.rooms.emitInTransaction(tx, 'TEST', 'TEST_SOCKET_EVENT_ONE', { n: 'rolled back' })
      throw new Error('roll it back')
    }), /roll it back/)

    let delivered = false
    await app.sql.begin(async (tx) => {
      await app.rooms.emitInTransaction(tx, 'TEST', 'TEST_SOCKET_EVENT_ONE', { n: 'committed' })
      await sleep(200)
      delivered = socket.pending(isEvent('TEST_SOCKET_EVENT_ONE')).length > 0
    })
    t.notOk(delivered, 'nothing arrives while the transaction is open')
    t.same((await socket.waitFor(isEvent('TEST_SOCKET_EVENT_ONE'))).data, { n: 'committed' }, 'the committed event arrives')
    t.same(await drain(app, socket, user.id, isEvent('TEST_SOCKET_EVENT_ONE')), [], 'the rolled-back one never does')
  })

  t.test('a closed socket leaves every room it was in', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    await socket.join('GLOBAL')
    const own = `USER${user.id}`
    t.equal(app.rooms.size(own), 1, 'the socket is in its own room')
    const before = app.rooms.size('GLOBAL')
    t.ok(before >= 1, 'and in GLOBAL')
    socket.ws.close()
    await waitUntil(() => app.rooms.size(own) === 0, 'the socket to leave its USER room')
    t.equal(app.rooms.size('GLOBAL'), before - 1, 'it left GLOBAL too')
  })

  t.test('one LISTEN connection serves every socket of a process', async (t) => {
    const user = await registerUser(app)
    for (let i = 0; i < 3; i++) await (await connectUser(t, app, user.token)).join('FEED')
    const [{ n }] = await app.sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`
    t.equal(n, 1, 'one connection LISTENs, whatever the number of sockets')
  })

  t.test('a malformed room notification is ignored and later events still arrive', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    if (broker === 'nats') await natsGarbage(app.config.databaseUrl!, `USER${user.id}`, 'this is not json')
    else await app.sql`select pg_notify(${ROOMS_CHANNEL}, 'this is not json')`
    await app.rooms.emit(`USER${user.id}`, 'TEST_SOCKET_EVENT_ONE', { after: 'garbage' })
    t.same((await socket.waitFor(isEvent('TEST_SOCKET_EVENT_ONE'))).data, { after: 'garbage' })
    t.ok(socket.isOpen)
  })

  t.test('a revoke notice closes the sockets of that user only, and ignores other account types and garbage', async (t) => {
    const [alice, bob] = [await registerUser(app), await registerUser(app)]
    const socket = await connectUser(t, app, alice.token)
    const other = await connectUser(t, app, bob.token)
    await app.sql`select pg_notify(${REVOKE_CHANNEL}, ${JSON.stringify({ type: 'admin', id: alice.id })})`
    await app.sql`select pg_notify(${REVOKE_CHANNEL}, 'not json')`
    t.same(await drain(app, socket, alice.id, () => false), [])
    t.ok(socket.isOpen, 'an admin revocation with the same id closes nothing')

    await app.sql`select pg_notify(${REVOKE_CHANNEL}, ${JSON.stringify({ type: 'user', id: alice.id })})`
    t.same(await socket.waitFor(isType('error')), { type: 'error', error: 'UNAUTHORIZED', message: 'Authentication is required' },
      'a user revocation tells the socket UNAUTHORIZED')
    t.equal((await socket.waitForClose()).code, CLOSE_UNAUTHORIZED, 'then closes it with 4401')
    t.same(socket.messages.filter(isType('error')).length, 1, 'once')
    t.same(await drain(app, other, bob.id, () => false), [])
    t.ok(other.isOpen, 'another user\'s socket stays open')
  })

  t.test('emit in a process without a socket server resolves without throwing', async (t) => {
    const worker = await start(t, { role: 'worker' })
    t.notOk(worker.hasDecorator('websocketServer'), 'a worker process has no socket server')
    t.equal(worker.rooms.size('FEED'), 0)
    await t.resolves(worker.rooms.emit('FEED', 'TEST_SOCKET_EVENT_ONE', { from: 'worker' }))
    t.doesNotThrow(() => worker.rooms.deliver({ room: 'FEED', event: 'TEST_SOCKET_EVENT_ONE', data: {} }))
  })

  t.test('emit swallows a failure to notify, and logs it', async (t) => {
    const { stream, lines } = captureLogs()
    const broken = await start(t, { logger: { level: 'warn', stream } })
    // The broker's connection: the database's, or NATS's.
    if (broker === 'nats') await broken.rooms.broker.close()
    else await broken.sql.end({ timeout: 1 })
    await t.resolves(broken.rooms.emit('FEED', 'TEST_SOCKET_EVENT_ONE', { lost: true }), 'the caller is not failed')
    t.ok(lines.some((l) => l.msg === 'room event not sent' && l.room === 'FEED' && l.event === 'TEST_SOCKET_EVENT_ONE'),
      'a warning names the room and the event')
  })

  t.test('the LISTEN connection comes back after the database drops it, and events flow again', async (t) => {
    const user = await registerUser(app)
    const socket = await connectUser(t, app, user.token)
    await socket.join('TEST')
    const listening = () => app.sql`select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`
    const before = await listening()
    t.ok(before.length >= 1, 'a LISTEN connection is open')
    await app.sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`
    // As after a database restart: postgres.js reconnects and listens again by itself.
    const after = await waitUntil(async () => {
      const rows = await listening()
      return rows.length && rows.every((r) => !before.some((b) => b.pid === r.pid)) ? rows : null
    }, 'a new LISTEN connection', 15_000, 100)
    t.ok(after.length >= 1, 'a new LISTEN connection replaced the dropped one')
    await app.rooms.emit('TEST', 'TEST_SOCKET_EVENT_TWO', { after: 'reconnect' })
    t.same((await socket.waitFor(isEvent('TEST_SOCKET_EVENT_TWO'))).data, { after: 'reconnect' }, 'the event arrives')
  })
})
