/**
 * `npm run bench -- --only=flood`: a login flood at ten times the service's own login capacity,
 * and what it does to everyone else (section 20's bound: health, refresh and an authenticated
 * request keep their p99 within max(2x, +25 ms) of the unloaded figure).
 *
 * As an operator would see it: the service in production mode at its default LOG_LEVEL (info;
 * BENCH_LOG_LEVEL to change), its log written to a file. The capacity (correct logins a second,
 * 16 at a time) is measured first; the flood (a wrong password, at ten times that, evenly) is
 * sent by test/faults/flood.ts from a process of its own at nice 10, and the probes are timed by
 * test/faults/probe.ts in another, one sequential keep-alive client each. Cycles of a quiet
 * window then a flood, so that a neighbour's load falls on both; the p99 of each window, and the
 * event loop's p99 delay over it from /metrics (prom-client's monitorEventLoopDelay, reset at
 * each scrape).
 */
import { fork, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'
import { ROOT } from '../paths.js'
import { freePort, startEmbedded, type EmbeddedDatabase } from '../db/embedded.js'
import { markdownTable, median, percentile, SERVER_NODE } from './lib.js'
import type { Probed } from '../test/faults/probe.js'

const PROBES = ['health', 'refresh', 'me'] as const
const PASSWORD = 'bench-password-1'
const log = (line: string) => console.error(`# ${line}`)

async function post (url: string, body: unknown): Promise<{ status: number, body: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: await res.json().catch(() => null) }
}

/** Correct logins a second, `connections` at a time for `seconds`. */
async function capacity (base: string, email: string, connections: number, seconds: number): Promise<number> {
  const until = Date.now() + seconds * 1000
  let ok = 0
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      if ((await post(`${base}/v1/users/login`, { email, password: PASSWORD })).status === 201) ok++
    }
  }))
  return ok / seconds
}

