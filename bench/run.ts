/** `npm run bench [-- --quick]`: the service in production mode on a fresh database of its own, driven over
 * loopback, next to the ceilings measured in the same run. Prints one table and writes bench/results/<timestamp>.json. */
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'
import { hash } from '@node-rs/argon2'
import { v7 as uuidv7 } from 'uuid'
import { ROOT } from '../paths.js'
import { freePort, startEmbedded, type EmbeddedDatabase } from '../db/embedded.js'
import { ARGON2_OPTIONS } from '../plugins/accounts/passwords.js'
import { DEFAULT_DB_POOL_SIZE } from '../plugins/core/config.js'
import { hashToken } from '../plugins/accounts/tokens.js'
import { markdownTable, measure, median, paired, post, rssMb, runtimes, SERVER_NODE, startProcess, type Service, type Settings } from './lib.js'
import { argon2Ceiling, bareFastifyCeiling, refreshSqlCeiling } from './ceilings.js'
import { closeAll, connect, connectMany, deliveries } from './sockets.js'
import { scaleScenarios } from './scale.js'
import { orgScenarios } from './orgs.js'
import { roomsScenario } from './rooms.js'
import { oidcEnv, oidcScenarios } from './oidc.js'
import { webhookOption } from './webhooks.js'

const quick = process.argv.includes('--quick')
// `--only=refresh,login` runs just those scenarios (with their ceilings); sessions, sockets, rooms and flood (bench/flood.ts,
// alone) run only when named; `--node=<binary>` runs the servers on another Node (lib.ts).
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',')
const want = (scenario: string) => !only || only.includes(scenario)
const OPT_IN = ['sessions', 'sockets', 'rooms'] // named alone, they need the seeded users (one signs in), not their sessions
const settings: Settings = quick ? { quick, warmupSec: 0, durationSec: 2, repetitions: 1 } : { quick, warmupSec: 3, durationSec: 10, repetitions: 3 }
const FANOUT_SOCKETS = quick ? 100 : 1000
const IDLE_SOCKETS = quick ? 500 : 10_000
const PUBLISHES = quick ? 5 : 30
// The service runs with its default pool; the refresh SQL alone is fastest at about 10 connections here (bench/README.md).
const SERVICE_POOL = DEFAULT_DB_POOL_SIZE
const CEILING_POOL = 10
const CONNECTIONS = { health: 50, authenticated: 50, refresh: 32, login: 16 }
// The libuv pool size the service runs with (Node's default); the argon2 ceiling uses at most that.
const THREADS = Number(process.env.UV_THREADPOOL_SIZE ?? 4)
const PASSWORD = 'bench-password-1'
// The service runs as `npm start` runs it (a 4 MB young generation keeps the idle resident set small);
// BENCH_SERVICE_FLAGS adds node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under load.
const NODE_FLAGS = ['--max-semi-space-size=4']
const SERVICE = [...NODE_FLAGS, ...(process.env.BENCH_SERVICE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
  join(ROOT, 'dist', 'cli.js'), 'serve']

const log = (line: string) => console.error(`# ${line}`)

const databaseUrl = (base: string, name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString()

interface Row { scenario: string, value: string, ceiling: string, ratio: string, target: string, ok: boolean | null }
const rows: Row[] = []
const results: Record<string, unknown> = { settings, startedAt: new Date().toISOString() }
const fail = (message: string): never => { throw new Error(message) }
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

/** The median of the per-round ratios: each service run against the reference run beside it. */
function ratioRow (scenario: string, service: { rps: number, runs: number[] }, reference: { rate: number, runs: number[] },
  min: number, unit = 'req/s') {
  const ratio = median(service.runs.map((rps, i) => rps / reference.runs[i]))
  rows.push({ scenario, value: `${fmt(service.rps)} ${unit}`, ceiling: `${fmt(reference.rate)} ${unit}`, ratio: fmt(ratio, 2), target: `>= ${min}`, ok: ratio >= min })
}
const limitRow = (scenario: string, value: number, max: number, unit: string) =>
  rows.push({ scenario, value: `${fmt(value, 1)} ${unit}`, ceiling: '', ratio: '', target: `<= ${max} ${unit}`, ok: value <= max })

async function seed (url: string, users: number, sessionsEach: number) {
  const sql = postgres(url, { max: 4, onnotice: () => {} })
  try {
    const phc = await hash(PASSWORD, ARGON2_OPTIONS)
    const ids = Array.from({ length: users }, () => uuidv7())
    await sql`insert into users (id, email, password) select * from unnest(${ids}::uuid[],
      ${ids.map((_, i) => `bench-${i}@example.com`)}::text[], ${ids.map(() => phc)}::text[])`
    const tokens: string[] = []
    for (let batch = 0; batch < sessionsEach; batch++) {
      const raw = ids.map(() => randomBytes(32).toString('hex'))
      tokens.push(...raw)
      await sql`insert into user_sessions (id, user_id, refresh_token_hash, expires_at)
        select * from unnest(${raw.map(() => uuidv7())}::uuid[], ${ids}::uuid[],
          ${raw.map(hashToken)}::text[], ${raw.map(() => new Date(Date.now() + 86400_000).toISOString())}::timestamptz[])`
    }
    // Vacuumed and analyzed now, so autovacuum does not wake up on these rows mid-measurement.
    await sql`vacuum analyze users, user_sessions`
    return tokens
  } finally {
    await sql.end({ timeout: 5 })
  }
}

async function main () {
  const node = results.node = runtimes()
  log(`servers on Node.js ${node.servers} (${SERVER_NODE}), load generator on ${node.harness}`)
  log('building the service (npm run build)')
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
  // The login flood runs alone: its service logs as in production, and nothing else may load the machine.
  if (only?.includes('flood')) return (await import('./flood.js')).floodBench({ quick })
  let embedded: EmbeddedDatabase | undefined
  let scratch: string | undefined
  let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    scratch = mkdtempSync(join(tmpdir(), 'latchkey-bench-'))
    chmodSync(scratch, 0o755)
    embedded = await startEmbedded({ dir: join(scratch, 'pg'), port: await freePort(), persistent: false })
    adminUrl = embedded.url
    log('no BENCH_DATABASE_URL or TEST_DATABASE_URL: using an embedded PostgreSQL')
  }
  const dbName = `latchkey_bench_${randomBytes(4).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${dbName}"`)
  const url = databaseUrl(adminUrl, dbName)
  const hook = await webhookOption(log)
  const env = {
    ...hook?.env,
    NODE_ENV: 'production',
    // Required in production; the benchmark sends no mail.
    SMTP_URL: 'smtp://mail.invalid:25', PUBLIC_URL: 'http://127.0.0.1', // and the address its mailed links open
    DATABASE_URL: url,
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'),
    REFRESH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000000',
    LOGIN_RATE_LIMIT_MAX: '1000000000', LOGIN_LOCKOUT_THRESHOLD: '1000000', API_KEY_RATE_LIMIT_MAX: '1000000000', // counted, never refused (bench/README.md)
    DB_POOL_SIZE: String(SERVICE_POOL),
    // BENCH_WORKER_ENABLED=false: jobs queue up and nothing runs them (what the requests alone cost).
    WORKER_ENABLED: process.env.BENCH_WORKER_ENABLED ?? 'true', ...oidcEnv(only) // the provider only for --only=oidc
  }
  const services: Service[] = []
  try {
    // The async instance starts first on the empty database, so its idle RSS is a clean start.
    const asyncService = await startProcess(SERVICE, { ...env, PUBLISH_MODE: 'async' }, await freePort())
    services.push(asyncService)
    await sleep(2000)
    const idleRss = rssMb(asyncService.pid)
    limitRow('memory: RSS idle after start', idleRss, 120, 'MB')
    const service = await startProcess(SERVICE, { ...env, PUBLISH_MODE: 'direct' }, await freePort())
    services.push(service)
    rows.push(...await scaleScenarios(only ?? [], url, service, quick, log))
    if (only?.includes('rooms')) rows.push(...(results.rooms = await roomsScenario({ settings, adminUrl, env, service: SERVICE, nodeFlags: NODE_FLAGS, log })).rows)
    const perUser = quick ? 200 : 1000
    log('seeding users and sessions')
    const tokens = await seed(url, 1000, only?.every((s) => OPT_IN.includes(s)) ? 1 : perUser)
    await hook?.register(url)
    results.webhook = Boolean(hook)
    // Each side of the refresh scenario spends sessions of its own.
    const serviceTokens = tokens.filter((_, i) => i % 3 === 0)
    const rawHashes = tokens.filter((_, i) => i % 3 === 1).map(hashToken)
    const floorTokens = tokens.filter((_, i) => i % 3 === 2)

    // Each ratio scenario alternates runs with its ceiling (see `paired` in lib.ts).
    if (want('health')) {
      log('health, alternating with bare fastify')
      const bare = await bareFastifyCeiling(CONNECTIONS.health)
      try {
        const health = await paired(settings, { url: `${service.url}/health`, connections: CONNECTIONS.health }, bare.run)
        results.health = health.service
        results.bareHealth = health.ceiling
        ratioRow('health', health.service, health.ceiling, 0.8)
      } finally {
        await bare.close()
      }
    }

    const login = await post(service, '/v1/users/login', { email: 'bench-0@example.com', password: PASSWORD })
    const accessToken = login.status === 201 ? login.json.token as string : fail(`login failed: ${JSON.stringify(login.json)}`)

    const authenticatedLoad = {
      url: `${service.url}/v1/users/logout`, method: 'POST' as const, connections: CONNECTIONS.authenticated,
      headers: { authorization: `jwt-user ${accessToken}` }, body: '{}'
    }
    if (want('authenticated')) {
      log('authenticated')
      const authenticated = results.authenticated = await measure(settings, authenticatedLoad)
      rows.push({ scenario: 'authenticated', value: `${fmt(authenticated.rps)} req/s`, ceiling: '', ratio: '', target: '', ok: null })
    }
    if (want('orgs')) {
      log('an org request with an org token and with an API key, alternating with the authenticated request')
      const orgs = results.orgs = await orgScenarios(settings, service, authenticatedLoad, { email: 'bench-2@example.com', password: PASSWORD })
      const runs = { 'get (org token)': orgs.org, 'get (API key)': orgs.apiKey, 'listmembers (org token)': orgs.members, 'listmembers (API key)': orgs.keyMembers }
      for (const [name, run] of Object.entries(runs)) ratioRow(`${name} / authenticated`, run, orgs.authenticated, 0.9)
    }

    const oidc = only?.includes('oidc') && (results.oidc = await oidcScenarios(settings, service, url, { email: 'bench-3@example.com', password: PASSWORD }, serviceTokens))
    if (oidc) for (const [name, run] of Object.entries({ 'oidc code exchange': oidc.exchange, 'oidc client_credentials': oidc.credentials })) ratioRow(`${name} / refresh`, run, oidc.refresh, 0)
    if (want('login')) {
      log('login, alternating with raw argon2id verifications')
      const argon2 = await argon2Ceiling(THREADS)
      const logins = await paired(settings, {
        url: `${service.url}/v1/users/login`, method: 'POST', connections: CONNECTIONS.login,
        body: JSON.stringify({ email: 'bench-1@example.com', password: PASSWORD })
      }, argon2.run).finally(argon2.close)
      results.login = logins.service
      results.argon2 = logins.ceiling
      ratioRow('login', logins.service, logins.ceiling, 0.9)
      if (hook) log(`webhook deliveries by status: ${JSON.stringify(results.deliveries = await hook.deliveries(url))}`)
    }

    if (want('refresh')) {
      log('refresh, alternating with its SQL alone and with bare Fastify running that SQL')
      let nextToken = 0
      let nextFloorToken = 0
      const refreshSql = refreshSqlCeiling(url, rawHashes, CEILING_POOL, CONNECTIONS.refresh)
      const floorPort = await freePort()
      const floor = await startProcess([...NODE_FLAGS, '--import', 'tsx', join(ROOT, 'bench', 'bare-refresh.ts'),
        String(floorPort), url, String(SERVICE_POOL)], {}, floorPort)
      try {
        const refresh = await paired(settings, {
          url: `${service.url}/v1/users/refresh`, method: 'POST', connections: CONNECTIONS.refresh,
          nextBody: () => JSON.stringify({ refreshToken: serviceTokens[nextToken++] })
        }, refreshSql.run, {
          floor: {
            url: `${floor.url}/v1/users/refresh`, method: 'POST', connections: CONNECTIONS.refresh,
            nextBody: () => JSON.stringify({ refreshToken: floorTokens[nextFloorToken++] })
          }
        })
        if (nextToken >= serviceTokens.length || nextFloorToken >= floorTokens.length) {
          log('WARNING: refresh ran out of seeded sessions; raise perUser')
        }
        results.refresh = refresh.service
        results.refreshSql = refresh.ceiling
        results.refreshFloor = refresh.references.floor
        // The target is against the floor (the least a service on this stack can do); the SQL alone
        // is shown for what the database could take.
        const floorRuns = refresh.references.floor
        ratioRow('refresh', refresh.service, { rate: floorRuns.rps, runs: floorRuns.runs }, 0.9)
        rows.push({ scenario: 'refresh floor: bare Fastify + the SQL', value: `${fmt(floorRuns.rps)} req/s`, ceiling: '', ratio: '', target: '', ok: null })
        rows.push({ scenario: 'refresh SQL alone (postgres.js)', value: `${fmt(refresh.ceiling.rate)} statements/s`, ceiling: '', ratio: '', target: '', ok: null })
      } finally {
        await Promise.all([refreshSql.close(), floor.stop()])
      }
    }

    if (want('publish')) {
      log(`publish with ${FANOUT_SOCKETS} sockets in FEED`)
      const fanoutClients = await connectMany(service.url, accessToken, ['FEED'], FANOUT_SOCKETS)
      const published: Array<{ postId: string, respondedAt: number }> = []
      for (let i = 0; i < PUBLISHES; i++) {
        const created = await post(service, '/v1/posts/create', { title: `Bench post ${i}` }, `jwt-user ${accessToken}`)
        const res = await post(service, '/v1/posts/publish', { postId: created.json.post.id }, `jwt-user ${accessToken}`)
        if (res.status !== 200) throw new Error(`publish failed: ${JSON.stringify(res.json)}`)
        published.push({ postId: created.json.post.id, respondedAt: res.respondedAt })
        await sleep(50)
      }
      const fanout = await deliveries(fanoutClients, published)
      await closeAll(fanoutClients)
      limitRow(`publish fan-out p99 (${FANOUT_SOCKETS} sockets)`, fanout.p99, 50, 'ms')
      rows.push({ scenario: 'publish fan-out p50 / max', value: `${fmt(fanout.p50, 1)} / ${fmt(fanout.max, 1)} ms`, ceiling: '', ratio: '', target: '', ok: null })
      rows.push({ scenario: 'publish deliveries', value: `${fanout.delivered} of ${fanout.expected}`, ceiling: '', ratio: '', target: 'all', ok: fanout.delivered === fanout.expected })
      results.fanout = fanout
    }

    if (want('publish-async')) {
      log('publish-async')
      const listener = await connect(asyncService.url, accessToken, ['FEED'])
      const queued: Array<{ postId: string, respondedAt: number }> = []
      for (let i = 0; i < PUBLISHES; i++) {
        const created = await post(asyncService, '/v1/posts/create', { title: `Async post ${i}` }, `jwt-user ${accessToken}`)
        const res = await post(asyncService, '/v1/posts/publish', { postId: created.json.post.id }, `jwt-user ${accessToken}`)
        if (res.status !== 202) throw new Error(`async publish failed: ${JSON.stringify(res.json)}`)
        queued.push({ postId: created.json.post.id, respondedAt: res.respondedAt })
        await deliveries([listener], queued.slice(-1), 5000)
      }
      const asyncDelivery = await deliveries([listener], queued, 5000)
      await closeAll([listener])
      limitRow('publish-async p50 (202 to event)', asyncDelivery.p50, 25, 'ms')
      rows.push({ scenario: 'publish-async p99', value: `${fmt(asyncDelivery.p99, 1)} ms`, ceiling: '', ratio: '', target: '', ok: null })
      results.asyncDelivery = asyncDelivery
    }

    if (want('memory')) {
      log(`memory: ${IDLE_SOCKETS} idle sockets`)
      const idle = await connectMany(asyncService.url, accessToken, [], IDLE_SOCKETS)
      await sleep(2000)
      const withSockets = rssMb(asyncService.pid)
      limitRow(`memory: RSS added by ${IDLE_SOCKETS} idle sockets`, withSockets - idleRss, IDLE_SOCKETS === 10_000 ? 300 : 300 * IDLE_SOCKETS / 10_000, 'MB')
      await closeAll(idle)
      results.memory = { idleRss, withSockets, sockets: IDLE_SOCKETS }
    }
    results.rows = rows
  } finally {
    await Promise.all(services.map((s) => s.stop()))
    hook?.close()
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {})
    await admin.end({ timeout: 5 })
    await embedded?.stop()
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  }

  console.log(markdownTable(['scenario', 'measured', 'ceiling', 'ratio', 'target', ''],
    rows.map((r) => [r.scenario, r.value, r.ceiling, r.ratio, r.target, r.ok === null ? '' : r.ok ? 'ok' : 'MISSED'])))
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true })
  const file = join(ROOT, 'bench', 'results', `${new Date().toISOString().replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`)
  writeFileSync(file, JSON.stringify(results, null, 2))
  console.log(`results: ${file}`)
}

main().then(() => process.exit(0), (err) => {
  console.error(err)
  process.exit(1)
})
