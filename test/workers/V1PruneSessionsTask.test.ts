import t from 'tap'
import type { JobHelpers } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../plugins/accounts/registry.js'
import { V1PruneSessionsTask, pruneSessions, windowStatement } from '../../workers/V1PruneSessionsTask.js'
import { cronItems } from '../../workers/index.js'
import { build, captureLogs } from '../helpers/app.js'
import { ENV, createTestAccount, refresh, sessionOf, sessionsOf, signIn, type Row } from '../helpers/accounts.js'
import { waitUntil } from '../helpers/sockets.js'
import { uuidv7 } from '../../random.js'

const RETENTION_DAYS = 30
const helpers = { job: { id: '1' } } as unknown as JobHelpers

/** Moves timestamps of one session row into the past (days ago; null leaves the column alone). */
async function age (app: FastifyInstance, kind: AccountType, id: string, days: { expired?: number, revoked?: number }) {
  await app.sql.unsafe(`update "${kind.sessionTable}" set
      expires_at = coalesce(now() - make_interval(days => $2), expires_at),
      revoked_at = coalesce(now() - make_interval(days => $3), revoked_at)
    where id = $1`, [id, days.expired ?? null, days.revoked ?? null])
}

async function ids (app: FastifyInstance, kind: AccountType, ownerId: string): Promise<string[]> {
  return (await sessionsOf(app, kind, ownerId)).map((r: Row) => r.id)
}

