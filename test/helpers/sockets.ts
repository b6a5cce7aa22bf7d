import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type tap from 'tap'
import postgres from 'postgres'
import WebSocket, { type ClientOptions } from 'ws'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { ENV, PASSWORD, uniqueEmail, type TapTest } from './accounts.js'
import { build, type BuildOptions } from './app.js'

export type Message = Record<string, any>

export interface Urls { http: string, ws: string }

/** Listens on a real port of 127.0.0.1 and returns the base URLs. */
export async function listen (app: FastifyInstance): Promise<Urls> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return { http: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/v1/ws` }
}

/** Waits until nothing is connected to the database of `databaseUrl` (checked from the admin URL). */
export async function waitForNoConnections (databaseUrl: string, timeoutMs = 5000): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1)
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} })
  try {
    await waitUntil(async () => {
      const [{ n }] = await admin`select count(*)::int as n from pg_stat_activity where datname = ${name}`
      return n === 0
    }, `the connections to ${name} to close`, timeoutMs)
  } finally {
    await admin.end({ timeout: 5 })
  }
}

/** An app on its own database (see app.ts) with the limiters relaxed. */
export async function start (t: TapTest | typeof tap, opts: BuildOptions = {}): Promise<FastifyInstance> {
  return build(t, { ...opts, env: { ...ENV, ...opts.env } })
}

/** Like start(), listening on a real port. */
export async function serve (t: TapTest | typeof tap, opts: BuildOptions = {}): Promise<{ app: FastifyInstance } & Urls> {
  const app = await start(t, opts)
  return { app, ...await listen(app) }
}

export interface TestUser { id: string, email: string, token: string, refreshToken: string }

/** A new user through /v1/users/register; throws with the body if that fails. */
export async function registerUser (app: FastifyInstance, headers: Record<string, string> = {}): Promise<TestUser> {
  const email = uniqueEmail('user')
  const res = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email, password: PASSWORD }, headers })
  if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`)
  const body = res.json()
  return { id: body.user.id, email, token: body.token, refreshToken: body.refreshToken }
}

/** An admin created like the CLI does, then logged in: its access token. */
export async function adminToken (app: FastifyInstance): Promise<string> {
  const email = uniqueEmail('admin')
  await app.accountAdmin.create(ACCOUNT_TYPES.admin, email, PASSWORD)
  const res = await app.inject({ method: 'POST', url: '/v1/admins/login', payload: { email, password: PASSWORD } })
  if (res.statusCode !== 201) throw new Error(`admin login answered ${res.statusCode}: ${res.body}`)
  return res.json().token
}

export function authHeader (token: string): Record<string, string> {
  return { authorization: `jwt-user ${token}` }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Polls `check` until it returns a truthy value; throws `what` on timeout. */
export async function waitUntil<T> (check: () => Promise<T> | T, what: string, timeoutMs = 5000, intervalMs = 25): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value as NonNullable<T>
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(intervalMs)
  }
}

export const isType = (type: string) => (m: Message) => m.type === type
export const isEvent = (event: string, room?: string) => (m: Message) =>
  m.type === 'event' && m.event === event && (room === undefined || m.room === room)
export const isPublished = (postId: string) => (m: Message) => isEvent('POST_PUBLISHED', 'FEED')(m) && m.data?.postId === postId

export interface Closed { code: number, reason: string }

/**
 * A `ws` client, from injectWS or from `new WebSocket(url)`, that keeps every JSON message it
 * receives. `waitFor` hands out each message once, in arrival order, so a later wait never
 * matches a message an earlier one took.
 */
export class TestSocket {
  readonly messages: Message[] = []
  readonly closed: Promise<Closed>
  private readonly taken = new Set<number>()
  private waiters: Array<() => void> = []
  /** Pings heard since the socket was made: one may come in the same read as the upgrade's answer, before 'open' resolves. */
  pings = 0

