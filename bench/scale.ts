/**
 * The scale scenarios, opt-in (`npm run bench -- --only=sessions`, `--only=sockets`; `--quick`
 * for a small run that only proves they work). `sessions`: refresh p99 with 100,000 session rows,
 * then with BENCH_SESSIONS (10,000,000), then refreshes arriving at BENCH_PRUNE_RATE a second (200)
 * before and while V1PruneSessionsTask deletes BENCH_DEAD (1,000,000) dead rows. `sockets`: RSS
 * of BENCH_SOCKETS (50,000) idle authenticated sockets on one instance and its open-file limit,
 * then publishes to a room of BENCH_ROOM (10,000).
 */
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'
import WebSocket from 'ws'
import { hash } from '@node-rs/argon2'
import { v7 as uuidv7 } from 'uuid'
import { ARGON2_OPTIONS } from '../plugins/accounts/passwords.js'
import { hashToken } from '../plugins/accounts/tokens.js'
import { percentile, rssMb, type Service } from './lib.js'
import { deliveries, type Client } from './sockets.js'

type Row = { scenario: string, value: string, ceiling: string, ratio: string, target: string, ok: null }
const env = (name: string, full: number, quick: number, isQuick: boolean) => Number(process.env[name] ?? (isQuick ? quick : full))
const ms = (n: number) => `${n.toFixed(1)} ms`
const row = (scenario: string, value: string): Row => ({ scenario, value, ceiling: '', ratio: '', target: '', ok: null })

/** The scale scenarios `only` names, each only when named (never in a plain `npm run bench`): their rows. */
export async function scaleScenarios (only: string[], url: string, service: Service, quick: boolean, log: (line: string) => void): Promise<Row[]> {
  return [
    ...(only.includes('sessions') ? await sessionsScenario(url, service, quick, log) : []),
    ...(only.includes('sockets') ? await socketsScenario(service, quick, log) : [])
  ]
}

/**
 * Refreshes started at a fixed `rate` per second whatever the answers take (an open load, as
 * clients arrive in production), each on a token of its own, until `until()`: the latency of each.
 * Unlike the closed chains of `refreshLoad`, a slower answer does not slow the arrivals down, so a
 * delay shows as itself rather than as fewer requests.
 */
async function pacedRefreshes (service: Service, tokens: string[], rate: number, until: () => boolean) {
  const latencies: number[] = []
  let failed = 0
  const inFlight: Array<Promise<void>> = []
  const start = performance.now()
  for (let i = 0; !until() && tokens.length; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await sleep(wait)
    const token = tokens.pop()!
    inFlight.push((async () => {
      const started = performance.now()
      const res = await fetch(`${service.url}/v1/users/refresh`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: token })
      })
      await res.arrayBuffer()
      latencies.push(performance.now() - started)
      if (res.status !== 200) failed++
    })())
  }
  await Promise.all(inFlight)
  return summary(latencies, failed)
}

function summary (latencies: number[], failed: number) {
  return {
    p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), p999: percentile(latencies, 99.9),
    max: latencies.reduce((a, b) => Math.max(a, b), -Infinity), over50: latencies.filter((l) => l > 50).length, count: latencies.length, failed
  }
}

/** Timed refreshes from `concurrency` chains for `seconds` (each chain rotates its own token). */
async function refreshLoad (service: Service, tokens: string[], concurrency: number, until: () => boolean) {
  const latencies: number[] = []
  let failed = 0
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (!until() && tokens.length) {
      let token = tokens.pop()!
      for (let i = 0; i < 20 && !until(); i++) {
        const started = performance.now()
        const res = await fetch(`${service.url}/v1/users/refresh`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: token })
        })
        const body = await res.json() as { refreshToken?: string }
        latencies.push(performance.now() - started)
        if (res.status !== 200 || !body.refreshToken) { failed++; break }
        token = body.refreshToken
      }
    }
  }))
  return summary(latencies, failed)
}

/**
 * What the database's other backends (the service's refreshes) wait on while `until()` is false,
 * sampled every 20 ms: the count of each wait event among active backends other than the prune's
 * statement (its window statement begins `with b as`), and how many of them were blocked by a lock
 * another backend held (pg_blocking_pids).
 */
async function waits (sql: postgres.Sql, until: () => boolean) {
  const events = new Map<string, number>()
  let samples = 0
  let blocked = 0
  while (!until()) {
    const rows = await sql`select coalesce(wait_event_type || ':' || wait_event, 'cpu') as event, cardinality(pg_blocking_pids(pid)) > 0 as blocked
      from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
        and backend_type = 'client backend' and query not like 'with b as%'`
    samples++
    for (const r of rows) {
      events.set(r.event, (events.get(r.event) ?? 0) + 1)
      if (r.blocked) blocked++
    }
    await sleep(20)
  }
  const top = [...events].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([e, n]) => `${e} ${n}`).join(', ')
  return { samples, blocked, top }
}

const forSeconds = (seconds: number) => { const end = Date.now() + seconds * 1000; return () => Date.now() > end }

