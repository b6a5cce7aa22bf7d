import fp from 'fastify-plugin'
import websocket from '@fastify/websocket'
import type { WebSocket } from 'ws'

const CLOSE_GOING_AWAY = 1001
// A frame holds at most an event's data (ROOM_MAX_MESSAGE) and its envelope.
const ENVELOPE_BYTES = 1024

/**
 * @fastify/websocket with our shutdown (close code 1001) and a heartbeat: every interval each
 * socket is pinged, and one that did not answer the previous ping is dropped. What is said on a
 * socket belongs to the route's wsHandler.
 */
export default fp(async (app) => {
  await app.register(websocket, {
    options: { maxPayload: app.config.roomMaxMessage + ENVELOPE_BYTES },
    preClose (done) {
      for (const client of app.websocketServer.clients) client.close(CLOSE_GOING_AWAY, 'server shutting down')
      done()
    }
  })
  app.metrics?.gauge({
    name: 'latchkey_websocket_connections',
    help: 'Open WebSocket connections on this instance',
    collect () { this.set(app.websocketServer.clients.size) }
  })
  // Sockets that answered the last heartbeat ping (or connected since).
  const alive = new WeakSet<WebSocket>()
  app.websocketServer.on('connection', (socket: WebSocket) => {
    alive.add(socket)
    socket.on('pong', () => alive.add(socket))
  })

  const heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate()
        continue
      }
      alive.delete(socket)
      socket.ping()
    }
  }, app.config.wsHeartbeatMs)
  heartbeat.unref()
  app.addHook('onClose', async () => clearInterval(heartbeat))
}, { name: 'websocket', dependencies: ['config', 'metrics'] })
