import t from 'tap'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../db/embedded.js'
import { PASSWORD, uniqueEmail } from '../../helpers/accounts.js'
import { startCli } from '../../helpers/cli.js'
import { cluster } from '../../helpers/cluster.js'
import type { FastifyInstance } from 'fastify'
import { authHeader, connectUser, drain, isEvent, registerUser, start, waitUntil, type Message, type TestSocket } from '../../helpers/sockets.js'
import { brokerEnv, forEachBroker } from '../../helpers/brokers.js'

forEachBroker(t, async (t, broker) => {
  const room = 'public:presence'

  /** Joins `room` with presence, answered joined. */
  async function present (socket: TestSocket): Promise<void> {
    socket.send({ type: 'join', room, presence: true })
    await socket.waitFor((m) => m.type === 'joined' && m.room === room)
  }

  /** The room's present users as the socket is told. */
  async function who (socket: TestSocket): Promise<Message[]> {
    socket.send({ type: 'presence', room })
    return (await socket.waitFor((m) => m.type === 'presence' && m.room === room)).users
  }

  const change = (event: string, userId: string) => (m: Message) => isEvent(event, room)(m) && m.data?.userId === userId

  /** Sets a user's name and picture as the user does: updateprofile with its access token. */
  async function setProfile (app: FastifyInstance, token: string, profile: { name: string | null, picture: string | null }) {
    const res = await app.inject({ method: 'POST', url: '/v1/users/updateprofile', headers: authHeader(token), payload: profile })
    if (res.statusCode !== 200) throw new Error(`updateprofile answered ${res.statusCode}: ${res.body}`)
  }

  /** The presence entries of `ids`, in the answer's order, without `since` (a time). */
  const entries = (users: Message[], ids: string[]) => users.filter((u) => ids.includes(u.userId)).map(({ since, ...rest }) => rest)

  const ADA = { name: 'Ada Lovelace', picture: 'https://example.com/ada.png' }

  t.test('on one instance, presence.joined and the presence list carry name and picture (null when unset)', async (t) => {
    const app = await start(t)
    const [ada, bob] = [await registerUser(app), await registerUser(app)]
    await setProfile(app, ada.token, ADA)
    const watcher = await connectUser(t, app, bob.token)
    await present(watcher)
    await present(await connectUser(t, app, ada.token))
    t.strictSame(await watcher.waitFor(change('presence.joined', ada.id)),
      { type: 'event', room, event: 'presence.joined', data: { userId: ada.id, ...ADA } })
    t.strictSame(entries(await who(watcher), [ada.id, bob.id]),
      [{ userId: bob.id, name: null, picture: null, connections: 1 }, { userId: ada.id, ...ADA, connections: 1 }])
  })

  t.test('presence across instances', async (t) => {
    const [a, b] = await cluster(t, [{}, {}])
    const [alice, bob] = [await registerUser(a.app), await registerUser(a.app)]
    const watcher = await connectUser(t, a.ws!, alice.token)
    await present(watcher)

    t.test('users who join with presence are listed with their connections and since; others hear presence.joined and presence.left once per user', async (t) => {
      const first = await connectUser(t, b.ws!, bob.token)
      await present(first)
      t.strictSame(await watcher.waitFor(change('presence.joined', bob.id)), { type: 'event', room, event: 'presence.joined', data: { userId: bob.id, name: null, picture: null } })
      const second = await connectUser(t, a.ws!, bob.token)
      await present(second)
      const users = await who(watcher)
      t.same(users.map((u: Message) => [u.userId, u.connections]), [[alice.id, 1], [bob.id, 2]], 'bob twice, on two instances')
      t.ok(users.every((u: Message) => !Number.isNaN(Date.parse(u.since))), 'since is a timestamp')
      const silent = await connectUser(t, a.ws!, bob.token)
      t.same(await silent.join(room), { type: 'joined', room }, 'a join without presence')
      t.same((await who(watcher)).length, 2, 'is not listed')

      first.terminate()
      await drain(a.app, watcher, alice.id, () => false)
      t.same(watcher.pending(change('presence.left', bob.id)), [], 'one of bob\'s sockets left: bob is still there')
      t.same(await silent.leave(room), { type: 'left', room })
      second.ws.close()
      t.strictSame(await watcher.waitFor(change('presence.left', bob.id)), { type: 'event', room, event: 'presence.left', data: { userId: bob.id } }, 'presence.left: the id only')
      t.same((await who(watcher)).map((u: Message) => u.userId), [alice.id])
      t.same(silent.pending(change('presence.left', bob.id)), [], 'a socket that did not ask hears no presence events')
    })

    t.test('sockets closed right after joining with presence leave no presence row', async (t) => {
      const dave = await registerUser(a.app)
      const before = b.app.websocketServer.clients.size
      for (let i = 0; i < 5; i++) {
        const socket = await connectUser(t, b.ws!, dave.token)
        socket.send({ type: 'join', room, presence: true })
        socket.terminate()
      }
      await waitUntil(() => b.app.websocketServer.clients.size === before, 'the server to see them closed')
      // The joins' database work may still be under way (the lease taken, the row entered, then
      // removed as its socket is gone), and no row yet is not the end of it: it must settle with
      // no row (for a whole second), and no presence.joined left standing.
      const rows = async () => broker === 'nats'
      ? (await a.app.rooms.present(room)).filter((u) => u.userId === dave.id)
      : await a.app.sql`select connection_id from room_presence where user_id = ${dave.id}`
      let noneSince = 0
      await waitUntil(async () => {
        if ((await rows()).length) noneSince = 0
        else noneSince ||= Date.now()
        return noneSince && Date.now() - noneSince >= 1000
      }, 'dave\'s presence rows to be gone for a second', 10_000, 50)
      t.same(await rows(), [], 'no presence row of dave')
      t.same((await who(watcher)).map((u: Message) => u.userId), [alice.id])
    })

    t.test('a socket not in the room may not ask who is there', async (t) => {
      const outsider = await connectUser(t, a.ws!, bob.token)
      outsider.send({ type: 'presence', room })
      t.same(await outsider.waitFor((m) => m.type === 'error'), { type: 'error', error: 'FORBIDDEN', room, message: 'You are not allowed to do this' })
    })

    t.test('an instance whose lease another swept (it lapsed under load) enters its sockets again, and a join meanwhile too', async (t) => {
      if (broker === 'nats') return t.pass('NATS keeps presence in a KV bucket, without instance leases')
      const [erin, frank] = [await registerUser(a.app), await registerUser(a.app)]
      await setProfile(a.app, erin.token, ADA)
      await present(await connectUser(t, b.ws!, erin.token))
      await watcher.waitFor(change('presence.joined', erin.id))
      const frankSocket = await connectUser(t, b.ws!, frank.token)
      // What another instance's sweep does to an instance whose lease ran out: its row and rows gone.
      await a.app.sql`delete from room_instances where id = (select instance_id from room_presence where user_id = ${erin.id})`
      await present(frankSocket)
      t.same(await watcher.waitFor(change('presence.joined', frank.id), 2000, 'frank\'s presence.joined'),
        { type: 'event', room, event: 'presence.joined', data: { userId: frank.id, name: null, picture: null } }, 'the join is entered (not refused by the foreign key)')
      t.strictSame((await watcher.waitFor(change('presence.joined', erin.id), 2000, 'erin\'s presence.joined again')).data, { userId: erin.id, ...ADA },
        'entered again with the profile her join read')
      t.same((await who(watcher)).map((u: Message) => u.userId).sort(), [alice.id, erin.id, frank.id].sort(), 'both are present again')
    })

    t.test('an instance whose request pool is busy past its lease keeps it (renewed on a connection of its own): its users stay', async (t) => {
      if (broker === 'nats') return t.pass('NATS keeps presence in a KV bucket, without instance leases')
      const grace = await registerUser(a.app)
      await present(await connectUser(t, b.ws!, grace.token))
      await watcher.waitFor(change('presence.joined', grace.id))
      // Every connection of b's pool busy for 3 s, two and a half leases: a renewal queued behind them would lapse.
      const busy = Promise.all(Array.from({ length: b.app.config.dbPoolSize }, () => b.app.sql`select pg_sleep(3)`))
      await new Promise((resolve) => setTimeout(resolve, 2500))
      t.ok((await who(watcher)).some((u: Message) => u.userId === grace.id), 'grace is still listed while b\'s pool is busy')
      await busy
      t.notOk(watcher.messages.some(change('presence.left', grace.id)), 'and no presence.left was sent for her')
    })

    t.test('the users of an instance that dies are gone within 2 s, with presence.left', async (t) => {
      const url = a.app.config.databaseUrl!
      const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-presence-'))
      t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
      const port = await freePort()
      const server = startCli(t, ['serve'], { DATABASE_URL: url, ...brokerEnv(url), DATA_DIR: dataDir, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port) })
      // It logs warnings only (LOG_LEVEL=warn): ready once it answers.
      await waitUntil(() => fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => server.child.exitCode !== null && Promise.reject(new Error(server.stderr()))),
        'the third instance to serve', 60_000, 200)
      const email = uniqueEmail('carol')
      const res = await fetch(`http://127.0.0.1:${port}/v1/users/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD })
      })
      const carol = await res.json() as { token: string, user: { id: string } }
      const socket = await connectUser(t, `ws://127.0.0.1:${port}/v1/ws`, carol.token)
      await present(socket)
      await watcher.waitFor(change('presence.joined', carol.user.id))
      t.ok((await who(watcher)).some((u: Message) => u.userId === carol.user.id), 'carol is present')

      server.child.kill('SIGKILL')
      await server.exited
      t.same(await watcher.waitFor(change('presence.left', carol.user.id), 2000, 'presence.left within 2 s'),
        { type: 'event', room, event: 'presence.left', data: { userId: carol.user.id } })
      t.same((await who(watcher)).map((u: Message) => u.userId), [alice.id], 'and she is no longer listed')
    })

    t.test('presence frames with names across two instances: presence.joined and the lists of both carry name and picture (null when unset)', async (t) => {
      const [ivy, jack] = [await registerUser(a.app), await registerUser(a.app)]
      await setProfile(a.app, ivy.token, ADA)
      await present(await connectUser(t, b.ws!, ivy.token))
      t.strictSame(await watcher.waitFor(change('presence.joined', ivy.id)), { type: 'event', room, event: 'presence.joined', data: { userId: ivy.id, ...ADA } })
      await present(await connectUser(t, b.ws!, jack.token))
      t.strictSame((await watcher.waitFor(change('presence.joined', jack.id))).data, { userId: jack.id, name: null, picture: null })
      const expected = [{ userId: alice.id, name: null, picture: null, connections: 1 }, { userId: ivy.id, ...ADA, connections: 1 },
        { userId: jack.id, name: null, picture: null, connections: 1 }]
      t.strictSame(entries(await who(watcher), [alice.id, ivy.id, jack.id]), expected, 'asked on a: b\'s users with theirs')
      const onB = await connectUser(t, b.ws!, jack.token)
      await onB.join(room)
      t.strictSame(entries(await who(onB), [alice.id, ivy.id, jack.id]), expected, 'asked on b: the same')
    })

    t.test('a user who changes name shows it from the next join on, not before', async (t) => {
      const kim = await registerUser(a.app)
      await setProfile(a.app, kim.token, { name: 'Kim', picture: null })
      const socket = await connectUser(t, b.ws!, kim.token)
      await present(socket)
      t.strictSame((await watcher.waitFor(change('presence.joined', kim.id))).data, { userId: kim.id, name: 'Kim', picture: null })
      await setProfile(a.app, kim.token, { name: 'Kim Renamed', picture: 'https://example.com/kim.png' })
      t.strictSame(entries(await who(watcher), [kim.id]), [{ userId: kim.id, name: 'Kim', picture: null, connections: 1 }], 'until she joins again, the name her join read')

      t.same(await socket.leave(room), { type: 'left', room })
      await watcher.waitFor(change('presence.left', kim.id))
      await present(socket)
      t.strictSame((await watcher.waitFor(change('presence.joined', kim.id))).data, { userId: kim.id, name: 'Kim Renamed', picture: 'https://example.com/kim.png' },
        'the same socket joining again: the new name')
      t.strictSame(entries(await who(watcher), [kim.id]), [{ userId: kim.id, name: 'Kim Renamed', picture: 'https://example.com/kim.png', connections: 1 }])

      await setProfile(a.app, kim.token, { name: 'Kim Again', picture: null })
      await present(await connectUser(t, a.ws!, kim.token))
      t.strictSame(entries(await who(watcher), [kim.id]), [{ userId: kim.id, name: 'Kim Again', picture: null, connections: 2 }],
        'a second socket, on the other instance: the latest join\'s')
    })
  })
})
