import t from 'tap'
import type { Socket } from 'node:net'
import { CLOSE_SLOW_CONSUMER } from '../../../plugins/realtime/rooms.js'
import { connectUser, registerUser, serve, waitUntil } from '../../helpers/sockets.js'
import { forEachBroker } from '../../helpers/brokers.js'

forEachBroker(t, async (t, broker) => {
  // A socket that reads nothing (its TCP stream paused) in a room that gets ~13 MB: more than the
  // kernel's buffers hold, so its unsent data grows past WS_MAX_BUFFER on the server.
  t.test('a socket whose unsent data passes WS_MAX_BUFFER is closed with 1013, and the room\'s other sockets get every event meanwhile', async (t) => {
    const server = await serve(t, { env: { WS_MAX_BUFFER: '256kb' } })
    const user = await registerUser(server.app)
    const room = 'public:firehose'
    const fast = await connectUser(t, server.ws, user.token)
    const slow = await connectUser(t, server.ws, user.token)
    await fast.join(room)
    await slow.join(room)
    const stream = (slow.ws as unknown as { _socket: Socket })._socket
    stream.pause()

    const chunk = 'x'.repeat(64 * 1024)
    const total = 200
    for (let i = 1; i <= total; i++) await server.app.rooms.publish(room, 'TEST_SOCKET_EVENT', { i, chunk })
    await waitUntil(() => fast.messages.filter((m) => m.type === 'event' && m.room === room).length === total, 'every event on the fast socket', 15_000)
    t.same(fast.messages.filter((m) => m.type === 'event').map((m) => m.data.i), Array.from({ length: total }, (_, i) => i + 1),
      'the reading socket got all of them, in order, while the other read nothing')
    const closing = [...server.app.websocketServer.clients].filter((s) => s.readyState === s.CLOSING)
    t.equal(closing.length, 1, 'the server is closing the socket that read nothing')
    t.ok(fast.isOpen, 'and only that one')

    stream.resume()
    const closed = await slow.waitForClose(10_000)
    t.equal(closed.code, CLOSE_SLOW_CONSUMER, 'once it reads, it finds the close code 1013')
    const got = slow.messages.filter((m) => m.type === 'event').length
    t.ok(got < total, `it got ${got} events before the close: the rest it recovers from history`)
  })
})
