import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import t from 'tap'
import postgres from 'postgres'
import { freePort, startEmbedded, withPasswordFile } from '../../db/embedded.js'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

t.test('two processes on one data directory share one embedded PostgreSQL; the last to stop stops it', async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'latchkey-embedded-'))
  chmodSync(parent, 0o755) // the postgres system user runs it when we are root
  const dir = join(parent, 'pg')
  t.teardown(() => rmSync(parent, { recursive: true, force: true }))

  const firstPort = await freePort()
  const first = await startEmbedded({ dir, port: firstPort, persistent: true })
  t.teardown(() => first.stop())
  t.equal(first.shared, false, 'the first one starts it')
  const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])

  const second = await startEmbedded({ dir, port: await freePort(), persistent: true })
  t.equal(second.shared, true, 'the second one shares it')
  t.equal(new URL(second.url).port, String(firstPort), 'on the port it was started with, not its own EMBEDDED_DB_PORT')
  const sql = postgres(second.url, { max: 1, onnotice: () => {} })
  t.same(await sql`select 1 as one`, [{ one: 1 }], 'the second one can use it')

  await first.stop()
  t.ok(alive(pid), 'stopping the first leaves it running while the second is connected')
  t.same(await sql`select 2 as two`, [{ two: 2 }], 'and the second keeps working')

  await sql.end({ timeout: 5 })
  await second.stop()
  const deadline = Date.now() + 10_000
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  t.notOk(alive(pid), 'the last one to stop stops it')
  t.ok(existsSync(join(dir, 'PG_VERSION')), 'the data stays (persistent)')
})

t.test('under root, a data directory the postgres user cannot reach is refused with a message saying what to do, and no password file is left', { skip: process.getuid?.() !== 0 && 'not root' }, async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'latchkey-private-'))
  chmodSync(parent, 0o700) // like a checkout under /root
  // Where a temporary file would go (os.tmpdir() reads TMPDIR): it must stay empty.
  const temp = mkdtempSync(join(tmpdir(), 'latchkey-tmpdir-'))
  const previous = process.env.TMPDIR
  process.env.TMPDIR = temp
  t.teardown(() => {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    rmSync(parent, { recursive: true, force: true })
    rmSync(temp, { recursive: true, force: true })
  })
  await t.rejects(startEmbedded({ dir: join(parent, 'pg'), port: await freePort(), persistent: true }),
    { message: /runs as the postgres system user .* cannot reach .*chmod o\+x.*DATABASE_URL/ })
  t.same(readdirSync(temp), [], 'nothing in the temporary directory')
  t.same(readdirSync(parent).sort(), ['pg', 'pg.password'], 'beside the data directory, only its own password (0600)')
  t.equal(statSync(join(parent, 'pg.password')).mode & 0o777, 0o600)
})

t.test('initdb\'s password file is owner-only in a private directory while it exists, and gone however its use ends', async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'latchkey-pwfile-'))
  t.teardown(() => rmSync(parent, { recursive: true, force: true }))
  const postgresUser = process.getuid?.() === 0
    ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) }
    : {}
  let seen = ''
  const result = withPasswordFile(parent, 'sekret', postgresUser, (file) => {
    seen = file
    t.equal(readFileSync(file, 'utf8'), 'sekret')
    t.equal(statSync(file).mode & 0o777, 0o600, 'the file is 0600')
    t.equal(statSync(dirname(file)).mode & 0o777, 0o700, 'in a 0700 directory')
    t.equal(dirname(dirname(file)), parent, 'beside the data directory, not in /tmp')
    if (postgresUser.uid !== undefined) {
      t.equal(statSync(file).uid, postgresUser.uid, 'owned by the postgres user, who runs initdb')
      t.equal(statSync(dirname(file)).uid, postgresUser.uid)
    }
    return 42
  })
  t.equal(result, 42)
  t.notOk(existsSync(seen), 'removed after use')
  t.throws(() => withPasswordFile(parent, 'sekret', postgresUser, () => { throw new Error('initdb failed') }), /initdb failed/)
  t.same(readdirSync(parent), [], 'and after a failure')
})
