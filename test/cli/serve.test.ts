/** `latchkey serve` and `latchkey worker` as processes: what an operator sees when they fail or run. */
import { createServer } from 'node:net'
import t from 'tap'
import { freePort } from '../../db/embedded.js'
import { cli, scratch, startCli } from '../helpers/cli.js'

t.test('latchkey serve and worker', async (t) => {
  const db = await scratch(t)
  const { dataDir } = db
  const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, NODE_ENV: 'test', MIGRATE_ON_START: 'false', HOST: '127.0.0.1' }

  t.test('serve on a port in use is one line and exit 1, not an EADDRINUSE stack', async (t) => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    t.teardown(() => new Promise((resolve) => taken.close(resolve)))
    const { port } = taken.address() as { port: number }
    const res = await cli(['serve'], { ...env, PORT: String(port), WORKER_ENABLED: 'false' })
    t.equal(res.code, 1)
    t.equal(res.stderr, `cannot listen on 127.0.0.1:${port}: the address is already in use\n`)
  })

  t.test('worker runs jobs only, serves its metrics on METRICS_PORT, and exits 0 on SIGTERM', async (t) => {
    const metricsPort = await freePort()
    const worker = startCli(t, ['worker'], { ...env, LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort) })
    t.ok(await worker.waitFor('looking for jobs'), worker.stdout() + worker.stderr())
    t.match(worker.stdout(), "task names: 'V1PublishTask'", 'the worker runs V1PublishTask')
    t.notMatch(worker.stdout(), 'Server listening', 'and serves no HTTP')
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    t.equal(res.status, 200)
    t.match(await res.text(), '# TYPE latchkey_jobs_total counter')
    worker.child.kill('SIGTERM')
    t.equal(await worker.exited, 0, 'exit code 0 after SIGTERM')
    t.match(worker.stdout(), 'signal received, closing gracefully')
    t.equal(worker.stderr(), '')
  })
})
