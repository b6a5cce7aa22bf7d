import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import postgres from 'postgres'
import { ROOT } from '../paths.js'
import { cloneDatabase } from './helpers/app.js'

const run = promisify(execFile)

/** `latchkey <args>` from the sources against `databaseUrl`; never throws, returns code and output. */
async function cli (args: string[], env: Record<string, string>) {
  const base: Record<string, string | undefined> = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete base[key]
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'cli.ts', ...args], {
      cwd: ROOT, env: { ...base, LOG_LEVEL: 'warn', ...env }
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number, stdout: string, stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

t.test('latchkey migrate and user create', async (t) => {
  const db = await cloneDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-cli-'))
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  t.teardown(async () => {
    await sql.end({ timeout: 5 })
    await db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir }

  t.test('migrate applies the migrations and says so (again is a no-op)', async (t) => {
    const res = await cli(['migrate'], env)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, 'migrations applied')
    const [{ n }] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`
    t.equal(n, 1, 'one migration recorded')
  })

  t.test('user create makes an active user with a lower-cased email and an argon2id hash', async (t) => {
    const res = await cli(['user', 'create', '--email', 'Ada@Example.COM', '--password', 'correct horse'], env)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^user [0-9a-f-]{36} created for ada@example\.com/)
    t.notMatch(res.stdout + res.stderr, 'correct horse', 'the password is never printed')
    const [row] = await sql`select email, password, is_active from users where email = 'ada@example.com'`
    t.ok(row, 'the row exists')
    t.match(row.password, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'a PHC argon2id string with the OWASP parameters')
    t.equal(row.is_active, true)
    const [admin] = await sql`select count(*)::int as n from admins`
    t.equal(admin.n, 0, 'no admin was created')
  })

  t.test('--admin creates an admin, who can then log in', async (t) => {
    const res = await cli(['user', 'create', '--email', 'root@example.com', '--password', 'admin-pass', '--admin'], env)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^admin [0-9a-f-]{36} created for root@example\.com/)
    const [row] = await sql`select email from admins`
    t.equal(row.email, 'root@example.com')
  })

  t.test('a taken email exits 1 with one line', async (t) => {
    const res = await cli(['user', 'create', '--email', 'ada@example.com', '--password', 'x'], env)
    t.equal(res.code, 1)
    t.equal(res.stderr.trim(), 'a user with the email ada@example.com already exists')
  })

  t.test('missing arguments print the usage and exit 2', async (t) => {
    const res = await cli(['user', 'create', '--email', 'x@example.com'], env)
    t.equal(res.code, 2)
    t.match(res.stderr, 'usage: latchkey')
    const unknown = await cli(['frobnicate'], env)
    t.equal(unknown.code, 2)
    t.match(unknown.stderr, 'latchkey user create --email E --password P [--admin]')
  })
})

t.test('latchkey worker runs jobs only and exits 0 on SIGTERM', async (t) => {
  const db = await cloneDatabase()
  t.teardown(db.drop)
  const base: Record<string, string | undefined> = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete base[key]
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli.ts', 'worker'], {
    cwd: ROOT, env: { ...base, DATABASE_URL: db.url, LOG_LEVEL: 'info', MIGRATE_ON_START: 'false' }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout.on('data', (d) => { output += d })
  child.stderr.on('data', (d) => { output += d })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  t.teardown(() => { if (child.exitCode === null) child.kill('SIGKILL') })
  const deadline = Date.now() + 20_000
  while (!output.includes('looking for jobs') && child.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  t.match(output, "task names: 'V1PublishTask'", 'the worker runs V1PublishTask')
  t.notMatch(output, 'Server listening', 'and serves no HTTP')
  child.kill('SIGTERM')
  t.equal(await exited, 0, 'exit code 0 after SIGTERM')
  t.match(output, 'signal received, closing gracefully')
})