/** CPU seconds (user and system, every thread) a process has used so far (Linux /proc). */
function cpuSeconds (pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** nodejs_eventloop_lag_p99_seconds since the previous scrape, in ms. */
async function loopLagP99 (metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text()
  return Number(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(text)?.[1] ?? NaN) * 1000
}

export async function floodBench (opts: { quick: boolean }): Promise<void> {
  const cycles = opts.quick ? 1 : 3
  const floodSeconds = opts.quick ? 3 : 6
  const quietMs = opts.quick ? 2000 : 4000
  const scratch = mkdtempSync(join(tmpdir(), 'latchkey-flood-'))
  chmodSync(scratch, 0o755)
  let embedded: EmbeddedDatabase | undefined
  let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    embedded = await startEmbedded({ dir: join(scratch, 'pg'), port: await freePort(), persistent: false })
    adminUrl = embedded.url
  }
  const dbName = `latchkey_flood_${randomBytes(4).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${dbName}"`)
  const port = await freePort()
  const metricsPort = await freePort()
  const base = `http://127.0.0.1:${port}`
  const logFile = openSync(join(scratch, 'service.log'), 'w')
  const service = spawn(SERVER_NODE, ['--max-semi-space-size=4', join(ROOT, 'dist', 'cli.js'), 'serve'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString(),
      ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
      REFRESH_TOKEN_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://mail.invalid:25',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      // Every login is counted, none refused by a limit: what is measured is the hashing queue's refusal.
      RATE_LIMIT_MAX: '1000000000',
      LOGIN_RATE_LIMIT_MAX: '1000000000',
      LOGIN_LOCKOUT_THRESHOLD: '0'
    },
    stdio: ['ignore', logFile, logFile]
  })
  const children: Array<{ kill: (signal?: NodeJS.Signals) => boolean }> = [service]
  try {
    for (let i = 0; ; i++) {
      if (service.exitCode !== null) throw new Error(`the service exited with ${service.exitCode} (${join(scratch, 'service.log')})`)
      if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break
      if (i > 600) throw new Error('the service did not start')
      await sleep(100)
    }
    const email = `flood-${randomBytes(4).toString('hex')}@example.com`
    const registered = await post(`${base}/v1/users/register`, { email, password: PASSWORD })
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`)
    const rate = await capacity(base, email, 16, opts.quick ? 3 : 5)
    // BENCH_FLOOD_FACTOR: the flood as a multiple of the capacity (10 by default, section 20's figure).
    const floodRate = Math.round(Number(process.env.BENCH_FLOOD_FACTOR ?? 10) * rate)
    log(`login capacity ${rate.toFixed(0)}/s; flood ${floodRate}/s for ${floodSeconds} s, ${cycles} cycles`)

    const probe = fork(join(ROOT, 'test', 'faults', 'probe.ts'),
      [JSON.stringify({ base, email, password: PASSWORD, token: registered.body.token, refreshToken: registered.body.refreshToken })],
      { execArgv: ['--import', 'tsx'], cwd: ROOT })
    children.push(probe)
    const run = (ms: number) => new Promise<Record<string, Probed[]>>((resolve) => {
      probe.once('message', (out) => resolve(out as Record<string, Probed[]>))
      probe.send({ names: PROBES, ms })
    })
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`
    await run(1000) // warm-up
    const quiet: Array<Record<string, number>> = []
    const flooded: Array<Record<string, number>> = []
    const statuses: Record<string, number> = {}
    let serviceCpu = 0
    for (let cycle = 0; cycle < cycles; cycle++) {
      await loopLagP99(metricsUrl)
      const q = await run(quietMs)
      quiet.push({ ...Object.fromEntries(PROBES.map((n) => [n, percentile(q[n].map((r) => r.ms), 99)])), loop: await loopLagP99(metricsUrl) })
      const flood = spawn('nice', ['-n', '10', process.execPath, '--import', 'tsx', join(ROOT, 'test', 'faults', 'flood.ts'), `${base}/v1/users/login`,
        String(floodRate), String(floodSeconds), '200', JSON.stringify({ email, password: 'a wrong password' })], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
      children.push(flood)
      let report = ''
      flood.stdout!.on('data', (d) => { report += d })
      const done = new Promise((resolve) => flood.on('exit', resolve))
      const cpuBefore = cpuSeconds(service.pid!)
      await sleep(1000)
      await loopLagP99(metricsUrl)
      const f = await run((floodSeconds - 2) * 1000)
      flooded.push({ ...Object.fromEntries(PROBES.map((n) => [n, percentile(f[n].map((r) => r.ms), 99)])), loop: await loopLagP99(metricsUrl) })
      await done
      serviceCpu += cpuSeconds(service.pid!) - cpuBefore
      for (const [code, { count }] of Object.entries(JSON.parse(report).statusCodeStats as Record<string, { count: number }>)) statuses[code] = (statuses[code] ?? 0) + count
    }
    probe.disconnect()

    const rows = [...PROBES, 'loop' as const].map((name) => {
      const unloaded = median(quiet.map((w) => w[name]))
      const during = median(flooded.map((w) => w[name]))
      const bound = Math.max(2 * unloaded, unloaded + 25)
      return [name === 'loop' ? 'event loop delay' : name, `${unloaded.toFixed(1)} ms`, `${during.toFixed(1)} ms`, `${(during / unloaded).toFixed(1)}x`,
        name === 'loop' ? '' : `${bound.toFixed(0)} ms`, name === 'loop' ? '' : during <= bound ? 'ok' : 'MISSED']
    })
    console.log(`login capacity ${rate.toFixed(0)}/s, flood ${floodRate}/s (nice 10), LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'info'}; ` +
      `flood answers ${JSON.stringify(statuses)}; the service's CPU over the floods ${serviceCpu.toFixed(1)} s ` +
      `(${(serviceCpu * 1e6 / Object.values(statuses).reduce((a, b) => a + b, 0)).toFixed(0)} µs per flood request); median of ${cycles} cycles' p99`)
    console.log(markdownTable(['probe', 'unloaded p99', 'flood p99', 'ratio', 'bound', ''], rows))
    const file = join(ROOT, 'bench', 'results', `flood-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, JSON.stringify({ rate, floodRate, statuses, serviceCpu, quiet, flooded }, null, 2))
    log(`written ${file}`)
  } finally {
    for (const child of children) child.kill('SIGKILL')
    closeSync(logFile)
    await sleep(200)
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {})
    await admin.end({ timeout: 5 })
    await embedded?.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}
