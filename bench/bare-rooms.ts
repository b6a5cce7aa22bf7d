/**
 * The limit of the rooms scenario: a bare `ws` broadcast server, one of three instances that pass
 * each publish straight to one another (one WebSocket to each peer, no broker, no history, no
 * authentication). Frames as Latchkey's without offset and epoch: `join` -> `joined`; `publish`
 * -> the event to the room's local sockets (serialized once), the publish to each peer, then
 * `published`; a peer's publish -> the event to the local sockets. GET /health answers 200 once
 * every peer is connected. Usage: bare-rooms.ts <port> <peer port>...
 */
import { createServer } from 'node:http'
import WebSocket, { WebSocketServer } from 'ws'

const [port, ...peerPorts] = process.argv.slice(2).map(Number)
const rooms = new Map<string, Set<WebSocket>>()
const peers: WebSocket[] = []

function broadcast (room: string, event: string, data: unknown) {
  const members = rooms.get(room)
  if (!members?.size) return
  const frame = Buffer.from(JSON.stringify({ type: 'event', room, event, data }))
  for (const socket of members) if (socket.readyState === WebSocket.OPEN) socket.send(frame, { binary: false })
}

const server = createServer((req, res) => {
  const ready = peers.filter((p) => p.readyState === WebSocket.OPEN).length === peerPorts.length
  res.writeHead(req.url === '/health' && ready ? 200 : 503, { 'content-type': 'application/json' }).end('{}')
})
const wss = new WebSocketServer({ server })
wss.on('connection', (socket, request) => {
  if (request.url === '/peer') {
    socket.on('message', (raw) => {
      const { room, event, data } = JSON.parse(String(raw))
      broadcast(room, event, data)
    })
    return
  }
  const joined = new Set<string>()
  socket.on('message', (raw) => {
    const text = String(raw)
    const frame = JSON.parse(text)
    if (frame.type === 'join') {
      let members = rooms.get(frame.room)
      if (!members) rooms.set(frame.room, (members = new Set()))
      members.add(socket)
      joined.add(frame.room)
      socket.send(JSON.stringify({ type: 'joined', room: frame.room }))
    } else if (frame.type === 'publish') {
      broadcast(frame.room, frame.event, frame.data)
      for (const peer of peers) peer.send(text)
      socket.send(JSON.stringify({ type: 'published', room: frame.room }))
    }
  })
  socket.on('close', () => {
    for (const room of joined) rooms.get(room)?.delete(socket)
  })
})

/** An outgoing connection to a peer, retried until it is up (the three start together). */
function connect (peerPort: number, slot: number) {
  const peer = new WebSocket(`ws://127.0.0.1:${peerPort}/peer`)
  peers[slot] = peer
  peer.on('error', () => {})
  peer.on('close', () => setTimeout(() => connect(peerPort, slot), 100))
}

server.listen(port, '127.0.0.1', () => peerPorts.forEach(connect))
process.on('SIGTERM', () => process.exit(0))
