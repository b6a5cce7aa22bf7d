import t from 'tap'
import pg from 'pg'
import postgres from 'postgres'
import pino from 'pino'
import { makeWorkerUtils } from 'graphile-worker'
import { watchWorkerLiveness } from '../../../plugins/core/worker-liveness.js'
import { cloneDatabase } from '../../helpers/app.js'
import { sleep, waitUntil } from '../../helpers/sockets.js'

t.test('the liveness connection failing after stop() gave it back does not crash the process', async (t) => {
  const { url, drop } = await cloneDatabase()
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} })
  const pool = new pg.Pool({ connectionString: url, max: 3 })
  const poolErrors: Error[] = []
  pool.on('error', (err) => poolErrors.push(err))
  pool.on('connect', (client) => client.on('error', () => {}))
  const utils = await makeWorkerUtils({ pgPool: pool })
  t.teardown(async () => {
    await utils.release()
    await pool.end()
    await admin.end({ timeout: 5 })
    await drop()
  })
  const liveness = watchWorkerLiveness({ pool, utils, log: pino({ level: 'silent' }), intervalMs: 60_000 })
  await liveness.start()
  await liveness.stop()
  t.ok(pool.idleCount >= 1, 'the connection is back in the pool')

  // As at shutdown when the database goes away: the idle connection fails. A second release by
  // the liveness error handler would throw from the 'error' event and end the process.
  const name = new URL(url).pathname.slice(1)
  const terminated = await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`
  t.ok(terminated.length >= 1)
  await waitUntil(() => poolErrors.length >= 1, 'the pool to see its idle connection fail')
  await sleep(100)
  t.match(poolErrors[0], { code: '57P01' }, 'the failure reached the pool, and this process is still running')
})
