/**
 * A login flood at ten times what this machine hashes (docs/behaviour.md#overload), against
 * `latchkey serve` in a process of its own, the flood sent at an even rate by flood.ts and the
 * probes timed by probe.ts, each in a process of its own: /health, /ready, refresh and an
 * authenticated route keep their p99 within 2x (or 50 ms) of the quiet windows around each of
 * five floods (the median of the five), no request waits 2 s, the logins beyond the bound
 * are refused with 503 and Retry-After: 1, and logins succeed again as soon as the flood stops.
 */
import { fork, spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { hash } from '@node-rs/argon2'
import t from 'tap'
import { ROOT } from '../../paths.js'
import { ARGON2_OPTIONS } from '../../plugins/accounts/passwords.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { HASHING_AT_ONCE, RUNNING_AT_ONCE } from '../../plugins/accounts/admission.js'
import { serve } from '../fixtures/serve.js'
import { build, cloneDatabase } from '../helpers/app.js'
import { ENV, PASSWORD, createTestAccount, login, uniqueEmail } from '../helpers/accounts.js'
import { call, type Timed } from './load.js'
import type { Probed } from './probe.js'

/** Hashes per second this machine does now, one per core at once. */
async function hashRate (): Promise<number> {
  const until = Date.now() + 2000
  let done = 0
  await Promise.all(Array.from({ length: availableParallelism() }, async () => {
    while (Date.now() < until) {
      await hash(PASSWORD, ARGON2_OPTIONS)
      done++
    }
  }))
  return done / 2
}

const quantile = (ms: number[], q: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * q))]
const p99 = (ms: number[]) => quantile(ms, 0.99)
const spread = (timed: Probed[]) => {
  const ms = timed.map((r) => r.ms)
  return `p50 ${quantile(ms, 0.5)}, p90 ${quantile(ms, 0.9)}, p99 ${quantile(ms, 0.99)}, max ${Math.max(...ms)} ms (${ms.length})`
}

/** The probes' process (probe.ts): `run(names, ms)` times those probes for `ms`, by probe. */
function prober (t: { teardown: (fn: () => unknown) => void }, setup: Record<string, string>) {
  const child = fork(join(ROOT, 'test', 'faults', 'probe.ts'), [JSON.stringify(setup)], { execArgv: ['--import', 'tsx'], cwd: ROOT })
  t.teardown(() => { if (child.connected) child.disconnect() })
  return (names: readonly string[], ms: number) => new Promise<Record<string, Probed[]>>((resolve) => {
    child.once('message', (out) => resolve(out as Record<string, Probed[]>))
    child.send({ names, ms })
  })
}

