import WebSocket from 'ws'
import { percentile } from './lib.js'

export interface Client {
  socket: WebSocket
  /** postId -> arrival time (performance.now()) of its POST_PUBLISHED event. */
  arrivals: Map<string, number>
}

/** Opens an authenticated socket (auth frame) that joins `rooms`. */
export function connect (url: string, token: string, rooms: string[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws') + '/v1/ws')
    const client: Client = { socket, arrivals: new Map() }
    let pending = rooms.length
    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'auth', token }))
      for (const room of rooms) socket.send(JSON.stringify({ type: 'join', room }))
    })
    socket.on('message', (data) => {
      const message = JSON.parse(String(data))
      if (message.type === 'event') {
        client.arrivals.set(message.data.postId, performance.now())
      } else if (message.type === 'joined' && --pending === 0) {
        resolve(client)
      } else if (message.type === 'authenticated' && pending === 0) {
        resolve(client)
      } else if (message.type === 'error') {
        reject(new Error(JSON.stringify(message)))
      }
    })
    socket.on('error', reject)
  })
}

/** Opens `count` sockets, `batch` at a time. */
export async function connectMany (url: string, token: string, rooms: string[], count: number, batch = 200): Promise<Client[]> {
  const clients: Client[] = []
  for (let i = 0; i < count; i += batch) {
    clients.push(...await Promise.all(Array.from({ length: Math.min(batch, count - i) }, () => connect(url, token, rooms))))
  }
  return clients
}

export function closeAll (clients: Client[]): Promise<void> {
  return Promise.all(clients.map((c) => new Promise<void>((resolve) => {
    if (c.socket.readyState === WebSocket.CLOSED) return resolve()
    c.socket.once('close', () => resolve())
    c.socket.close()
  }))).then(() => {})
}

export interface Delivery { p50: number, p99: number, max: number, delivered: number, expected: number }

/**
 * For each publish: the time from the HTTP response to each client's event. An event may beat
 * the response (the notification leaves at commit, the response just after), counted as 0.
 */
export async function deliveries (clients: Client[], publishes: Array<{ postId: string, respondedAt: number }>, waitMs = 2000): Promise<Delivery> {
  const deadline = performance.now() + waitMs
  const expected = clients.length * publishes.length
  const count = () => clients.reduce((n, c) => n + publishes.filter((p) => c.arrivals.has(p.postId)).length, 0)
  while (count() < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
  const latencies: number[] = []
  for (const { postId, respondedAt } of publishes) {
    for (const c of clients) {
      const at = c.arrivals.get(postId)
      if (at !== undefined) latencies.push(Math.max(0, at - respondedAt))
    }
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.reduce((a, b) => Math.max(a, b), -Infinity), // not Math.max(...): 200,000 arguments overflow the stack
    delivered: latencies.length,
    expected
  }
}