for (const kind of Object.values(ACCOUNT_TYPES)) {
  t.test(`V1PruneSessionsTask on ${kind.sessionTable}`, async (t) => {
    const logs = captureLogs()
    const app = await build(t, { env: { ...ENV, LOG_LEVEL: 'info', REFRESH_TOKEN_REUSE_INTERVAL: '10s' }, logger: { level: 'info', stream: logs.stream } })

    t.test('deletes rows expired or revoked-and-not-rotated longer than SESSION_RETENTION, and nothing else', async (t) => {
      const account = await createTestAccount(app, kind)
      // A live family: a login refreshed twice; its rotated rows are kept until they expire + retention.
      const live = await signIn(app, kind, account)
      const r1 = (await refresh(app, kind, { body: { refreshToken: live.refreshToken } })).json().refreshToken
      const r2 = (await refresh(app, kind, { body: { refreshToken: r1 } })).json().refreshToken
      const liveRows = await ids(app, kind, account.id)
      // Expired long ago / recently; revoked (logout) long ago / recently; rotated long ago but not expired.
      const make = async () => (await sessionOf(app, kind, (await signIn(app, kind, account)).refreshToken))!.id as string
      const [oldExpired, newExpired, oldRevoked, newRevoked] = [await make(), await make(), await make(), await make()]
      await age(app, kind, oldExpired, { expired: RETENTION_DAYS + 1 })
      await age(app, kind, newExpired, { expired: RETENTION_DAYS - 1 })
      await age(app, kind, oldRevoked, { revoked: RETENTION_DAYS + 1 })
      await age(app, kind, newRevoked, { revoked: RETENTION_DAYS - 1 })
      await age(app, kind, liveRows[0], { revoked: RETENTION_DAYS + 5 })

      const pruned = await pruneSessions(app, kind)
      t.same(pruned, { table: kind.sessionTable, deleted: 2, erased: 1 }, 'two rows deleted; one sealed successor past its window erased')
      const left = await ids(app, kind, account.id)
      t.notOk(left.includes(oldExpired), 'expired more than SESSION_RETENTION ago: deleted')
      t.notOk(left.includes(oldRevoked), 'revoked (not rotated) more than SESSION_RETENTION ago: deleted')
      t.ok(left.includes(newExpired) && left.includes(newRevoked), 'younger than the retention: kept')
      t.ok(liveRows.every((id) => left.includes(id)), 'a rotated row that has not expired is kept, with the rest of its family')
      t.equal((await refresh(app, kind, { body: { refreshToken: r2 } })).statusCode, 200, 'the live family still refreshes')
    })

    t.test('deleting a successor sets its predecessor\'s pointer to null (the foreign key)', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const next = (await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).json().refreshToken
      const [first, second] = await ids(app, kind, account.id)
      await app.sql.unsafe(`update "${kind.sessionTable}" set revoked_at = now() where id = $1`, [second])
      await age(app, kind, second, { expired: RETENTION_DAYS + 1 })
      t.equal((await pruneSessions(app, kind)).deleted, 1)
      t.same(await ids(app, kind, account.id), [first], 'only the successor went')
      t.equal((await sessionOf(app, kind, s.refreshToken))!.replaced_by_session_id, null, 'the predecessor no longer points to it')
      t.equal(await sessionOf(app, kind, next), undefined)
    })

    t.test('walks the table in windows: more rows than one window are all seen', async (t) => {
      const account = await createTestAccount(app, kind)
      for (let i = 0; i < 11; i++) await signIn(app, kind, account)
      const all = await ids(app, kind, account.id)
      for (const id of all.slice(0, 8)) await age(app, kind, id, { expired: RETENTION_DAYS + 2 })
      const pruned = await pruneSessions(app, kind, 3)
      t.equal(pruned.deleted, 8, 'every old row, across windows of 3')
      t.same(await ids(app, kind, account.id), all.slice(8))
    })

    t.test('rests after each window that deleted or erased rows, and only after those', async (t) => {
      // A database of its own, so that no other test's rows share the windows.
      const quiet = await build(t, { env: ENV })
      const account = await createTestAccount(quiet, kind)
      for (let i = 0; i < 11; i++) await signIn(quiet, kind, account)
      const all = (await quiet.sql.unsafe(`select id from "${kind.sessionTable}" order by id`)).map((r) => r.id as string)
      const aged = [...all.slice(0, 3), ...all.slice(6, 9)]
      for (const id of aged) await age(quiet, kind, id, { expired: RETENTION_DAYS + 2 })
      const windows = Array.from({ length: Math.ceil(all.length / 3) }, (_, i) => all.slice(i * 3, i * 3 + 3))
      const writing = windows.filter((w) => w.some((id) => aged.includes(id))).length
      const rests: number[] = []
      const pruned = await pruneSessions(quiet, kind, 3, async (ms) => { rests.push(ms) })
      t.equal(pruned.deleted, 6)
      t.equal(rests.length, writing, `${writing} of ${windows.length} windows deleted rows: as many rests`)
      t.ok(rests.every((ms) => ms > 0), 'each rest is as long as its window took (more than nothing)')
    })

    t.test('a window is a range of the primary key for the delete and the update, in a generic plan too', async (t) => {
      // One index descent per window, not one per row (the figure: bench/README.md, big tables).
      // Sequential scans are off so that the tiny test table plans as a big one would.
      for (const mode of ['force_generic_plan', 'force_custom_plan']) {
        await app.sql.begin(async (tx) => {
          await tx.unsafe(`set local plan_cache_mode = ${mode}`)
          await tx.unsafe('set local enable_seqscan = off')
          await tx.unsafe(`prepare prune_window (uuid, int, int, int) as ${windowStatement(kind)}`)
          const [{ 'QUERY PLAN': [plan] }] = await tx.unsafe(
            "explain (format json) execute prune_window ('00000000-0000-0000-0000-000000000000', 5000, 2592000, 10)")
          await tx.unsafe('deallocate prune_window')
          const nodes: any[] = []
          const walk = (n: any) => { nodes.push(n); for (const c of n.Plans ?? []) walk(c) }
          walk(plan.Plan)
          const writes = nodes.filter((n) => n['Node Type'] === 'ModifyTable')
          t.same(writes.map((n) => n.Operation).sort(), ['Delete', 'Update'], `${mode}: a delete and an update`)
          for (const write of writes) {
            const scan = write.Plans.find((c: any) => c['Parent Relationship'] === 'Outer')
            t.match(scan, { 'Node Type': /^(Index Scan|Bitmap Heap Scan)$/ }, `${mode}: ${write.Operation} scans the table once`)
            const index = scan['Node Type'] === 'Index Scan' ? scan : scan.Plans[0]
            t.equal(index['Index Name'], `${kind.sessionTable}_pkey`, `${mode}: ${write.Operation} through the primary key`)
            t.match(index['Index Cond'], /id > .*\bAND\b.*id <= /, `${mode}: ${write.Operation} reads a range`)
          }
        })
      }
    })

    t.test('erases sealed successors once the reuse interval is over, keeps those inside it', async (t) => {
      const account = await createTestAccount(app, kind)
      const a = await signIn(app, kind, account)
      const b = await signIn(app, kind, account)
      await refresh(app, kind, { body: { refreshToken: a.refreshToken } })
      await refresh(app, kind, { body: { refreshToken: b.refreshToken } })
      // A rotation 20 s ago whose in-process eraser never ran (the instance stopped).
      await app.sql.unsafe(`update "${kind.sessionTable}" set revoked_at = now() - interval '20 seconds' where refresh_token_hash = $1`,
        [(await sessionOf(app, kind, a.refreshToken))!.refresh_token_hash])
      await pruneSessions(app, kind)
      t.equal((await sessionOf(app, kind, a.refreshToken))!.successor_token, null, 'outside the window: erased')
      t.type((await sessionOf(app, kind, b.refreshToken))!.successor_token, 'string', 'inside the window: kept')
    })

    t.test('deletes one-time tokens that expired more than SESSION_RETENTION ago, used or not, and logs how many', async (t) => {
      const account = await createTestAccount(app, kind)
      const token = async (purpose: string, expiredDays: number, used: boolean) => {
        const [row] = await app.sql.unsafe(`insert into "${kind.tokenTable}" (id, "${kind.ownerColumn}", purpose, token_hash, email, expires_at, used_at)
          values (gen_random_uuid(), $1, $2, md5(random()::text) || md5(random()::text), $3, now() - make_interval(days => $4), $5) returning id`,
        [account.id, purpose, account.email, expiredDays, used ? new Date() : null])
        return row.id as string
      }
      const old = [await token('verify_email', RETENTION_DAYS + 1, false), await token('reset_password', RETENTION_DAYS + 2, true)]
      const kept = [await token('reset_password', RETENTION_DAYS - 1, true), await token('verify_email', -1, false)]
      const from = logs.lines.length
      await V1PruneSessionsTask(app)({}, helpers)
      const left = (await app.sql.unsafe(`select id from "${kind.tokenTable}" where "${kind.ownerColumn}" = $1`, [account.id])).map((r) => r.id)
      t.same(left.sort(), [...kept].sort(), 'the old ones are gone; a recently expired and a live token are kept')
      const line = logs.lines.slice(from).find((l) => l.msg === 'one-time tokens pruned' && l.table === kind.tokenTable)
      t.equal(line?.deleted, old.length, 'logged with its count')
    })

    t.test('deletes expired MFA and WebAuthn challenges at once, keeps live ones, and logs how many', async (t) => {
      const account = await createTestAccount(app, kind)
      const mc = `"${kind.type}_mfa_challenges"`
      const wc = `"${kind.type}_webauthn_challenges"`
      const [expired, live] = [uuidv7(), uuidv7()]
      for (const [id, when] of [[expired, "now() - interval '1 second'"], [live, "now() + interval '5 minutes'"]]) {
        await app.sql.unsafe(`insert into ${mc} (id, "${kind.ownerColumn}", token_hash, method, expires_at) values ($1, $2, $3, 'pwd', ${when})`,
          [id, account.id, id.replace(/-/g, '').padEnd(64, '0')])
        await app.sql.unsafe(`insert into ${wc} (id, "${kind.ownerColumn}", purpose, challenge, expires_at) values ($1, $2, 'register', 'c', ${when})`,
          [id, account.id])
      }
      const from = logs.lines.length
      await V1PruneSessionsTask(app)({}, helpers)
      for (const table of [mc, wc]) {
        t.same((await app.sql.unsafe(`select id from ${table} where "${kind.ownerColumn}" = $1`, [account.id])).map((r) => r.id), [live], table)
      }
      const line = logs.lines.slice(from).find((l) => l.msg === 'expired second-factor challenges pruned' && l.type === kind.type)
      t.equal(line?.deleted, 2, 'logged with its count')
    })

    t.test('the task prunes every account type and logs the counts per table, never a token', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      await age(app, kind, (await sessionOf(app, kind, s.refreshToken))!.id, { expired: RETENTION_DAYS + 1 })
      const from = logs.lines.length
      await V1PruneSessionsTask(app)({}, helpers)
      const lines = logs.lines.slice(from).filter((l) => l.msg === 'sessions pruned')
      t.same(lines.map((l) => l.table).sort(), Object.values(ACCOUNT_TYPES).map((k) => k.sessionTable).sort(), 'one line per table')
      const mine = lines.find((l) => l.table === kind.sessionTable)!
      t.equal(mine.deleted, 1, 'with the number of rows removed')
      t.type(mine.erased, 'number')
      t.type(mine.ms, 'number')
      t.notMatch(JSON.stringify(logs.lines), s.refreshToken, 'no token in any line')
      t.equal(await sessionOf(app, kind, s.refreshToken), undefined)
    })
  })
}

t.test('the task is on graphile-worker\'s cron, hourly, and a worker registers it', async (t) => {
  const item = cronItems.find((c) => c.task === 'V1PruneSessionsTask')
  t.match(item, { task: 'V1PruneSessionsTask', identifier: 'V1PruneSessionsTask', match: '0 * * * *', options: { backfillPeriod: 0 } })
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true' } })
  // graphile-worker records the identifiers of its cron items at start; this private table is the
  // only place that shows it (the job itself is added at the top of the hour).
  const known = await waitUntil(async () => {
    const rows = await app.sql`select identifier from graphile_worker._private_known_crontabs`.catch(() => [])
    return rows.length ? rows : undefined
  }, 'the worker to record its crontab', 8000)
  t.same(known.map((r: Row) => r.identifier).sort(), ['V1PruneAuditEventsTask', 'V1PruneOidcPayloadsTask', 'V1PruneSessionsTask'])
})
