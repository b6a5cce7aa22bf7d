import t from 'tap'
import { freePort } from '../../../db/embedded.js'
import { build } from '../../helpers/app.js'
import { startNatsServer } from '../../helpers/brokers.js'
import { waitUntil } from '../../helpers/sockets.js'

// The NATS broker's own workings: its start-up error, /ready, one instance's publishes into a room in turn (the protocol: the rooms' files, on both brokers).
t.test('a NATS that does not answer stops the start with an error naming it', async (t) => {
  const port = await freePort()
  await t.rejects(build(t, { env: { BROKER_URL: `nats://127.0.0.1:${port}` } }),
    new RegExp(`The rooms broker cannot reach NATS at 127\\.0\\.0\\.1:${port} \\(BROKER_URL\\)`))
})

t.test('/ready checks the NATS connection: ok, then 503 broker failed once NATS is gone', async (t) => {
  const nats = await startNatsServer(t)
  const app = await build(t, { env: { BROKER_URL: nats.url } })
  const ready = await app.inject({ method: 'GET', url: '/ready' })
  t.equal(ready.statusCode, 200)
  t.match(ready.json(), { success: true, checks: { database: 'ok', broker: 'ok' } })
  const position = await app.rooms.publish('public:ready', 'TEST_SOCKET_EVENT', { n: 1 })
  t.equal(position.offset, 1, 'it publishes')

  await nats.stop()
  const failed = await waitUntil(async () => {
    const res = await app.inject({ method: 'GET', url: '/ready' })
    return res.statusCode === 503 ? res : null
  }, '/ready to fail', 5000, 100)
  t.match(failed.json(), { checks: { database: 'ok', broker: 'failed' } })
})

t.test('one instance\'s publishes into one room, made at once, take the offsets in the order called, none refused', async (t) => {
  const nats = await startNatsServer(t)
  const app = await build(t, { env: { BROKER_URL: nats.url } })
  // At once, each would expect the same last sequence: all but one refused, again and again, past the 50 retries.
  const positions = await Promise.all(Array.from({ length: 120 }, (_, i) => app.rooms.publish('public:in-turn', 'TEST_SOCKET_EVENT', { i })))
  t.same(positions.map((p) => p.offset), positions.map((_, i) => i + 1), 'offsets 1 to 120, in the order of the calls')
  t.equal(new Set(positions.map((p) => p.epoch)).size, 1, 'one epoch')
})
