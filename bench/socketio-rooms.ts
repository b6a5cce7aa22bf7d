/**
 * Socket.IO 4 in the rooms scenario, as a Node team would write it: one of three instances sharing
 * rooms through `@socket.io/redis-adapter` (Redis pub/sub), WebSocket transport only, no
 * authentication, history or presence. `join` (acknowledged once joined) and `publish`
 * (`io.to(room).emit('event', { room, event, data })`, acknowledged once handed to the adapter),
 * the same payloads as the other systems. GET /health answers 200 once both Redis connections are
 * ready. Usage: socketio-rooms.ts <port> <redis url> <channel prefix>
 */
import { createServer } from 'node:http'
import { Redis } from 'ioredis'
import { Server } from 'socket.io'
import { createAdapter } from '@socket.io/redis-adapter'

const [port, redisUrl, key] = process.argv.slice(2)
const pub = new Redis(redisUrl)
const sub = pub.duplicate()
const server = createServer((req, res) => {
  const ready = pub.status === 'ready' && sub.status === 'ready'
  res.writeHead(req.url === '/health' && ready ? 200 : 503, { 'content-type': 'application/json' }).end('{}')
})
const io = new Server(server, { transports: ['websocket'], serveClient: false, adapter: createAdapter(pub, sub, { key }) })
io.on('connection', (socket) => {
  socket.on('join', (room: string, ack: () => void) => {
    void socket.join(room)
    ack()
  })
  socket.on('publish', ({ room, event, data }: { room: string, event: string, data: unknown }, ack: () => void) => {
    io.to(room).emit('event', { room, event, data })
    ack()
  })
})
server.listen(Number(port), '127.0.0.1')
process.on('SIGTERM', () => {
  io.close()
  pub.disconnect()
  sub.disconnect()
  process.exit(0)
})
