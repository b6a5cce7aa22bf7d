/**
 * The service killed with SIGKILL in the middle of a webhook delivery (its request sent, the
 * receiver holding it open): a new service process on the same database delivers it again, with
 * the same webhook-id, verified by standardwebhooks' verifier; nothing is lost. (A receiver down,
 * slow, then answering 500 is test/plugins/webhooks/delivery.test.ts's.)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../../paths.js'
import { buildApp } from '../../app.js'
import { ACCOUNT_TYPES } from '../../plugins/accounts/registry.js'
import { cloneDatabase, testConfig } from '../helpers/app.js'
import { ENV, createTestAccount, signIn } from '../helpers/accounts.js'
import { freePort } from '../helpers/proxies.js'
import { jobRows } from '../helpers/jobs.js'
import { waitForNoConnections, waitUntil } from '../helpers/sockets.js'
import { BY_CLI, deliveriesOf, webhookReceiver } from '../helpers/webhooks.js'

interface Service { child: ChildProcess, exited: Promise<unknown>, output: () => string }

/** `node dist/cli.js serve` (what npm start runs: the API and its in-process worker) on `databaseUrl`. */
function serve (databaseUrl: string, dataDir: string, port: number): Service {
  const base: Record<string, string | undefined> = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete base[key]
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'serve'], {
    cwd: ROOT,
    env: {
      ...base, ...ENV, NODE_ENV: 'test', LOG_LEVEL: 'warn', MIGRATE_ON_START: 'false', DATABASE_URL: databaseUrl, DATA_DIR: dataDir,
      HOST: '127.0.0.1', PORT: String(port), WORKER_ENABLED: 'true',
      // Dead workers' jobs are looked for every second; the held attempt outlives the kill, and its
      // lease (WEBHOOK_TIMEOUT and 5 s) ends 20 s after it was sent.
      WORKER_RESCUE_INTERVAL: '1s', WEBHOOK_TIMEOUT: '15s', WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s'
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', (d) => { output += d })
  child.stderr!.on('data', (d) => { output += d })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  return { child, exited, output: () => output }
}

t.test('a delivery whose service is killed mid-request is delivered by the next process, same webhook-id, none lost', async (t) => {
  const { url, drop } = await cloneDatabase()
  const services: Service[] = []
  // The processes first, then the test's own app, then the database.
  const app = await buildApp({ config: testConfig({ ...ENV }, url) })
  t.teardown(async () => {
    for (const s of services) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL')
    await Promise.all(services.map((s) => s.exited))
    await app.close()
    await waitForNoConnections(url)
    await drop()
  })
  await app.ready()
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-hooks-fault-'))

  const receiver = await webhookReceiver(t)
  const { webhook, secret } = await app.webhooks.create({ organizationId: null }, BY_CLI, { url: receiver.url, events: ['login.succeeded'] })
  receiver.secret = secret
  receiver.answer((n) => n === 0 ? { status: 200, hold: true } : { status: 204 })
  // The event and its delivery commit together; no worker runs in this process.
  const user = await createTestAccount(app, ACCOUNT_TYPES.user)
  await signIn(app, ACCOUNT_TYPES.user, user)

  const first = serve(url, dataDir, await freePort())
  services.push(first)
  const held = await waitUntil(() => receiver.received[0], 'the first attempt to reach the receiver', 60_000, 50)
  t.match(held.verified, { type: 'login.succeeded', data: { accountId: user.id } }, 'the attempt held open is signed and verified')
  const id = held.headers['webhook-id']
  first.child.kill('SIGKILL')
  await first.exited
  const killedAt = Date.now()
  t.match(await deliveriesOf(app, webhook.id), [{ id, status: 'pending', attempts: 0 }], 'killed mid-request: the delivery is pending, no attempt recorded')
  t.equal((await jobRows(app)).filter((j) => j.task_identifier === 'V1SendWebhooksTask' && j.locked_by).length, 1,
    'its endpoint\'s job is still locked by the dead process')

  const second = serve(url, dataDir, await freePort())
  services.push(second)
  const [delivered] = await waitUntil(async () => {
    const rows = await deliveriesOf(app, webhook.id)
    return rows[0]?.status === 'delivered' ? rows : undefined
  }, 'the delivery by the new process, once the lease is over', 45_000, 100).catch((err) => {
    t.comment(`the new process said: ${second.output()}`)
    throw err
  })
  t.comment(`delivered ${Date.now() - killedAt} ms after the kill`)
  t.match(delivered, { id, status: 'delivered', attempts: 1, last_response_code: 204 }, 'delivered by the new process')
  t.equal(receiver.received.length, 2, 'the receiver got the request twice: the held one and the new one')
  const again = receiver.received[1]
  t.equal(again.headers['webhook-id'], id, 'with the same webhook-id: a receiver deduplicates it')
  t.same(again.verified, held.verified, 'the same event, verified by standardwebhooks')
  t.equal(again.status, 204, 'answered')
  t.same([...receiver.accepted().keys()], [id], 'one delivery accepted: none lost, no other')
  t.ok(await waitUntil(async () => (await jobRows(app)).length === 0, 'no job left', 10_000, 100), 'no job left behind')
})
