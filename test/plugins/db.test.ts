import t from 'tap'
import postgres from 'postgres'
import { prepared } from '../../plugins/db.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts.js'
import { statements } from '../../plugins/sessions.js'
import { cloneDatabase } from '../helper.js'

const database = await cloneDatabase()
t.teardown(database.drop)

// One connection, so pg_prepared_statements (per session) sees everything the client sent.
const sql = postgres(database.url, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end({ timeout: 5 }))

const listPrepared = async () => (await sql`select statement from pg_prepared_statements`).map((r) => r.statement as string)

t.test('a hot-path statement is prepared once per connection and then only executed', async (t) => {
  const { authenticate } = statements(ACCOUNT_TYPES.user)
  const id = '01890000-0000-7000-8000-000000000000'
  for (let i = 0; i < 3; i++) t.same([...await prepared(sql, authenticate, [id])], [], 'no such owner')
  t.equal((await listPrepared()).filter((s) => s === authenticate).length, 1)
})

t.test('postgres.js leaves `unsafe` text unprepared unless asked (why `prepared` exists)', async (t) => {
  const text = 'select $1::int + 1 as n'
  t.same([...await sql.unsafe(text, [1])], [{ n: 2 }])
  t.notOk((await listPrepared()).includes(text))
  t.same([...await prepared(sql, text, [1])], [{ n: 2 }])
  t.ok((await listPrepared()).includes(text))
})
