/**
 * `npx tsx bench/webhook-cost.ts [--webhook]`: what one audited event costs in CPU time, with an
 * endpoint subscribed to `*` (--webhook: every event delivered to bench/webhooks.ts's https
 * receiver) or none. The service runs as in `npm run bench` (production, its worker in process) on
 * a database of its own on TEST_DATABASE_URL's server; N audit rows (BENCH_EVENTS, default 6000)
 * are inserted at BENCH_EVENT_RATE a second (300), then it waits for every delivery. Printed: the
 * CPU seconds of the service process (every thread), of that database's PostgreSQL backends and of
 * the receiver, per event. CPU time, unlike throughput, barely moves with what else the machine
 * runs, so two builds compare on a busy machine too (bench/README.md, "Webhooks").
 */
import { execFileSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'
import { ROOT } from '../paths.js'
import { freePort } from '../db/embedded.js'
import { startProcess } from './lib.js'
import { webhookOption } from './webhooks.js'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 6000)
const RATE = Number(process.env.BENCH_EVENT_RATE ?? 300)
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const CLOCK_TICKS = 100

/** User and system CPU seconds of a process (all its threads), 0 once it is gone. */
function cpuOf (pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return 0
  }
}
const pids = (match: (cmdline: string) => boolean) => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
  try {
    return match(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))
  } catch {
    return false
  }
})

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
const name = `latchkey_hookcost_${randomBytes(4).toString('hex')}`
await admin.unsafe(`create database "${name}"`)
const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString()
execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'migrate'], { env: { ...process.env, DATABASE_URL: url }, stdio: 'ignore' })
const hook = await webhookOption((line) => console.error(`# ${line}`))
const service = await startProcess(['--max-semi-space-size=4', join(ROOT, 'dist', 'cli.js'), 'serve'], {
  ...hook?.env, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', PUBLIC_URL: 'http://127.0.0.1', DATABASE_URL: url, LOG_LEVEL: 'warn', WORKER_ENABLED: 'true',
  ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'), REFRESH_TOKEN_SECRET: randomBytes(32).toString('hex')
}, await freePort())
const sql = postgres(url, { max: 4, onnotice: () => {} })
try {
  await hook?.register(url)
  const snapshot = () => ({
    service: cpuOf(service.pid),
    postgres: new Map(pids((c) => c.includes(` ${name} `)).map((pid) => [pid, cpuOf(pid)])),
    receiver: pids((c) => c.includes('createServer')).reduce((sum, pid) => sum + cpuOf(pid), 0)
  })
  await sleep(3000)
  const before = snapshot()
  const started = Date.now()
  for (let i = 0; i < EVENTS; i++) {
    await sql`insert into audit_events (id, event, account_type, data) values (${randomUUID()}, 'login.succeeded', 'user', '{}')`
    const wait = started + ((i + 1) * 1000) / RATE - Date.now()
    if (wait > 0) await sleep(wait)
  }
  while (hook && (await sql`select count(*)::int as n from webhook_deliveries where status <> 'delivered'`)[0].n > 0) await sleep(200)
  const after = snapshot()
  const postgresSec = [...after.postgres].reduce((sum, [pid, cpu]) => sum + cpu - (before.postgres.get(pid) ?? 0), 0)
  const perEvent = (seconds: number) => Number((seconds * 1000 / EVENTS).toFixed(3))
  console.log(JSON.stringify({
    webhook: Boolean(hook), events: EVENTS, seconds: (Date.now() - started) / 1000,
    cpuMsPerEvent: { service: perEvent(after.service - before.service), postgres: perEvent(postgresSec), receiver: perEvent(after.receiver - before.receiver) }
  }))
} finally {
  await sql.end()
  await service.stop()
  hook?.close()
  await admin.unsafe(`drop database "${name}" with (force)`)
  await admin.end()
}
