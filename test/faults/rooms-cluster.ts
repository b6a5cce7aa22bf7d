/**
 * For the rooms' fault tests (rooms.fault.ts): three `dist/cli.js serve` instances on one
 * database behind the HAProxy example of docs/operations.md, an admin that publishes, and raw
 * `ws` clients that track what they hear per room and recover with `since` after a close.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { Agent } from 'node:https'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import WebSocket from 'ws'
import { ROOT } from '../../paths.js'
import { cloneDatabase } from '../helpers/app.js'
import { PASSWORD, uniqueEmail, type TapTest } from '../helpers/accounts.js'
import { waitUntil } from '../helpers/sockets.js'
import { startNatsServer } from '../helpers/brokers.js'
import { docBlock, freePort, proxyCaller, proxyDir, replace, selfSigned, startHaproxy, type Answer } from '../helpers/proxies.js'

/** The brokers the rooms' fault tests run on: each gives the instances' environment (NATS: a private nats-server of the test's). */
export interface BrokerSetup { name: string, env: (t: TapTest) => Promise<Record<string, string>> }
export const BROKERS: BrokerSetup[] = [
  { name: 'postgres', env: async () => ({}) },
  { name: 'nats', env: async (t) => ({ BROKER_URL: (await startNatsServer(t)).url }) }
]

export interface Instance { port: number, metricsPort: number, child: ChildProcess, exited: Promise<number | null>, output: () => string }

const CLI = join(ROOT, 'dist', 'cli.js')

function baseEnv (): Record<string, string> {
  const base: Record<string, string | undefined> = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS', 'BROKER_URL']) delete base[key]
  return base as Record<string, string>
}

function instance (port: number, metricsPort: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, [CLI, 'serve'], {
    cwd: ROOT, env: { ...baseEnv(), ...env, HOST: '127.0.0.1', PORT: String(port), METRICS_PORT: String(metricsPort) }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', (d) => { output += d })
  child.stderr!.on('data', (d) => { output += d })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { port, metricsPort, child, exited, output: () => output }
}

async function ready (port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) })).status === 200
  } catch {
    return false
  }
}

/**
 * The three instances (`env` on top of the test settings) and HAProxy in front; `publish` posts
 * to /v1/rooms/publish as an admin, straight to instance `at` (a backend beside the service).
 */