export async function sessionsScenario (url: string, service: Service, quick: boolean, log: (line: string) => void): Promise<Row[]> {
  const total = env('BENCH_SESSIONS', 10_000_000, 200_000, quick)
  const dead = env('BENCH_DEAD', 1_000_000, 20_000, quick)
  const small = Math.min(100_000, total)
  const seconds = quick ? 3 : 20
  const sql = postgres(url, { max: 4, onnotice: () => {} })
  const rows: Row[] = []
  // Each row is logged as it is measured: the full-size run takes about 20 minutes.
  const push = (r: Row) => { rows.push(r); log(`${r.scenario}: ${r.value}`) }
  try {
    const user = uuidv7()
    await sql`insert into users (id, email, password) values (${user}, 'scale@example.com', ${await hash('scale-password', ARGON2_OPTIONS)})`
    const live = async (count = 2000): Promise<string[]> => {
      if (count > 2000) return (await Promise.all(Array.from({ length: Math.ceil(count / 2000) }, () => live()))).flat()
      const raw = Array.from({ length: count }, () => randomBytes(32).toString('hex'))
      return sql`insert into user_sessions (id, user_id, refresh_token_hash, expires_at) select * from unnest(
        ${raw.map(() => uuidv7())}::uuid[], ${raw.map(() => user)}::uuid[], ${raw.map(hashToken)}::text[],
        ${raw.map(() => new Date(Date.now() + 86400_000).toISOString())}::timestamptz[])`.then(() => raw)
    }
    // Filler rows as the service makes them: UUIDv7 ids of their creation time, inserted in that
    // order, spread evenly from `from` to `to` (ms), expiring 30 days after creation; random
    // hashes, in 500,000-row statements.
    const day = 86400_000
    const fill = async (count: number, from: number, to: number) => {
      for (let done = 0; done < count; done += 500_000) {
        const n = Math.min(500_000, count - done)
        await sql`insert into user_sessions (id, user_id, refresh_token_hash, expires_at)
          select (lpad(to_hex(m), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
            ${user}, md5(random()::text) || md5(random()::text), to_timestamp((m + ${30 * day}) / 1000.0)
          from (select (${from}::bigint + (${to - from}::bigint * (${done}::bigint + i)) / ${count}::bigint) as m from generate_series(1, ${n}) i) t`
      }
    }
    // After each stage: statistics, and a checkpoint so that the stage's dirty pages are written
    // before the next measurement rather than during it.
    const settle = async () => { await sql`vacuum analyze user_sessions`; await sql`checkpoint` }
    const now = Date.now()
    const future = [now - 29 * day, now - 60_000] as const
    log(`sessions: ${small} rows`)
    await fill(small - 2000, ...future)
    let tokens = await live()
    await settle()
    const at100k = await refreshLoad(service, tokens, 8, forSeconds(seconds))
    push(row(`refresh with ${small.toLocaleString('en-US')} session rows`, `p50 ${ms(at100k.p50)}, p99 ${ms(at100k.p99)}, ${at100k.count} refreshes, ${at100k.failed} failed`))

    log(`sessions: growing to ${total} rows`)
    const started = Date.now()
    await fill(total - small, ...future)
    tokens = await live()
    await settle()
    log(`sessions: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    const atTotal = await refreshLoad(service, tokens, 8, forSeconds(seconds))
    push(row(`refresh with ${total.toLocaleString('en-US')} session rows`, `p50 ${ms(atTotal.p50)}, p99 ${ms(atTotal.p99)} (${(atTotal.p99 / at100k.p99).toFixed(2)}x), ${atTotal.count} refreshes, ${atTotal.failed} failed`))

    log(`sessions: ${dead} dead rows, pruned while refresh runs`)
    await fill(dead, now - 100 * day, now - 62 * day)
    // Refreshes arrive at a fixed rate (a quarter of what this machine answers): the same before and during.
    const rate = env('BENCH_PRUNE_RATE', 200, 200, quick)
    const before = await live(rate * seconds)
    tokens = await live(rate * (quick ? 60 : 900))
    const warm = await live(rate)
    await settle()
    await pacedRefreshes(service, warm, rate, forSeconds(1)) // unmeasured: the same connections warm on both sides
    const baselineEnd = forSeconds(seconds)
    const [baseline, baselineWaits] = await Promise.all([pacedRefreshes(service, before, rate, baselineEnd), waits(sql, baselineEnd)])
    const deadLeft = async () => (await sql`select count(*)::int as n from user_sessions where expires_at < now() - interval '31 days'`)[0].n as number
    const pruneStarted = Date.now()
    const [job] = await sql`select id from graphile_worker.add_job('V1PruneSessionsTask', '{}'::json)`
    // The job's row goes when the task succeeds; watching it costs nothing (counting the dead rows
    // would scan the table and load the database the refreshes share).
    let pruned = false
    const watcher = (async () => { while ((await sql`select 1 from graphile_worker.jobs where id = ${job.id}`).length) await sleep(250); pruned = true })()
    const duringEnd = () => pruned || Date.now() - pruneStarted > 900_000
    const [during, duringWaits] = await Promise.all([pacedRefreshes(service, tokens, rate, duringEnd), waits(sql, duringEnd)])
    await watcher
    const left = await deadLeft()
    if (left) throw new Error(`the prune left ${left} dead rows`)
    push(row(`V1PruneSessionsTask: ${dead.toLocaleString('en-US')} dead rows`, `gone in ${((Date.now() - pruneStarted) / 1000).toFixed(1)} s`))
    push(row(`refresh at ${rate}/s before / during the prune`, `p50 ${ms(baseline.p50)} / ${ms(during.p50)}, p90 ${ms(baseline.p90)} / ${ms(during.p90)}, ` +
      `p99 ${ms(baseline.p99)} / ${ms(during.p99)}, p99.9 ${ms(baseline.p999)} / ${ms(during.p999)}, max ${ms(baseline.max)} / ${ms(during.max)}, ` +
      `over 50 ms ${baseline.over50} / ${during.over50} (${baseline.count} / ${during.count} refreshes, ${baseline.failed} / ${during.failed} failed)`))
    push(row('the other backends\' waits before / during the prune (every 20 ms)', `${baselineWaits.samples} / ${duringWaits.samples} samples; ` +
      `blocked by a lock ${baselineWaits.blocked} / ${duringWaits.blocked}; before: ${baselineWaits.top}; during: ${duringWaits.top}`))
  } finally {
    await sql.end({ timeout: 5 })
  }
  return rows
}

/** An authenticated socket that joins `rooms`, from the local address `from` (one address has about 28,000 ports). */
function socket (service: Service, token: string, rooms: string[], from: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${service.url.replace(/^http/, 'ws')}/v1/ws`, { headers: { authorization: `jwt-user ${token}` }, localAddress: from })
    const client: Client = { socket: ws, arrivals: new Map() }
    let pending = rooms.length
    ws.on('open', () => { if (!pending) resolve(client); for (const room of rooms) ws.send(JSON.stringify({ type: 'join', room })) })
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data))
      if (frame.type === 'event') client.arrivals.set(frame.data.postId, performance.now())
      else if (frame.type === 'joined' && --pending === 0) resolve(client)
    })
    ws.on('error', reject)
  })
}

