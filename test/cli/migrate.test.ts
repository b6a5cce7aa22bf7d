import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import postgres from 'postgres'
import { ROOT } from '../../paths.js'
import { cloneDatabase } from '../helpers/app.js'
import { cli } from '../helpers/cli.js'

const MIGRATIONS = JSON.parse(readFileSync(join(ROOT, 'db/migrations/meta/_journal.json'), 'utf8')).entries.length

t.test('latchkey migrate', async (t) => {
  const db = await cloneDatabase()
  const sql = postgres(db.url, { max: 1, onnotice: () => {} })
  t.teardown(async () => {
    await sql.end({ timeout: 5 })
    await db.drop()
  })

  t.test('applies the migrations and says so (again is a no-op)', async (t) => {
    for (let run = 0; run < 2; run++) {
      const res = await cli(['migrate'], { DATABASE_URL: db.url })
      t.equal(res.code, 0, res.stderr)
      t.equal(res.stdout, 'migrations applied\n')
    }
    const [{ n }] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`
    t.equal(n, MIGRATIONS, 'every migration recorded')
  })

  t.test('an unreachable database is one line, exit 1, without the URL\'s password', async (t) => {
    const res = await cli(['migrate'], { DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/nowhere' })
    t.equal(res.code, 1)
    t.equal(res.stderr, 'cannot reach the database: connect ECONNREFUSED 127.0.0.1:1\n')
  })

  t.test('a database that does not exist is one line, exit 1, not a PostgresError stack', async (t) => {
    const url = new URL(db.url)
    url.pathname = '/latchkey_no_such_database'
    const res = await cli(['migrate'], { DATABASE_URL: url.toString() })
    t.equal(res.code, 1)
    t.equal(res.stderr, 'the database refused: database "latchkey_no_such_database" does not exist\n')
    t.equal(res.stdout, '')
  })
})

t.test('an embedded PostgreSQL that cannot start is one line saying what to do, exit 1, not a stack', { skip: process.getuid?.() !== 0 && 'not root' }, async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'latchkey-private-'))
  chmodSync(parent, 0o700) // a checkout under /root: the postgres user cannot reach it
  t.teardown(() => rmSync(parent, { recursive: true, force: true }))
  const res = await cli(['migrate'], { DATA_DIR: join(parent, 'data') })
  t.equal(res.code, 1)
  t.match(res.stderr, /^the embedded PostgreSQL runs as the postgres system user .*DATABASE_URL[^\n]*\n$/)
  t.notMatch(res.stderr, /\n {4}at /, 'no stack frame')
  t.equal(res.stdout, '')
})