t.test('a login flood at 10x the hashing rate leaves every other route its latency', async (t) => {
  const rate = await hashRate()
  // Within the docs' advice (under a second of what the service hashes, on every core of the
  // machine), with room for the hashing to slow down under the flood.
  const queue = Math.max(2, Math.round(0.5 * rate * HASHING_AT_ONCE / availableParallelism()))
  const { url, drop } = await cloneDatabase()
  t.teardown(drop)
  const server = await serve(t, {
    DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'warn', MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false',
    RATE_LIMIT_MAX: '100000000', LOGIN_RATE_LIMIT_MAX: '100000000', LOGIN_LOCKOUT_THRESHOLD: '0', PASSWORD_HASH_QUEUE: String(queue)
  })
  const base = `http://127.0.0.1:${server.port}`
  t.equal((await server.waitFor('/health'))?.status, 200, 'the service is up')

  const email = uniqueEmail('flood')
  const registered = await call(base, '/v1/users/register', { email, password: PASSWORD })
  t.equal(registered.status, 201, 'a user registers')
  const probe = prober(t, { base, email, password: PASSWORD, token: registered.body.token, refreshToken: registered.body.refreshToken })
  const compared = ['health', 'ready', 'me', 'refresh'] as const
  // The quiet windows hash nothing: the login probe runs during the floods only.
  const underFlood = [...compared, 'login'] as const
  // Warm-up: connections, prepared statements, the JIT.
  await probe(compared, 1000)

  // Cycles of quiet then flood, so that a neighbour's load on this shared machine falls on both.
  // The flood runs at the lowest CPU priority: a flood comes from other machines, and sending it
  // must not take this machine's cores from the service or the probes.
  const floodRate = Math.round(rate * 10)
  const cycles = 5
  const seconds = 4
  // Each window's probes, in order: quiet windows before each flood and after the last.
  const quietWindows: Array<Record<string, Probed[]>> = []
  const floodWindows: Array<Record<string, Probed[]>> = []
  const floods: any[] = []
  let recovery = 0
  let recovered: Timed | undefined
  for (let cycle = 0; cycle < cycles; cycle++) {
    quietWindows.push(await probe(compared, 2500))
    const flood = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', join(ROOT, 'test', 'faults', 'flood.ts'), `${base}/v1/users/login`,
      String(floodRate), String(seconds), String(queue + 100), JSON.stringify({ email, password: 'a wrong password' })],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
    let report = ''
    flood.stdout!.on('data', (d) => { report += d })
    const floodDone = new Promise((resolve) => flood.on('exit', resolve))
    t.teardown(() => { if (flood.exitCode === null) flood.kill('SIGKILL') })
    await sleep(1000)
    floodWindows.push(await probe(underFlood, (seconds - 1.5) * 1000))
    await floodDone
    floods.push(JSON.parse(report))
    const stoppedAt = Date.now()
    while (Date.now() - stoppedAt < 5000) {
      recovered = await call(base, '/v1/users/login', { email, password: PASSWORD })
      if (recovered.status === 201) break
      await sleep(20)
    }
    recovery = Math.max(recovery, Date.now() - stoppedAt)
    if (recovered?.status !== 201) break
  }
  quietWindows.push(await probe(compared, 2500))
  const merged = (windows: Array<Record<string, Probed[]>>) => Object.fromEntries(
    underFlood.map((name) => [name, windows.flatMap((w) => w[name] ?? [])])) as Record<string, Probed[]>
  const quiet = merged(quietWindows)
  const during = merged(floodWindows)

  const statuses: Record<string, { count: number }> = {}
  for (const f of floods) {
    for (const [code, { count }] of Object.entries(f.statusCodeStats as Record<string, { count: number }>)) (statuses[code] ??= { count: 0 }).count += count
  }
  const flooded = { latency: { p99: Math.max(...floods.map((f) => f.latency.p99)), max: Math.max(...floods.map((f) => f.latency.max)) },
    errors: floods.reduce((n, f) => n + f.errors, 0), timeouts: floods.reduce((n, f) => n + f.timeouts, 0) }
  const logins = Object.values(statuses).reduce((n, s) => n + s.count, 0)
  t.comment(`hash rate ${rate}/s, PASSWORD_HASH_QUEUE=${queue}, flood ${floodRate}/s asked, ${logins} logins sent ` +
    `(${JSON.stringify(Object.fromEntries(Object.entries(statuses).map(([k, v]) => [k, v.count])))}), ` +
    `login latency p99 ${flooded.latency.p99} ms, max ${flooded.latency.max} ms`)
  t.equal(floods.length, cycles, `${cycles} floods of ${seconds} s`)
  t.ok(logins >= floodRate * seconds * cycles * 0.5, `the flood reached the service (${logins} logins in ${cycles} x ${seconds} s)`)
  t.ok((statuses['503']?.count ?? 0) > logins / 2, `most logins were refused with 503 (${statuses['503']?.count})`)
  t.ok((statuses['400']?.count ?? 0) > 0, `the logins within the bound ran (${statuses['400']?.count} wrong passwords)`)
  t.same(Object.keys(statuses).filter((s) => s !== '400' && s !== '503'), [], 'no other status (no 500, no timeout)')
  // The flood runs niced on a busy machine: its own latencies include its waits for a core, so
  // the 2 s bound is checked on the login probe below, sent like the other probes.
  t.comment(`the flood's slowest login as it timed it: ${flooded.latency.max} ms`)
  const logins2 = during.login
  t.ok(logins2.length >= 5, `login probe: ${logins2.length} logins during the flood`)
  t.same([...new Set(logins2.map((r) => r.status))].filter((s) => s !== 201 && s !== 503), [], 'login probe: each one 201 or 503')
  t.ok(Math.max(...logins2.map((r) => r.ms)) < 2000, `login probe: none waited 2 s (the slowest ${Math.max(...logins2.map((r) => r.ms))} ms)`)
  t.equal(flooded.errors + flooded.timeouts, 0, 'no connection error or timeout')

  for (const name of compared) {
    t.comment(`${name}: quiet ${spread(quiet[name])}; flood ${spread(during[name])}`)
    t.ok(during[name].length > 100, `${name}: ${during[name].length} requests during the flood`)
    t.same([...new Set(during[name].map((r) => r.status))], [200], `${name}: every one answered 200`)
    // Each flood against the quiet windows on either side of it, within 2x with 50 ms of slack (an
    // unloaded p99 of a few milliseconds doubles with any scheduler hiccup of a shared 2-core
    // machine); the median of the floods, so that a neighbour's burst in one window does not
    // decide (bench/README.md#overload has the ratios).
    const ratios = floodWindows.map((w, c) => {
      const unloaded = p99([...quietWindows[c][name], ...quietWindows[c + 1][name]].map((r) => r.ms))
      return p99(w[name].map((r) => r.ms)) / Math.max(2 * unloaded, unloaded + 50)
    })
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]
    t.ok(median <= 1, `${name}: each flood's p99 against the quiet p99 around it, within 2x or 50 ms: median ${median.toFixed(2)} of the bound (${ratios.map((r) => r.toFixed(2)).join(', ')})`)
    t.ok(Math.max(...during[name].map((r) => r.ms)) < 2000, `${name}: none waited 2 s`)
  }
  t.equal(recovered?.status, 201, 'a login succeeds once each flood stops')
  t.ok(recovery < 2000, `within ${recovery} ms at most`)
  t.comment(`${availableParallelism()} cores`)
})

// The strict form of overload.test.ts's "the default bound lets concurrent logins through": the
// count is what this machine hashes in a quarter of a second now, so the last one's turn comes well
// within the second a waiting login is given (about 0.35 s at the logins' 0.7 of the raw rate).
t.test('with the default bound, the logins this machine hashes in a quarter of a second, sent at once, each 201', async (t) => {
  const n = Math.max(RUNNING_AT_ONCE + 1, Math.floor(await hashRate() / 4))
  const app = await build(t, { env: ENV })
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const responses = await Promise.all(Array.from({ length: n }, () =>
    login(app, ACCOUNT_TYPES.user, { email: account.email, password: account.password })))
  t.same(responses.map((res) => res.statusCode), responses.map(() => 201), `${n} logins, each served in its turn`)
})