async function many (service: Service, token: string, rooms: string[], count: number, offset: number): Promise<Client[]> {
  const clients: Client[] = []
  for (let i = 0; i < count; i += 500) {
    clients.push(...await Promise.all(Array.from({ length: Math.min(500, count - i) }, (_, j) =>
      socket(service, token, rooms, `127.0.0.${2 + Math.floor((offset + i + j) / 20_000)}`))))
  }
  return clients
}

export async function socketsScenario (service: Service, quick: boolean, log: (line: string) => void): Promise<Row[]> {
  const registered = await fetch(`${service.url}/v1/users/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `scale-${randomBytes(4).toString('hex')}@example.com`, password: 'scale-password' })
  })
  const token = (await registered.json() as { token: string }).token
  const idle = env('BENCH_SOCKETS', 50_000, 1000, quick)
  const room = env('BENCH_ROOM', 10_000, 500, quick)
  const limits = readFileSync(`/proc/${service.pid}/limits`, 'utf8').split('\n').find((l) => l.startsWith('Max open files'))!
  const rows: Row[] = [row('service open-file limit (soft, hard)', limits.split(/\s{2,}/).slice(1, 3).join(', '))]
  const before = rssMb(service.pid)
  log(`sockets: ${idle} idle authenticated sockets`)
  const idleClients = await many(service, token, [], idle, 0)
  await sleep(2000)
  const after = rssMb(service.pid)
  rows.push(row(`RSS with ${idle.toLocaleString('en-US')} idle sockets`, `${after.toFixed(0)} MB (${before.toFixed(0)} MB before, ${((after - before) * 1024 / idle).toFixed(1)} KB each)`))
  log(`sockets: a room of ${room}`)
  const members = await many(service, token, ['FEED'], room, idle)
  const published: Array<{ postId: string, respondedAt: number }> = []
  const call = async (path: string, body: unknown) => {
    const res = await fetch(service.url + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `jwt-user ${token}` }, body: JSON.stringify(body) })
    return { status: res.status, json: await res.json() as any, at: performance.now() }
  }
  for (let i = 0; i < (quick ? 5 : 20); i++) {
    const created = await call('/v1/posts/create', { title: `room ${i}` })
    const res = await call('/v1/posts/publish', { postId: created.json.post.id })
    if (res.status !== 200) throw new Error(`publish failed: ${JSON.stringify(res.json)}`)
    published.push({ postId: created.json.post.id, respondedAt: res.at })
    await deliveries(members, published.slice(-1), 10_000)
  }
  const delivery = await deliveries(members, published, 10_000)
  rows.push(row(`publish to a room of ${room.toLocaleString('en-US')}`, `p50 ${ms(delivery.p50)}, p99 ${ms(delivery.p99)}, max ${ms(delivery.max)}, ${delivery.delivered} of ${delivery.expected} delivered`))
  for (const c of [...idleClients, ...members]) c.socket.terminate()
  return rows
}
