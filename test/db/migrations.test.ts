import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import postgres from 'postgres'
import { drizzle } from 'drizzle-orm/postgres-js'
import { migrate as drizzleMigrate } from 'drizzle-orm/postgres-js/migrator'
import { v7 as uuidv7 } from 'uuid'
import { migrate } from '../../db/migrate.js'
import { MIGRATIONS_DIR } from '../../paths.js'
import { cloneDatabase } from '../helpers/app.js'

/** The migrations folder as it was up to and including migration `last` (0-based). */
function migrationsUpTo (t: { teardown: (fn: () => void) => void }, last: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-migrations-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(MIGRATIONS_DIR, dir, { recursive: true })
  const journalFile = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'))
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

t.test('upgrading a database with sessions to session families', async (t) => {
  // An empty database (the test template is already migrated).
  const { url: templateUrl, drop } = await cloneDatabase()
  const admin = postgres(templateUrl, { max: 1, onnotice: () => {} })
  const name = `latchkey_m_${Date.now()}`
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const url = Object.assign(new URL(templateUrl), { pathname: `/${name}` }).toString()
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  t.teardown(async () => {
    await sql.end({ timeout: 5 })
    const a = postgres(templateUrl, { max: 1, onnotice: () => {} })
    await a.unsafe(`drop database if exists "${name}" with (force)`)
    await a.end()
    await drop()
  })

  await drizzleMigrate(drizzle(sql), { migrationsFolder: migrationsUpTo(t, 0) })
  const user = uuidv7()
  await sql`insert into users (id, email, password) values (${user}, 'old@latchkey.test', 'x')`
  // A chain of three rotations and a lone session, as the service wrote them before families.
  const [a, b, c, lone] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()]
  const row = (id: string, next: string | null, revoked: boolean) => sql`insert into user_sessions
    (id, user_id, refresh_token_hash, expires_at, revoked_at, replaced_by_session_id)
    values (${id}, ${user}, ${id.replace(/-/g, '').padEnd(64, '0')}, now() + interval '1 day', case when ${revoked}::boolean then now() end, ${next})`
  await row(c, null, false)
  await row(b, c, true)
  await row(a, b, true)
  await row(lone, null, false)

  await migrate(url)
  const rows = await sql`select id, family_id from user_sessions`
  const family = Object.fromEntries(rows.map((r) => [r.id, r.family_id]))
  t.same([family[a], family[b], family[c]], [a, a, a], 'a rotation chain becomes one family named after its first row')
  t.equal(family[lone], lone, 'a lone session is a family of its own')

  // The key: a successor in another family is refused; deleting a successor clears the pointer.
  await t.rejects(sql`update user_sessions set replaced_by_session_id = ${lone} where id = ${c}`, { code: '23503' })
  await sql`delete from user_sessions where id = ${c}`
  t.same((await sql`select replaced_by_session_id from user_sessions where id = ${b}`)[0], { replaced_by_session_id: null })
  const [{ fillfactor }] = await sql`select array_to_string(reloptions, ',') as fillfactor from pg_class where relname = 'user_sessions'`
  t.equal(fillfactor, 'fillfactor=80')
})