export async function roomsCluster (t: TapTest, broker: BrokerSetup, env: Record<string, string> = {}) {
  const { url, drop } = await cloneDatabase()
  t.teardown(drop)
  const settings: Record<string, string> = {
    DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'warn', MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false',
    TRUST_PROXY: '1', RATE_LIMIT_MAX: '100000000', LOGIN_RATE_LIMIT_MAX: '100000000', LOGIN_LOCKOUT_THRESHOLD: '0',
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'), REFRESH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: proxyDir('rooms-data'), ...await broker.env(t), ...env
  }
  const ports = [await freePort(), await freePort(), await freePort()]
  const instances: Instance[] = []
  for (const port of ports) instances.push(instance(port, await freePort(), settings))
  t.teardown(async () => {
    for (const i of instances) {
      if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL')
      await i.exited
    }
  })
  await waitUntil(async () => (await Promise.all(ports.map(ready))).every(Boolean), 'three instances', 60_000, 200)

  const dir = proxyDir('rooms-haproxy')
  const tls = selfSigned(dir)
  const port = await freePort()
  let conf = docBlock('docs/operations.md', 'Behind HAProxy', 'haproxy')
  conf = replace(conf, /maxconn 50000/, 'maxconn 4000')
  conf = replace(conf, 'bind :443 ssl crt /etc/haproxy/certs/auth.example.com.pem', `bind 127.0.0.1:${port} ssl crt ${tls.pem}`)
  for (const [i, p] of ports.entries()) conf = replace(conf, `10.0.0.1${i + 1}:8000`, `127.0.0.1:${p}`)
  const haproxy = await startHaproxy(dir, conf, port)
  t.teardown(haproxy.stop)
  const agent = new Agent({ keepAlive: true, maxSockets: 32, rejectUnauthorized: false })
  t.teardown(() => agent.destroy())
  const call = proxyCaller(port, agent)
  await waitUntil(async () => (await call('/v1/users/login', {})).status === 400, 'HAProxy', 15_000, 100)

  // The admin exists only through the CLI; it signs in through HAProxy.
  const admin = { email: uniqueEmail('rooms-admin'), password: PASSWORD }
  await promisify(execFile)(process.execPath, [CLI, 'user', 'create', '--admin', '--email', admin.email, '--password', admin.password], {
    cwd: ROOT, env: { ...baseEnv(), ...settings }
  })
  const signedIn = await call('/v1/admins/login', admin)
  if (signedIn.status !== 201) throw new Error(`admin login answered ${signedIn.status}: ${JSON.stringify(signedIn.body)}`)
  const adminToken = signedIn.body.token as string

  async function register (n: number): Promise<Array<{ id: string, token: string }>> {
    return Promise.all(Array.from({ length: n }, async () => {
      const res = await call('/v1/users/register', { email: uniqueEmail('rooms'), password: PASSWORD })
      if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`)
      return { id: res.body.user.id as string, token: res.body.token as string }
    }))
  }

  async function publish (at: number, room: string, event: string, data: unknown): Promise<Omit<Answer, 'headers'>> {
    try {
      const res = await fetch(`http://127.0.0.1:${ports[at]}/v1/rooms/publish`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `jwt-admin ${adminToken}` },
        body: JSON.stringify({ room, event, data }), signal: AbortSignal.timeout(10_000)
      })
      return { status: res.status, body: await res.json() }
    } catch {
      return { status: 0, body: null }
    }
  }

  /** A counter's value summed over the instances that answer. */
  async function metric (name: string): Promise<number> {
    let sum = 0
    for (const i of instances) {
      const text = await fetch(`http://127.0.0.1:${i.metricsPort}/metrics`).then((r) => r.text(), () => '')
      const line = text.split('\n').find((l) => l.startsWith(`${name} `))
      if (line) sum += Number(line.split(' ')[1])
    }
    return sum
  }

  return { port, instances, ports, call, register, publish, metric }
}

export interface Heard { offset: number, epoch: string, seq: number, at: number, received: number }

/**
 * A raw `ws` client through HAProxy, in `rooms` with presence. It reconnects after every close
 * (once `gate` resolves, when given), joins again with `since` (the last offset and epoch it
 * heard in each room) and keeps every event it hears, per room, in order.
 */
export class RoomClient {
  socket: WebSocket | undefined
  readonly heard = new Map<string, Heard[]>()
  readonly joined = new Set<string>()
  readonly recoveries: Array<{ room: string, recovered: boolean | undefined }> = []
  readonly closes: number[] = []
  readonly frames: Array<Record<string, any>> = []
  gate: Promise<void> | null = null
  stopped = false
  open = false

  constructor (readonly proxyPort: number, readonly userId: string, readonly token: string, readonly rooms: string[], readonly keepFrames = false) {}

