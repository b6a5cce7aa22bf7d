import t from 'tap'
import type { JobHelpers } from 'graphile-worker'
import { V1PruneOidcPayloadsTask } from '../../workers/V1PruneOidcPayloadsTask.js'
import { cronItems } from '../../workers/index.js'
import { postgresAdapter, pruneExpired } from '../../plugins/oidc/adapter.js'
import { build, captureLogs } from '../helpers/app.js'
import { ENV } from '../helpers/accounts.js'
import { waitUntil } from '../helpers/sockets.js'
import { workerUtils } from '../helpers/jobs.js'

const helpers = { job: { id: '1' } } as unknown as JobHelpers

const idsOf = async (app: Awaited<ReturnType<typeof build>>) =>
  (await app.sql`select kind || '/' || id as key from oidc_payloads order by kind, id`).map((r) => r.key)

t.test('expired rows are deleted in batches, consumed ones too once expired; live and unexpiring ones stay; the run is logged', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { ...ENV, LOG_LEVEL: 'info' }, logger: { level: 'info', stream: logs.stream } })
  const Adapter = postgresAdapter(app.sql)
  const codes = new Adapter('AuthorizationCode')
  const refresh = new Adapter('RefreshToken')
  const sessions = new Adapter('Session')
  for (const id of ['c1', 'c2', 'c3', 'c4', 'c5']) await codes.upsert(id, { grantId: `g-${id}` }, 60)
  await refresh.upsert('r-used', { grantId: 'g' }, 3600)
  await refresh.consume('r-used')
  await refresh.upsert('r-used-old', { grantId: 'g' }, 3600)
  await refresh.consume('r-used-old')
  await sessions.upsert('s-forever', { uid: 'u' })
  await app.sql`update oidc_payloads set expires_at = now() - interval '1 second' where id in ('c1', 'c2', 'c3', 'c4', 'r-used-old')`

  t.equal(await pruneExpired(app.sql, 2), 5, 'five expired rows, two per statement')
  t.same(await idsOf(app), ['AuthorizationCode/c5', 'RefreshToken/r-used', 'Session/s-forever'],
    'a live code, a consumed refresh token not yet expired (its reuse is still seen), a row without expiry')
  t.match(await refresh.find('r-used'), { consumed: Number }, 'still marked consumed')

  await app.sql`update oidc_payloads set expires_at = now() - interval '1 hour' where id = 'c5'`
  await V1PruneOidcPayloadsTask(app)({}, helpers)
  t.match(logs.lines.find((l) => l.msg === 'expired oidc payloads pruned'), { deleted: 1, jobId: '1' })
  t.same(await idsOf(app), ['RefreshToken/r-used', 'Session/s-forever'])
})

t.test('hourly on graphile-worker\'s cron, and run by the worker as a job', async (t) => {
  t.match(cronItems.find((c) => c.task === 'V1PruneOidcPayloadsTask'),
    { identifier: 'V1PruneOidcPayloadsTask', match: '0 * * * *', options: { backfillPeriod: 0, jobKey: 'V1PruneOidcPayloadsTask' } })
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true' } })
  await new (postgresAdapter(app.sql))('AccessToken').upsert('a-old', { grantId: 'g' }, 60)
  await app.sql`update oidc_payloads set expires_at = now() - interval '1 second'`
  const utils = await workerUtils(t, app)
  await utils.addJob('V1PruneOidcPayloadsTask', {})
  await waitUntil(async () => (await idsOf(app)).length === 0, 'the worker to prune the expired row', 10_000)
  t.pass('pruned by the worker')
})
