/**
 * The rooms scenario, opt-in (`npm run bench -- --only=rooms`; `--quick` for a small run that only
 * proves it works; bench/README.md, "Rooms"): BENCH_ROOM_SOCKETS (10,000) members on 3 instances of
 * each system, every member in one big room and in one of BENCH_ROOMS (1,000) small rooms. Systems:
 * a bare `ws` broadcast (the limit), Socket.IO 4 with @socket.io/redis-adapter, Latchkey on
 * PostgreSQL, and Latchkey on NATS with `--broker=nats` or BROKER_URL. Each round, each system in
 * turn: delivery latency in the big room, then throughput into the big room and into the small ones.
 */
import { availableParallelism } from 'node:os'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import postgres from 'postgres'
import { ROOT } from '../paths.js'
import { freePort } from '../db/embedded.js'
import { median, startProcess, type Service, type Settings } from './lib.js'
import { createLoad, type Latency, type System, type Throughput } from './rooms-load.js'
import type { Kind } from './rooms-clients.js'

// BROKER_URL is this harness's option (the NATS column), not the environment of every service it starts.
const NATS_URL = process.env.BROKER_URL || (process.argv.includes('--broker=nats') ? 'nats://127.0.0.1:4222' : undefined)
delete process.env.BROKER_URL

type Row = { scenario: string, value: string, ceiling: string, ratio: string, target: string, ok: boolean | null }
const row = (scenario: string, value: string, more: Partial<Row> = {}): Row => ({ scenario, value, ceiling: '', ratio: '', target: '', ok: null, ...more })
const env = (name: string, full: number, quick: number, isQuick: boolean) => Number(process.env[name] ?? (isQuick ? quick : full))
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const BIG = 'public:bench'
const small = (k: number) => `public:r${k}`

export interface RoomsOptions {
  settings: Settings
  /** A PostgreSQL URL allowed to create databases (one per Latchkey system, dropped afterwards). */
  adminUrl: string
  /** The service's environment in this run, and its command line (node arguments). */
  env: Record<string, string>
  service: string[]
  /** Node flags of the service, given to the other systems' servers too. */
  nodeFlags: string[]
  log: (line: string) => void
}

interface Started { kind: Kind, instances: Service[], token?: string }
interface Rounds { latency: Latency[], one: Throughput[], many: Throughput[] }

