import t from 'tap'
import type { JobHelpers } from 'graphile-worker'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { V1PruneSessionsTask } from '../../../workers/V1PruneSessionsTask.js'
import { build, captureLogs } from '../../helpers/app.js'
import { ENV } from '../../helpers/accounts.js'

const helpers = { job: { id: '1' } } as unknown as JobHelpers

t.test('V1PruneSessionsTask deletes expired WebAuthn challenges, answered or not, and keeps live ones', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { env: { ...ENV, LOG_LEVEL: 'info' }, logger: { level: 'info', stream: logs.stream } })
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    const ids = []
    for (let i = 0; i < 5; i++) ids.push((await app.inject({ method: 'POST', url: `/v1/${kind.path}/passkeyloginoptions` })).json().challengeId)
    const table = `"${kind.type}_webauthn_challenges"`
    await app.sql.unsafe(`update ${table} set expires_at = now() - interval '1 second' where id = any($1::uuid[])`, [ids.slice(0, 3)])
    await app.sql.unsafe(`update ${table} set used_at = now() where id = $1`, [ids[0]])
  }
  await V1PruneSessionsTask(app, 2)({}, helpers)
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    const left = await app.sql.unsafe(`select count(*)::int as n from "${kind.type}_webauthn_challenges"`)
    t.equal(left[0].n, 2, `${kind.type}: the two live challenges are left`)
    const line = logs.lines.find((l) => l.msg === 'expired second-factor challenges pruned' && l.type === kind.type)
    t.equal(line?.deleted, 3, 'in batches of 2, logged once per table')
  }
})
