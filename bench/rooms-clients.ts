/**
 * One client socket of the rooms scenario (bench/rooms.ts), the same for every system it drives:
 * Latchkey's /v1/ws (the token on the upgrade), the bare `ws` broadcast server (bench/bare-rooms.ts,
 * the same frames without authentication, offsets or epochs) and Socket.IO (bench/socketio-rooms.ts).
 * The members (bench/rooms-worker.ts) join and hear; the publishers (bench/rooms-load.ts) publish.
 */
import WebSocket from 'ws'
import { io, type Socket } from 'socket.io-client'

export type Kind = 'latchkey' | 'bare' | 'socketio'

/** The system's instances and what a socket needs to join them. */
export interface Target { kind: Kind, urls: string[], token?: string }

/** What an event carries: its phase, its number, when it was sent (`clock`), and padding. */
export interface Payload { p: number, s: number, t: number, pad: string }

export interface RoomClient {
  join: (room: string) => Promise<void>
  /** Resolves on the server's answer (`published`, or Socket.IO's ack); rejects on an error frame. */
  publish: (room: string, data: Payload) => Promise<void>
  close: () => void
}

export const EVENT = 'bench'
const TIMEOUT = 30_000

/** Milliseconds on CLOCK_MONOTONIC, which every process on the machine shares (libuv's hrtime). */
export const clock = () => Number(process.hrtime.bigint()) / 1e6

/**
 * Opens a socket to `url`, from the loopback address `from` (one address has about 28,000 ports);
 * `onEvent` hears each event's data, `onLost` a close the harness did not ask for.
 */
export function openClient (target: Target, url: string, from: string, onEvent: (data: Payload) => void, onLost: () => void): Promise<RoomClient> {
  return target.kind === 'socketio' ? socketIo(url, from, onEvent, onLost) : webSocket(target, url, from, onEvent, onLost)
}

function webSocket (target: Target, url: string, from: string, onEvent: (data: Payload) => void, onLost: () => void): Promise<RoomClient> {
  const path = target.kind === 'latchkey' ? '/v1/ws' : '/'
  const headers: Record<string, string> = target.token ? { authorization: `jwt-user ${target.token}` } : {}
  const ws = new WebSocket(url.replace(/^http/, 'ws') + path, { headers, localAddress: from })
  // Answers come in order: the joins', then the publishes' (a publisher waits for each).
  const joins: Waiting[] = []
  const publishes: Waiting[] = []
  let closing = false
  const client: RoomClient = {
    join: (room) => awaitAnswer(joins, () => ws.send(JSON.stringify({ type: 'join', room }))),
    publish: (room, data) => awaitAnswer(publishes, () => ws.send(JSON.stringify({ type: 'publish', room, event: EVENT, data }))),
    close: () => { closing = true; ws.terminate() }
  }
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(client))
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw))
      if (frame.type === 'event') onEvent(frame.data)
      else if (frame.type === 'joined') joins.shift()?.resolve()
      else if (frame.type === 'published') publishes.shift()?.resolve()
      else if (frame.type === 'error') {
        const err = new Error(`${frame.error}: ${frame.message ?? ''}`)
        // Joins come first (a member joins before anything is published to it).
        ;(joins.length ? joins : publishes).shift()?.reject(err)
      }
    })
    ws.on('error', reject)
    ws.on('close', () => {
      for (const waiting of [...joins.splice(0), ...publishes.splice(0)]) waiting.reject(new Error('closed'))
      if (!closing) onLost()
    })
  })
}

interface Waiting { resolve: () => void, reject: (err: Error) => void }

/** Sends a frame and waits for its answer, TIMEOUT at most (a server that never answers must not stall a publisher). */
function awaitAnswer (queue: Waiting[], send: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const at = queue.indexOf(waiting)
      if (at >= 0) queue.splice(at, 1)
      reject(new Error('no answer'))
    }, TIMEOUT)
    const waiting: Waiting = {
      resolve: () => { clearTimeout(timer); resolve() },
      reject: (err) => { clearTimeout(timer); reject(err) }
    }
    queue.push(waiting)
    send()
  })
}

function socketIo (url: string, from: string, onEvent: (data: Payload) => void, onLost: () => void): Promise<RoomClient> {
  // forceNew: one connection per socket, as the other systems (io() would multiplex them over one).
  const socket: Socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, localAddress: from } as never)
  let closing = false
  const client: RoomClient = {
    join: async (room) => { await socket.timeout(TIMEOUT).emitWithAck('join', room) },
    publish: async (room, data) => { await socket.timeout(TIMEOUT).emitWithAck('publish', { room, event: EVENT, data }) },
    close: () => { closing = true; socket.disconnect() }
  }
  socket.on('event', (message: { data: Payload }) => onEvent(message.data))
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.on('disconnect', () => { if (!closing) onLost() })
      resolve(client)
    })
    socket.once('connect_error', reject)
  })
}