export async function roomsScenario ({ settings, adminUrl, env: serviceEnv, service, nodeFlags, log }: RoomsOptions) {
  const { quick } = settings
  const sockets = env('BENCH_ROOM_SOCKETS', 10_000, 300, quick)
  const roomCount = env('BENCH_ROOMS', 1000, 30, quick)
  const publishers = env('BENCH_ROOM_PUBLISHERS', 1000, 100, quick)
  const workerCount = env('BENCH_ROOM_WORKERS', Math.max(4, availableParallelism()), 2, quick)
  const events = quick ? 10 : 40
  // The latency phase's pace: 20,000 receptions/s in the room of 10,000, well under what every system delivers (bench/README.md).
  const intervalMs = env('BENCH_ROOM_INTERVAL_MS', 500, 100, quick)
  // Events awaited at once: about BENCH_ROOM_IN_FLIGHT receptions' worth, 8 to 4,000 events: the receptions of both phases alike (bench/README.md).
  const inFlight = env('BENCH_ROOM_IN_FLIGHT', 40_000, 40_000, quick)
  const window = (members: number) => Math.min(4000, Math.max(8, Math.ceil(inFlight / members)))
  const windows = { one: window(sockets), many: window(sockets / roomCount) }
  const membersOf = (room: string) => room === BIG ? sockets : Math.floor(sockets / roomCount) + (Number(room.slice(8)) < sockets % roomCount ? 1 : 0)
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  const databases: string[] = []

  async function latchkey (broker: string | undefined): Promise<Started> {
    const name = `latchkey_bench_rooms_${randomBytes(4).toString('hex')}`
    await admin.unsafe(`create database "${name}"`)
    databases.push(name)
    const instanceEnv = {
      ...serviceEnv, DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
      // Publishing from sockets into public: rooms needs no database read, as the other systems' publish; no jobs here.
      PUBLIC_ROOMS_PUBLISH: 'true', WORKER_ENABLED: 'false',
      // A socket lives as long as its token: the run must not outlast it.
      ACCESS_TOKEN_EXPIRES_IN: '4h',
      ...(broker ? { BROKER_URL: broker } : {})
    }
    const instances: Service[] = []
    try {
      // One after the other: the first migrates the database.
      for (let i = 0; i < 3; i++) instances.push(await startProcess(service, instanceEnv, await freePort()))
    } catch (err) {
      await Promise.all(instances.map((s) => s.stop()))
      // Its own message is above (stderr); the command line says nothing more.
      throw broker ? new Error(`the service did not start with BROKER_URL=${broker} (its error is above)`) : err
    }
    const res = await fetch(`${instances[0].url}/v1/users/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `rooms-${randomBytes(4).toString('hex')}@example.com`, password: `rooms-${randomBytes(12).toString('hex')}` })
    })
    const body = await res.json() as { token?: string }
    if (!body.token) throw new Error(`register answered ${res.status}: ${JSON.stringify(body)}`)
    return { kind: 'latchkey', instances, token: body.token }
  }

  async function bare (): Promise<Started> {
    const ports = await Promise.all([0, 1, 2].map(() => freePort()))
    const instances = await Promise.all(ports.map((port) => startProcess([...nodeFlags, '--import', 'tsx', join(ROOT, 'bench', 'bare-rooms.ts'),
      String(port), ...ports.filter((p) => p !== port).map(String)], {}, port)))
    return { kind: 'bare', instances }
  }

  async function socketIo (): Promise<Started> {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
    // A channel prefix of this run's own: other users of the same Redis hear nothing of it.
    const key = `latchkey-bench-${randomBytes(4).toString('hex')}`
    const instances: Service[] = []
    for (let i = 0; i < 3; i++) {
      const port = await freePort()
      instances.push(await startProcess([...nodeFlags, '--import', 'tsx', join(ROOT, 'bench', 'socketio-rooms.ts'), String(port), redisUrl, key], {}, port))
    }
    return { kind: 'socketio', instances }
  }

  const starts: Array<{ label: string, start: () => Promise<Started> }> = [
    { label: 'bare ws', start: bare },
    { label: 'Socket.IO + Redis adapter', start: socketIo },
    { label: 'Latchkey, PostgreSQL', start: () => latchkey(undefined) },
    { label: 'Latchkey, NATS', start: () => NATS_URL ? latchkey(NATS_URL) : Promise.reject(new Error('pass --broker=nats or BROKER_URL')) }
  ]
  const started: Started[] = []
  const skipped = new Map<string, string>()
  const load = createLoad(workerCount, log)
  const systems: Array<{ system: System, label: string, rounds: Rounds }> = []
  try {
    for (const [index, { label, start }] of starts.entries()) {
      log(`rooms: ${label}, 3 instances, ${sockets} members over ${workerCount} worker processes, ${publishers} publishers`)
      let up: Started
      try {
        up = await start()
      } catch (err) {
        skipped.set(label, (err as Error).message)
        log(`rooms: ${label} not run: ${(err as Error).message}`)
        continue
      }
      started.push(up)
      // Each system's sockets from addresses of their own (127.<10 + system>.<worker>.<n>), so no
      // system's ports, nor their TIME_WAIT, stand in another's way.
      const from = (worker: number) => [1, 2, 3, 4].map((n) => `127.${10 + index}.${worker}.${n}`)
      try {
        const system = await load.open({ system: label, target: { kind: up.kind, urls: up.instances.map((s) => s.url), token: up.token } },
          sockets, (i) => [BIG, small(i % roomCount)], publishers, from)
        systems.push({ system, label, rounds: { latency: [], one: [], many: [] } })
      } catch (err) {
        // A system whose sockets cannot all join is left out, its row saying why; the others still run.
        skipped.set(label, `its sockets did not open: ${(err as Error).message}`)
        log(`rooms: ${label} not run: ${skipped.get(label)}`)
      }
    }

    const round = async (seconds: number, keep: boolean) => {
      for (const { system, label, rounds } of systems) {
        const latency = await load.latency(system, BIG, sockets, keep ? events : Math.ceil(events / 10), intervalMs)
        const one = await load.throughput(system, () => BIG, membersOf, windows.one, seconds)
        const many = await load.throughput(system, (s) => small(s % roomCount), membersOf, windows.many, seconds)
        log(`rooms: ${label}${keep ? '' : ' (warm-up)'}: p99 ${fmt(latency.p99, 1)} ms, ${fmt(one.perSecond)} and ${fmt(many.perSecond)} events/s delivered`)
        if (!keep) continue
        rounds.latency.push(latency)
        rounds.one.push(one)
        rounds.many.push(many)
      }
    }
    if (settings.warmupSec > 0) await round(settings.warmupSec, false)
    for (let r = 0; r < settings.repetitions; r++) await round(settings.durationSec, true)
  } finally {
    await load.close()
    await Promise.all(started.flatMap((s) => s.instances.map((i) => i.stop())))
    for (const name of databases) await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {})
    await admin.end({ timeout: 5 })
  }
  return report(systems, skipped, { sockets, roomCount, publishers, workerCount, events, intervalMs, inFlight, windows })
}

/** The publishes refused over the rounds, by error: `27 publishes refused (SERVICE_UNAVAILABLE 27)`. */
function refusals (runs: Latency[]): string {
  const all: Record<string, number> = {}
  for (const run of runs) for (const [code, n] of Object.entries(run.refused)) all[code] = (all[code] ?? 0) + n
  const total = Object.values(all).reduce((a, b) => a + b, 0)
  return total ? `${total} publishes refused (${Object.entries(all).map(([code, n]) => `${code} ${n}`).join(', ')})` : ''
}

/** Median of each measure over the rounds; ratios are medians of the per-round ratios (each round's runs side by side). */
function report (systems: Array<{ label: string, rounds: Rounds }>, skipped: Map<string, string>, sizes: Record<string, unknown> & { sockets: number, roomCount: number }) {
  const rows: Row[] = []
  const byLabel = new Map(systems.map((s) => [s.label, s.rounds]))
  const limit = byLabel.get('bare ws')
  const socketIo = byLabel.get('Socket.IO + Redis adapter')
  const mid = (runs: Latency[], key: 'p50' | 'p99' | 'max') => median(runs.map((r) => r[key]))
  const ratio = (mine: number[], theirs: number[] | undefined) => theirs?.length ? median(mine.map((m, i) => m / theirs[i])) : NaN
  const notes = (runs: Latency[]) => {
    const last = runs[runs.length - 1]
    const missing = runs.reduce((n, r) => n + r.expected - r.delivered, 0)
    return [missing > 0 ? `${fmt(missing)} not delivered` : '', last.lost ? `${last.lost} sockets closed by the server` : '',
      refusals(runs)].filter(Boolean).map((n) => `, ${n}`).join('')
  }
  const room = `a room of ${fmt(sizes.sockets)} on 3 instances`
  const many = `${fmt(sizes.roomCount)} rooms of ${fmt(Math.floor(sizes.sockets / sizes.roomCount))}`
  for (const label of ['bare ws', 'Socket.IO + Redis adapter', 'Latchkey, PostgreSQL', 'Latchkey, NATS']) {
    const runs = byLabel.get(label)
    if (!runs) {
      rows.push(row(`rooms (${label})`, `not run: ${skipped.get(label) ?? 'unknown'}`))
      continue
    }
    const isLatchkey = label.startsWith('Latchkey')
    const p99 = mid(runs.latency, 'p99')
    rows.push(row(`rooms: delivery in ${room} (${label})`, `p50 ${fmt(mid(runs.latency, 'p50'), 1)} ms, p99 ${fmt(p99, 1)} ms, max ${fmt(mid(runs.latency, 'max'), 1)} ms${notes(runs.latency)}`,
      isLatchkey && limit ? rated(ratio(runs.latency.map((r) => r.p99), limit.latency.map((r) => r.p99)), `bare ws p99 ${fmt(mid(limit.latency, 'p99'), 1)} ms`, '<= 1.5', (x) => x <= 1.5) : {}))
    for (const [key, name] of [['one', room], ['many', many]] as const) {
      const throughput = runs[key]
      const rate = median(throughput.map((r) => r.perSecond))
      const publishes = median(throughput.map((r) => r.publishes))
      const harness = median(throughput.map((r) => r.harnessCpu))
      const capped = publishes >= 0.9 * throughput[0].publishCap ? ', at the publishers\' cap: raise BENCH_ROOM_PUBLISHERS'
        : harness > 0.9 ? `, the publishers' process at ${fmt(harness * 100)}% of a core: a floor` : ''
      rows.push(row(`rooms: throughput into ${name} (${label})`, `${fmt(rate)} events/s delivered (${fmt(publishes)} publishes/s${capped})${notes(throughput)}`,
        isLatchkey && socketIo ? rated(ratio(throughput.map((r) => r.perSecond), socketIo[key].map((r) => r.perSecond)), `Socket.IO ${fmt(median(socketIo[key].map((r) => r.perSecond)))} events/s`, '>= 2', (x) => x >= 2) : {}))
    }
  }
  const results = { sizes, skipped: Object.fromEntries(skipped), systems: Object.fromEntries(systems.map((s) => [s.label, s.rounds])) }
  return { rows, results }
}

const rated = (ratio: number, ceiling: string, target: string, ok: (x: number) => boolean): Partial<Row> =>
  ({ ceiling, ratio: fmt(ratio, 2), target, ok: Number.isNaN(ratio) ? null : ok(ratio) })
