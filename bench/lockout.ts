/**
 * What the lockout, the rehash and the session cap add to a login's SQL (`npx tsx bench/lockout.ts`,
 * with TEST_DATABASE_URL or BENCH_DATABASE_URL: a database is created and dropped). A login is
 * two statements, the same two round trips before and after: the credentials read and the `open`
 * statement. Before: the plain read and `open` without the extras of repository/safety.ts; after:
 * the read that counts the attempt (an upsert into the UNLOGGED login_attempts) and `open` that
 * takes it back (a delete). Rounds alternate before/after, sequential (latency) and 16 at a time
 * (throughput, on a pool of 4 as the service's), on 1,000 users taken in turn; the password
 * verification is left out (it is the same on both sides and would hide the difference).
 */
import postgres from 'postgres'
import { ACCOUNT_TYPES } from '../plugins/accounts/registry.js'
import { openStatement } from '../plugins/accounts/repository/sessions.js'
import { reserveStatement } from '../plugins/accounts/repository/safety.js'
import { NOTHING_PENDING } from '../plugins/accounts/repository/owners.js'
import { statement } from '../plugins/core/db.js'
import { nameOf, users } from '../db/schema.js'
import { migrate } from '../db/migrate.js'
import { uuidv7 } from '../random.js'
import { median } from './lib.js'

const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (!server) throw new Error('set TEST_DATABASE_URL (or BENCH_DATABASE_URL): a server where a database may be created')
const user = ACCOUNT_TYPES.user
const name = `latchkey_lockout_${Date.now()}`
const admin = postgres(server, { max: 1, onnotice: () => {} })
await admin.unsafe(`create database "${name}"`)
const url = new URL(server)
url.pathname = `/${name}`
const sql = postgres(url.toString(), { max: 4, onnotice: () => {} })
const USERS = 1000

try {
  await migrate(url.toString())
  const ids = Array.from({ length: USERS }, () => uuidv7())
  await sql`insert into users (id, email, password) select * from unnest(${ids}::uuid[],
    ${ids.map((_, i) => `bench-${i}@example.com`)}::text[], ${ids.map(() => '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')}::text[])`
  await sql`vacuum analyze users`

  const open = openStatement(user)
  const openBefore = openStatement(user, false)
  const plainRead = statement<never, { email: string }>((p) => `select id, password, is_active, is_email_confirmed, deleted_at from ${nameOf(users)}
    where email = ${p.email}`)
  const reserve = reserveStatement(user, NOTHING_PENDING)

  let n = 0
  async function login (after: boolean) {
    const i = n++ % USERS
    const email = `bench-${i}@example.com`
    const base = { ownerId: ids[i], sessionId: uuidv7(), hash: uuidv7().replace(/-/g, '').padEnd(64, '0'), expiresAt: new Date(Date.now() + 86400_000),
      client: 'web', platform: 'web', userAgent: 'bench', ip: '127.0.0.1', aal: 'aal1', amr: ['pwd'], eventId: uuidv7() }
    const extras = { release: true, rehashTo: null, rehashFrom: null, maxSessions: 0, capEventId: uuidv7() }
    if (after) {
      await reserve.run(sql, { email, threshold: 10, windowSeconds: 900 })
      await open.run(sql, { ...base, ...extras })
    } else {
      await plainRead.run(sql, { email })
      await openBefore.run(sql, { ...base, ...extras })
    }
  }
  async function round (after: boolean, count: number, concurrency: number) {
    const start = performance.now()
    await Promise.all(Array.from({ length: concurrency }, async () => {
      for (let k = 0; k < count / concurrency; k++) await login(after)
    }))
    return (performance.now() - start) / count
  }
  for (const side of [false, true]) await round(side, 400, 16) // warm-up: statements prepared
  const results: Record<string, number[]> = { 'before, sequential': [], 'after, sequential': [], 'before, 16 at a time': [], 'after, 16 at a time': [] }
  for (let r = 0; r < 6; r++) {
    for (const after of r % 2 ? [true, false] : [false, true]) {
      results[`${after ? 'after' : 'before'}, sequential`].push(await round(after, 500, 1))
      results[`${after ? 'after' : 'before'}, 16 at a time`].push(await round(after, 2000, 16))
    }
  }
  for (const [label, values] of Object.entries(results)) {
    console.log(`${label.padEnd(22)} median ${median(values).toFixed(3)} ms per login (rounds: ${values.map((v) => v.toFixed(3)).join(' ')})`)
  }
  const [{ rows }] = await sql`select count(*)::int as rows from login_attempts`
  console.log(`login_attempts rows left: ${rows}`)
} finally {
  await sql.end()
  await admin.unsafe(`drop database if exists "${name}" with (force)`)
  await admin.end()
}
