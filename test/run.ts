/**
 * `npm test`: a PostgreSQL for the suite (TEST_DATABASE_URL, or an embedded one started here),
 * one migrated template database that every test file clones, then tap; everything created
 * here is dropped afterwards. Without file names it runs the test files that need nothing
 * installed; `--all` (`npm run test:all`) adds those that drive a Debian package's program and
 * the packaging test, and runs the rooms' tests (forEachBroker) on NATS as well as PostgreSQL.
 * A program a chosen file needs and cannot find, or a NATS that does not answer, stops the run at once.
 */
import { execFileSync, spawn } from 'node:child_process'
import { connect as tcpConnect } from 'node:net'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { delimiter, join, sep } from 'node:path'
import postgres from 'postgres'
import { freePort, startEmbedded, type EmbeddedDatabase } from '../db/embedded.js'
import { migrate } from '../db/migrate.js'
import { NATS_SERVER } from './helpers/brokers.js'
import { CHROMIUM } from './helpers/browser.js'
import { PGBOUNCER } from './helpers/pgbouncer.js'
import { HAPROXY, NGINX } from './helpers/proxies.js'

// What a test file needs beyond Node and PostgreSQL, read from its source: a Debian package's program.
const NEEDS = [
  { uses: /helpers\/(browser|passkeys)\.js'/, pkg: 'chromium', program: CHROMIUM },
  { uses: /\bstartNginx\b/, pkg: 'nginx', program: NGINX },
  { uses: /\bstartHaproxy\b/, pkg: 'haproxy', program: HAPROXY },
  { uses: process.env.TEST_PGBOUNCER === '1' ? /^/ : /\bstartPgBouncer\b/, pkg: 'pgbouncer', program: PGBOUNCER },
  { uses: /'promtool'/, pkg: 'prometheus', program: 'promtool' },
  { uses: /\bstartNatsServer\b/, pkg: 'nats-server', program: NATS_SERVER }
]
// Files that run their tests once per rooms broker (test/helpers/brokers.ts): on NATS as well with
// --all or when named (NATS with JetStream must then answer), on PostgreSQL alone in `npm test`.
const PER_BROKER = /\bforEachBroker\b/
const NATS_URL = new URL(process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222')
const TAP = join('node_modules', 'tap', 'dist', 'esm', 'run.mjs')
// Need nothing, but are slow by nature: left to test:all so that npm test stays under 10 minutes on
// a 2-core machine (bench/README.md#npm-test-under-10-minutes). The executable's build (half a
// minute); test/cli/, which starts the command line (and with it the whole app) as child processes
// dozens of times; lockout and reuse windows that must be waited out; the files that hash on every
// core on purpose (overload, admission) or send thousands of requests (fuzz, cross-instance).
const SLOW = ['test/package.test.ts', 'test/plugins/accounts/lockout.test.ts', 'test/plugins/factors/lockout.test.ts',
  'test/routes/v1/users/refresh-reuse.test.ts', 'test/plugins/accounts/overload.test.ts', 'test/plugins/accounts/admission.test.ts',
  'test/fuzz.test.ts', 'test/cross-instance.test.ts']
const slow = (file: string) => SLOW.includes(file) || file.startsWith('test/cli/')
// A fresh install's tap is built with its default plugins, @tapjs/typescript among them, which
// package.json leaves out (tsx loads the sources). tap rebuilds it during the first run, but that
// run's test files all load ts-node's loader besides tsx: a new user's first npm test was the
// slowest. Built here first when the built plugins still name it (about 10 s of CPU, once).
const TAP_BUILT = join('node_modules', '@tapjs', 'test', 'test-built', 'dist', 'esm', 'index.js')
const staleTap = () => !existsSync(TAP_BUILT) || readFileSync(TAP_BUILT, 'utf8').includes('@tapjs/typescript')
const needsOf = (file: string) => NEEDS.filter((n) => n.uses.test(readFileSync(file, 'utf8')))
const found = (program: string) => program.includes('/')
  ? existsSync(program)
  : (process.env.PATH ?? '').split(delimiter).some((dir) => existsSync(join(dir, program)))

const argv = process.argv.slice(2)
const all = argv.includes('--all')
let args = argv.filter((a) => a !== '--all')
let files = args.filter((a) => !a.startsWith('-') && existsSync(a) && statSync(a).isFile())
if (!args.some((a) => !a.startsWith('-') && existsSync(a))) {
  const every = readdirSync('test', { recursive: true }).map((f) => `test/${String(f).split(sep).join('/')}`)
    .filter((f) => f.endsWith('.test.ts')).sort()
  files = all ? every : every.filter((f) => !slow(f) && !needsOf(f).length)
  if (!all) console.log(`# ${files.length} test files; npm run test:all adds ${every.length - files.length} (Chromium, nginx, HAProxy, promtool, nats-server, the executable, test/cli/ and the slowest files) and runs the rooms tests on NATS too`)
  args = [...args, ...files]
  process.env.TEST_BROKERS ??= all ? 'postgres,nats' : 'postgres'
}
process.env.TEST_BROKERS ??= 'postgres,nats'
// tap runs one file per core unless told; a file spends much of its time waiting on PostgreSQL, its
// child processes and its timers, so two per core keep the cores busy (bench/README.md).
if (!args.some((a) => /^(-j|--jobs)/.test(a))) args = [`--jobs=${2 * availableParallelism()}`, ...args]
const missing = [...new Set(files.flatMap(needsOf).filter((n) => !found(n.program)).map((n) => `${n.pkg} (${n.program})`))]
if (missing.length) {
  console.error(`These tests need Debian packages that are not installed: ${missing.join(', ')}.\n` +
    `Install them (apt-get install -y ${missing.map((m) => m.split(' ')[0]).join(' ')}; .ci/run does), or run npm test, which needs none.`)
  process.exit(1)
}
if (process.env.TEST_BROKERS.split(',').includes('nats') && files.some((f) => PER_BROKER.test(readFileSync(f, 'utf8')))) {
  const answers = await new Promise<boolean>((resolve) => {
    const socket = tcpConnect(Number(NATS_URL.port || 4222), NATS_URL.hostname)
    socket.setTimeout(2000, () => { socket.destroy(); resolve(false) })
    socket.once('data', (d) => { socket.destroy(); resolve(d.toString().startsWith('INFO ')) })
    socket.once('error', () => resolve(false))
  })
  if (!answers) {
    console.error(`These tests run on NATS too and need NATS with JetStream at ${NATS_URL.host} (TEST_NATS_URL), which does not answer.\n` +
      'Install and start it (apt-get install -y nats-server; nats-server -js; .ci/run does), or run npm test, which runs them on PostgreSQL alone.')
    process.exit(1)
  }
}


function withDatabase (url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

// The command-line tests run the built CLI (dist/cli.js), as npm start does: built from these sources.
execFileSync(process.execPath, [join('scripts', 'build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] })

let embedded: EmbeddedDatabase | undefined
let parent: string | undefined
let adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl) {
  parent = mkdtempSync(join(tmpdir(), 'latchkey-test-'))
  chmodSync(parent, 0o755) // PostgreSQL runs as its own user when we are root
  const dir = join(parent, 'pg')
  embedded = await startEmbedded({ dir, port: await freePort(), persistent: false })
  adminUrl = embedded.url
  console.log('# no TEST_DATABASE_URL: using an embedded PostgreSQL')
}

const template = `latchkey_tpl_${randomBytes(4).toString('hex')}`
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
let code = 1
try {
  await admin.unsafe(`create database "${template}"`)
  await migrate(withDatabase(adminUrl, template))
  // Chromium is the heaviest thing a test file starts: the files that drive it run in a lane of
  // their own, one at a time, beside the rest (so four browsers never share the two cores of a
  // small machine and time out), unless the command line says how many jobs.
  const jobsGiven = argv.some((a) => /^(-j|--jobs)/.test(a))
  const options = args.filter((a) => a.startsWith('-') && !/^(-j|--jobs)/.test(a))
  const browserFiles = files.filter((f) => needsOf(f).some((n) => n.pkg === 'chromium'))
  const lanes = jobsGiven || !browserFiles.length || browserFiles.length === files.length
    ? [args]
    : [[`--jobs=${Math.max(1, 2 * availableParallelism() - 1)}`, ...options, ...files.filter((f) => !browserFiles.includes(f))],
        ['--jobs=1', ...options, ...browserFiles]]
  // tap rebuilds its test class when the configured plugins differ from those it was installed
  // with (a fresh install: package.json leaves out @tapjs/typescript); two lanes starting at once
  // would both delete and rebuild it under each other's test files, so it is built once here.
  if (lanes.length > 1 || staleTap()) execFileSync(process.execPath, [TAP, 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
  // The first lane's output is printed as it comes, the browser lane's after it.
  const results = await Promise.all(lanes.map((laneArgs, i) => runTap(laneArgs, i > 0)))
  for (const r of results.slice(1)) process.stdout.write(r.output)
  code = results.some((r) => r.code !== 0) ? 1 : 0
  const count = (name: string) => results.reduce((n, r) => n + Number(new RegExp(`${name}: (\\d+)`).exec(r.summary)?.[1] ?? 0), 0)
  if (results.every((r) => r.summary)) {
    // The whole run's time, build and database included: npm test is meant to stay under 10 minutes.
    console.log(`${count('pass')} passed, ${count('fail')} failed, ${count('skip') + count('todo')} skipped in ${Math.round(performance.now() / 1000)} s`)
  }
  // The failures again at the end, where a long log's tail (CI's) still shows them.
  const failures = results.flatMap((r) => r.failures)
  if (failures.length) console.log(`failed:\n${failures.join('\n')}`)
} finally {
  await admin.unsafe(`drop database if exists "${template}" with (force)`).catch(() => {})
  await admin.end({ timeout: 5 })
  await embedded?.stop()
  if (parent) rmSync(parent, { recursive: true, force: true })
}
process.exit(code)

/** One tap run: its exit code, its output when held, its summary (`# { total: 9, pass: 8, fail: 1 }`) for the closing line, and its `not ok` lines. */
async function runTap (tapArgs: string[], hold: boolean): Promise<{ code: number, output: string, summary: string, failures: string[] }> {
  const tap = spawn(process.execPath, [TAP, ...tapArgs], {
    stdio: ['inherit', 'pipe', 'inherit'],
    env: { ...process.env, TEST_DATABASE_URL: adminUrl, TEST_TEMPLATE_DB: template, FASTIFY_AUTOLOAD_TYPESCRIPT: '1' }
  })
  let output = ''
  const failures: string[] = []
  let partial = ''
  let last = ''
  tap.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      if (/^\s*not ok /.test(line)) failures.push(line.trimEnd())
      last = /# \{ total: \d+[^}]*\}/.exec(line)?.[0] ?? last
    }
    if (hold) output += chunk
    else process.stdout.write(chunk)
  })
  const code = await new Promise<number>((resolve) => tap.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))))
  return { code, output, summary: last, failures }
}