  connect (): void {
    const socket = new WebSocket(`wss://127.0.0.1:${this.proxyPort}/v1/ws`, {
      headers: { host: 'auth.example.com', authorization: `jwt-user ${this.token}` }, servername: 'auth.example.com', rejectUnauthorized: false
    } as WebSocket.ClientOptions)
    this.socket = socket
    const reconnecting = this.heard.size > 0 || this.closes.length > 0
    socket.on('open', () => {
      this.open = true
      for (const room of this.rooms) {
        const last = this.heard.get(room)?.at(-1)
        socket.send(JSON.stringify({ type: 'join', room, presence: true, ...(last ? { since: { offset: last.offset, epoch: last.epoch } } : {}) }))
      }
    })
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw))
      if (this.keepFrames) this.frames.push(frame)
      if (frame.type === 'joined') {
        this.joined.add(frame.room)
        if (reconnecting) this.recoveries.push({ room: frame.room, recovered: frame.recovered })
      } else if (frame.type === 'event' && typeof frame.offset === 'number') {
        let list = this.heard.get(frame.room)
        if (!list) this.heard.set(frame.room, (list = []))
        list.push({ offset: frame.offset, epoch: frame.epoch, seq: frame.data?.seq, at: frame.data?.at, received: Date.now() })
      }
    })
    socket.on('error', () => {})
    socket.on('close', (code) => {
      this.open = false
      this.joined.clear()
      if (this.stopped) return
      this.closes.push(code)
      void (this.gate ?? Promise.resolve()).then(() => setTimeout(() => { if (!this.stopped) this.connect() }, 100 + Math.random() * 400))
    })
  }

  /** Asks the room's presence on this socket: the answer's users. */
  async presence (room: string, timeoutMs = 3000): Promise<Array<{ userId: string, connections: number, since: string }>> {
    const socket = this.socket!
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { socket.off('message', on); reject(new Error(`no presence answer for ${room}`)) }, timeoutMs)
      const on = (raw: WebSocket.RawData) => {
        const frame = JSON.parse(String(raw))
        if (frame.type !== 'presence' || frame.room !== room) return
        clearTimeout(timer)
        socket.off('message', on)
        resolve(frame.users)
      }
      socket.on('message', on)
      socket.send(JSON.stringify({ type: 'presence', room }))
    })
  }

  stop (): void {
    this.stopped = true
    this.socket?.terminate()
  }
}

/** The p-th percentile (0-100) of a list of numbers. */
export function percentile (values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

export interface Published { offset: number, epoch: string, seq: number }

/** Publishes `{ seq, at, pad }` round the rooms at RATE a second, straight to instance 0, until `stop`. */
export function publisher (publish: (at: number, room: string, event: string, data: unknown) => Promise<{ status: number, body: any }>, rooms: string[], rate: number, pad = '') {
  const log = new Map<string, Published[]>(rooms.map((r) => [r, []]))
  const failed: Array<{ room: string, seq: number, status: number }> = []
  const pending = new Set<Promise<void>>()
  let seq = 0
  let running = true
  const loop = (async () => {
    const start = Date.now()
    while (running) {
      const n = seq++
      const room = rooms[n % rooms.length]
      const sent = publish(0, room, 'fault.tick', { seq: n, at: Date.now(), pad }).then((res) => {
        if (res.status === 200) log.get(room)!.push({ offset: res.body.offset, epoch: res.body.epoch, seq: n })
        else failed.push({ room, seq: n, status: res.status })
      })
      pending.add(sent)
      void sent.finally(() => pending.delete(sent))
      await sleep(Math.max(0, start + (seq * 1000) / rate - Date.now()))
    }
  })()
  return {
    log,
    failed,
    count: () => seq,
    async stop () {
      running = false
      await loop
      await Promise.all(pending)
      for (const list of log.values()) list.sort((a, b) => a.offset - b.offset)
    }
  }
}

/** What a socket heard in a room that the published log does not have, or lacks, or has twice, or out of order. */
export function compare (heard: Heard[], published: Published[]) {
  const key = (e: { epoch: string, offset: number, seq: number }) => `${e.epoch}/${e.offset}/${e.seq}`
  const got = heard.map(key)
  const want = published.map(key)
  const lost = want.filter((k) => !got.includes(k)).length
  const duplicated = got.length - new Set(got).size
  const unknown = got.filter((k) => !want.includes(k)).length
  const ordered = heard.every((e, i) => i === 0 || e.offset > heard[i - 1].offset)
  return { same: JSON.stringify(got) === JSON.stringify(want), lost, duplicated, unknown, ordered }
}
