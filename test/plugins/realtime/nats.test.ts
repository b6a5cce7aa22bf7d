import t from 'tap'
import { freePort } from '../../../db/embedded.js'
import { build } from '../../helpers/app.js'
import { startNatsServer } from '../../helpers/brokers.js'
import { waitUntil } from '../../helpers/sockets.js'

// The NATS broker's own workings: its start-up error and /ready (the protocol: the rooms' files, on both brokers).
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
