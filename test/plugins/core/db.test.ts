import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import postgres from 'postgres'
import { prepared } from '../../../plugins/core/db.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { repositoryOf } from '../../../plugins/accounts/repository.js'
import { cloneDatabase } from '../../helpers/app.js'

const database = await cloneDatabase()
t.teardown(database.drop)

// One connection, so pg_prepared_statements (per session) sees everything the client sent.
const sql = postgres(database.url, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end({ timeout: 5 }))

const listPrepared = async () => (await sql`select statement from pg_prepared_statements`).map((r) => r.statement as string)

t.test('a hot-path statement is prepared once per connection and then only executed', async (t) => {
  const { text: authenticate } = repositoryOf(ACCOUNT_TYPES.user).owners.authenticate
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

// patches/postgres+3.4.9.patch (patch-package, postinstall) fixes postgres.js's connection queue, which never
// frees shifted slots while it is never empty: under sustained load every query then scanned all
// of them, and throughput fell with uptime.
const postgresRoot = dirname(dirname(dirname(createRequire(import.meta.url).resolve('postgres'))))
const queueModules = [join(postgresRoot, 'src', 'queue.js')]

t.test('the installed postgres.js is patched (patches/, applied by patch-package at install) in the build we load', async (t) => {
  // Only the ESM build is patched: the CommonJS (cjs/) and Workers (cf/) builds are never loaded.
  t.equal(import.meta.resolve('postgres'), pathToFileURL(join(postgresRoot, 'src', 'index.js')).href, '`import postgres` loads src/')
  for (const file of queueModules) {
    t.match(readFileSync(file, 'utf8'), 'latchkey: compact', `${file}: run npm install (postinstall), or drop the patch if upstream fixed the queue`)
  }
  t.match(readFileSync(join(postgresRoot, 'src', 'connection.js'), 'utf8'), 'latchkey: closed meanwhile',
    'src/connection.js: a write after the socket closed settles its query instead of crashing the process')
  t.match(readFileSync(join(postgresRoot, 'src', 'index.js'), 'utf8'), "defineProperty(sql, 'waiting'",
    'src/index.js: the pool\'s queue length for latchkey_db_pool_waiting')
})

t.test('the patched queue still behaves as a FIFO with remove, across many compactions', async (t) => {
  const { default: Queue } = await import(pathToFileURL(queueModules[0]).href)
  const queue = Queue()
  const model: number[] = []
  let next = 0
  let seed = 42
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  // Never empty, like a busy queue under load: pushes outnumber shifts, with removals in between.
  for (let i = 0; i < 3; i++) model.push(queue.push(next++))
  let mismatches = 0
  for (let step = 0; step < 50_000; step++) {
    const r = random()
    if (r < 0.45) {
      model.push(queue.push(next++))
    } else if (r < 0.9 && model.length > 1) {
      if (queue.shift() !== model.shift()) mismatches++
    } else if (model.length > 1) {
      const victim = model[Math.floor(random() * model.length)]
      if (queue.remove(victim) !== victim) mismatches++
      model.splice(model.indexOf(victim), 1)
      if (queue.remove(victim) !== null) mismatches++
    }
    if (queue.length !== model.length) mismatches++
  }
  t.equal(mismatches, 0, 'every shift, remove and length matched an array model')
  const rest: number[] = []
  while (queue.length) rest.push(queue.shift())
  t.same(rest, model, 'what is left comes out in order')
})
