import t from 'tap'
import type { JobHelpers } from 'graphile-worker'
import { V1PruneAuditEventsTask } from '../../workers/V1PruneAuditEventsTask.js'
import { pruneAuditEvents } from '../../plugins/audit/prune.js'
import { cronItems } from '../../workers/index.js'
import { build, captureLogs } from '../helpers/app.js'
import { ENV, createTestAccount, signIn } from '../helpers/accounts.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'

const helpers = { job: { id: '1' } } as unknown as JobHelpers
const logs = captureLogs()
const app = await build(t, { env: { ...ENV, LOG_LEVEL: 'info', AUDIT_RETENTION: '90d' }, logger: { level: 'info', stream: logs.stream } })

async function countFor (accountId: string): Promise<number> {
  const [{ n }] = await app.sql`select count(*)::int as n from audit_events where account_id = ${accountId}`
  return n
}

t.test('events older than AUDIT_RETENTION are deleted in batches, younger ones kept; the run is logged', async (t) => {
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  for (let i = 0; i < 9; i++) await signIn(app, ACCOUNT_TYPES.user, account)
  const ids = (await app.sql`select id from audit_events where account_id = ${account.id} order by id`).map((r) => r.id)
  await app.sql`update audit_events set created_at = now() - interval '91 days' where id = any(${ids.slice(0, 7)}::uuid[])`
  await app.sql`update audit_events set created_at = now() - interval '89 days' where id = ${ids[7]}`
  t.equal(await pruneAuditEvents(app.sql, app.config.auditRetention, 3), 7, 'seven old events, three per statement')
  t.equal(await countFor(account.id), 2, 'the two younger ones stay')

  await app.sql`update audit_events set created_at = now() - interval '100 days' where id = ${ids[8]}`
  await V1PruneAuditEventsTask(app)({}, helpers)
  t.match(logs.lines.find((l) => l.msg === 'audit events pruned'), { deleted: 1 })
  t.equal(await countFor(account.id), 1)
})

t.test('hourly on graphile-worker\'s cron', async (t) => {
  t.match(cronItems.find((c) => c.task === 'V1PruneAuditEventsTask'), { match: '0 * * * *', options: { backfillPeriod: 0 } })
})