  constructor (readonly ws: WebSocket) {
    ws.on('ping', () => this.pings++)
    ws.on('message', (data, isBinary) => {
      let message: Message
      try {
        // The protocol is JSON in text frames; a binary frame (a Blob in browsers) matches nothing.
        message = isBinary ? { type: '<binary frame>', raw: String(data) } : JSON.parse(String(data))
      } catch {
        message = { type: '<not json>', raw: String(data) }
      }
      this.messages.push(message)
      this.notify()
    })
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => {
      resolve({ code, reason: reason.toString() })
      this.notify()
    }))
  }

  private notify () {
    for (const wake of this.waiters.splice(0)) wake()
  }

  get isOpen (): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }

  send (message: Message | string) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** Messages matching `predicate` that no wait has taken yet (without taking them). */
  pending (predicate: (m: Message) => boolean = () => true): Message[] {
    return this.messages.filter((m, i) => !this.taken.has(i) && predicate(m))
  }

  /** The first message matching `predicate` not taken before, waiting up to `timeoutMs`. */
  async waitFor (predicate: (m: Message) => boolean, timeoutMs = 3000, what = 'a matching message'): Promise<Message> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const index = this.messages.findIndex((m, i) => !this.taken.has(i) && predicate(m))
      if (index !== -1) {
        this.taken.add(index)
        return this.messages[index]
      }
      const left = deadline - Date.now()
      if (left <= 0) {
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received ${JSON.stringify(this.messages)}`)
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** Resolves with the close code and reason, or throws after `timeoutMs`. */
  async waitForClose (timeoutMs = 3000): Promise<Closed> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      return await Promise.race([this.closed, timeout])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Whether the socket closes within `ms` (false: still open). */
  async closesWithin (ms: number): Promise<Closed | false> {
    return this.waitForClose(ms).catch(() => false as const)
  }

  /** Sends a join and waits for its answer (joined, or an error naming the room). */
  async join (room: string): Promise<Message> {
    this.send({ type: 'join', room })
    return this.waitFor((m) => (m.type === 'joined' || m.type === 'error') && m.room === room, 3000, `the answer to join ${room}`)
  }

  /**
   * Sends a join with `since` (a position, or the event frame that carries it) and waits for its
   * `joined`: that frame, and the events of the room that came between them (the ones recovered
   * from history), all taken as waitFor takes them.
   */
  async recover (room: string, since: Message): Promise<{ joined: Message, before: Message[] }> {
    const from = this.messages.length
    this.send({ type: 'join', room, since: { offset: since.offset, epoch: since.epoch } })
    const joined = await this.waitFor((m) => m.type === 'joined' && m.room === room, 3000, `the answer to join ${room} with since`)
    const before = []
    for (let i = from; this.messages[i] !== joined; i++) {
      const m = this.messages[i]
      if (this.taken.has(i) || m.type !== 'event' || m.room !== room) continue
      this.taken.add(i)
      before.push(m)
    }
    return { joined, before }
  }

  async leave (room: string): Promise<Message> {
    this.send({ type: 'leave', room })
    return this.waitFor((m) => m.type === 'left' && m.room === room, 3000, `the answer to leave ${room}`)
  }

  terminate () {
    this.ws.terminate()
  }
}

/**
 * Where a test socket connects: an app, reached through injectWS (no port), or the ws:// URL of
 * a listening one, for tests that need several processes or a real TCP connection.
 */
export type SocketTarget = FastifyInstance | string

const PEER = Symbol('server side of an injected socket')
type PeerRequest = { [PEER]?: (server: WebSocket) => void }
const tracking = new WeakSet<FastifyInstance>()

/**
 * A socket through injectWS. Its in-memory pipe never tells the server that the client's end
 * has closed, so the server's socket would wait ws's 30 s close timeout (keeping the test process
 * alive, and the socket in its rooms): once the client is closed, end the server's side as TCP would.
 */
async function injectSocket (t: TapTest | typeof tap, app: FastifyInstance, headers?: ClientOptions['headers']): Promise<TestSocket> {
  if (!tracking.has(app)) {
    tracking.add(app)
    // injectWS spreads its upgrade context into the request that reaches 'connection'.
    app.websocketServer.on('connection', (server: WebSocket, request: PeerRequest) => request[PEER]?.(server))
  }
  let socket: TestSocket | undefined
  let peer: WebSocket | undefined
  const context = { headers, [PEER]: (server: WebSocket) => { peer = server } }
  const ws = await app.injectWS('/v1/ws', context, {
    // The collector listens before the upgrade completes, so no early frame is lost.
    onInit: (ws) => {
      socket = new TestSocket(ws)
      ws.once('close', () => peer?.terminate())
    }
  })
  t.teardown(() => ws.terminate())
  return socket!
}

/** Opens a socket on /v1/ws (terminated when the test ends); rejects if the upgrade fails. */
export async function openSocket (t: TapTest | typeof tap, target: SocketTarget, options: ClientOptions = {}): Promise<TestSocket> {
  if (typeof target !== 'string') return injectSocket(t, target, options.headers)
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(target, options)
    const socket = new TestSocket(ws)
    t.teardown(() => ws.terminate())
    ws.once('open', () => resolve(socket))
    ws.once('error', reject)
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)))
  })
}

/** A socket authenticated with the first-frame protocol. */
export async function connectUser (t: TapTest | typeof tap, target: SocketTarget, token: string): Promise<TestSocket> {
  const socket = await openSocket(t, target)
  socket.send({ type: 'auth', token })
  const reply = await socket.waitFor((m) => m.type === 'authenticated' || m.type === 'error', 3000, 'the answer to auth')
  if (reply.type !== 'authenticated') throw new Error(`auth answered ${JSON.stringify(reply)}`)
  return socket
}

/** An authenticated socket already in FEED. */
export async function feedSocket (t: TapTest | typeof tap, target: SocketTarget, token: string): Promise<TestSocket> {
  const socket = await connectUser(t, target, token)
  const joined = await socket.join('FEED')
  if (joined.type !== 'joined') throw new Error(`join FEED answered ${JSON.stringify(joined)}`)
  return socket
}

/**
 * Proves that nothing matching `predicate` is on its way: emits a marker to the user's own room
 * and waits for it. Notifications reach the listener in commit order, so anything sent before
 * the marker has arrived by then. Returns what matched in the meantime (expected: nothing).
 */
export async function drain (app: FastifyInstance, socket: TestSocket, userId: string,
  predicate: (m: Message) => boolean): Promise<Message[]> {
  const marker = randomBytes(6).toString('hex')
  await app.rooms.emit(`USER${userId}`, 'TEST_SOCKET_EVENT_TWO', { marker })
  await socket.waitFor((m) => isEvent('TEST_SOCKET_EVENT_TWO')(m) && m.data?.marker === marker, 3000, `marker ${marker}`)
  return socket.pending(predicate)
}
