import t from 'tap'
import { Webhook } from 'standardwebhooks'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, signIn, uniqueEmail } from '../../helpers/accounts.js'
import { start, waitUntil } from '../../helpers/sockets.js'
import { BY_CLI, FAST_RETRIES, deliveriesOf, webhookReceiver } from '../../helpers/webhooks.js'

const user = ACCOUNT_TYPES.user
const ADMINS = { organizationId: null }

t.test('every delivery is signed as Standard Webhooks say: the verifier accepts it, and refuses it tampered, late or under another secret', async (t) => {
  const receiver = await webhookReceiver(t)
  const app = await start(t, { env: { WORKER_ENABLED: 'true', ...FAST_RETRIES } })
  const { webhook, secret } = await app.webhooks.create(ADMINS, BY_CLI, { url: receiver.url, events: ['*'] })
  receiver.secret = secret
  t.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'a whsec_ secret of 32 bytes')

  const account = await createTestAccount(app, user, { email: uniqueEmail('hook') })
  const session = await signIn(app, user, account)
  const [event] = await app.sql`select * from audit_events where event = 'login.succeeded' and account_id = ${account.id}`
  const got = await waitUntil(() => [...receiver.accepted().values()].find((r) => r.verified!.type === 'login.succeeded'), 'the delivery', 10_000)
  const created = [...receiver.accepted().values()].find((r) => r.verified!.type === 'webhook.created')
  t.match(created?.verified, { data: { actorType: 'cli', data: { webhookId: webhook.id, url: receiver.url, events: ['*'] } } },
    'its own creation was an event too, delivered to it')

  t.equal(got.headers['content-type'], 'application/json')
  t.match(got.headers['webhook-signature'], /^v1,[A-Za-z0-9+/]+=*$/, 'v1,<base64 HMAC-SHA256>')
  t.ok(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000) < 30, 'webhook-timestamp: seconds, now')
  t.match(got.verified, {
    type: 'login.succeeded',
    timestamp: event.created_at.toISOString(),
    data: { id: event.id, event: 'login.succeeded', accountType: 'user', accountId: account.id, accountEmail: account.email }
  }, 'the body is { type, timestamp, data } with the audit event as the API lists it')
  for (const never of [session.token, session.refreshToken, account.password]) {
    t.notOk(got.body.includes(never), 'no token nor password in the body')
  }
  const loginDelivery = async () => (await deliveriesOf(app, webhook.id)).find((d) => d.event_type === 'login.succeeded')!
  t.equal(got.headers['webhook-id'], (await loginDelivery()).id, 'webhook-id is the delivery\'s id')
  await waitUntil(async () => (await loginDelivery()).status === 'delivered', 'the delivery recorded')
  t.match(await loginDelivery(), { status: 'delivered', attempts: 1, last_response_code: 200, audit_event_id: event.id })

  const verify = (body: string, headers: Record<string, string>, key = secret) => {
    try {
      new Webhook(key).verify(body, headers)
      return true
    } catch {
      return false
    }
  }
  t.ok(verify(got.body, got.headers), 'the verifier accepts what was sent')
  t.notOk(verify(got.body.replace('login.succeeded', 'login.failed'), got.headers), 'a tampered body is refused')
  const old = String(Number(got.headers['webhook-timestamp']) - 600)
  t.notOk(verify(got.body, { ...got.headers, 'webhook-timestamp': old }), 'a timestamp ten minutes old is refused')
  const resigned = new Webhook(secret).sign(got.headers['webhook-id'], new Date(Number(old) * 1000), got.body)
  t.notOk(verify(got.body, { ...got.headers, 'webhook-timestamp': old, 'webhook-signature': resigned }), 'even signed right, a late one is refused')
  const other = (await app.webhooks.rotate(ADMINS, BY_CLI, webhook.id)).secret
  t.notOk(verify(got.body, got.headers, other), 'another secret refuses it')
})

t.test('a receiver down, then too slow, then answering 500, then back gets every event once it recovers, none lost', async (t) => {
  const receiver = await webhookReceiver(t)
  const app = await start(t, { env: { WORKER_ENABLED: 'true', ...FAST_RETRIES } })
  const { webhook, secret } = await app.webhooks.create(ADMINS, BY_CLI, { url: receiver.url, events: ['login.succeeded'] })
  receiver.secret = secret
  await receiver.down()

  const accounts = await Promise.all([1, 2, 3].map(() => createTestAccount(app, user)))
  for (const account of accounts) await signIn(app, user, account)
  const attempted = (n: number, what: string) => waitUntil(async () => {
    const rows = await deliveriesOf(app, webhook.id)
    return rows.length === 3 && rows.every((r) => r.attempts >= n) ? rows : undefined
  }, what, 15_000)
  const down = await attempted(1, 'a first attempt of each')
  t.ok(down.every((r) => r.status === 'pending' && r.last_response_code === null && /ECONNREFUSED/.test(r.last_error)), 'refused: pending, to be retried')

  receiver.answer({ status: 200, delayMs: 1500 })
  await receiver.up()
  await waitUntil(async () => (await deliveriesOf(app, webhook.id)).every((r) => /within 1000 ms/.test(r.last_error ?? '')), 'timed-out attempts', 15_000)
  receiver.answer({ status: 500 })
  await waitUntil(async () => (await deliveriesOf(app, webhook.id)).every((r) => r.last_response_code === 500), 'attempts answered 500', 15_000)
  t.equal(receiver.accepted().size, 0, 'nothing accepted yet')
  receiver.answer({ status: 204 })

  const done = await waitUntil(async () => {
    const rows = await deliveriesOf(app, webhook.id)
    return rows.every((r) => r.status === 'delivered') ? rows : undefined
  }, 'every delivery delivered', 20_000)
  t.ok(done.every((r) => r.attempts >= 4 && r.last_response_code === 204 && r.delivered_at), 'each delivered after its failed attempts')
  const accepted = receiver.accepted()
  t.same([...accepted.keys()].sort(), done.map((r) => r.id).sort(), 'the receiver accepted each delivery, by its webhook-id')
  t.same([...accepted.values()].map((r) => r.verified!.data.accountId).sort(), accounts.map((a) => a.id).sort(), 'every event arrived')
  t.ok(receiver.received.every((r) => r.verified), 'every attempt verified, the failed ones too')
})

t.test('a redirect is not followed: the attempt failed with its 3xx, and the other address gets nothing', async (t) => {
  const receiver = await webhookReceiver(t)
  const elsewhere = await webhookReceiver(t)
  const app = await start(t, { env: { WORKER_ENABLED: 'true', WEBHOOK_RETRY_SCHEDULE: '1h' } })
  const { webhook, secret } = await app.webhooks.create(ADMINS, BY_CLI, { url: receiver.url, events: ['login.succeeded'] })
  receiver.secret = secret
  receiver.answer({ status: 307, location: elsewhere.url })
  await signIn(app, user, await createTestAccount(app, user))
  const [row] = await waitUntil(async () => {
    const rows = await deliveriesOf(app, webhook.id)
    return rows[0]?.attempts === 1 ? rows : undefined
  }, 'the attempt', 10_000)
  t.match(row, { status: 'pending', last_response_code: 307, last_error: 'answered 307' })
  t.ok(row.next_attempt_at.getTime() > Date.now() + 3_000_000, 'the retry waits for the schedule (1h)')
  t.equal(elsewhere.connections(), 0, 'the redirect\'s target saw no connection')
})

t.test('an endpoint gets only the events it subscribed to', async (t) => {
  const receiver = await webhookReceiver(t)
  const app = await start(t, { env: { WORKER_ENABLED: 'true', ...FAST_RETRIES } })
  const registers = await app.webhooks.create(ADMINS, BY_CLI, { url: receiver.url, events: ['register', 'logout'] })
  receiver.secret = registers.secret
  const res = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: uniqueEmail('reg'), password: 'correct horse battery staple' } })
  t.equal(res.statusCode, 201)
  await signIn(app, user, await createTestAccount(app, user))
  await waitUntil(() => receiver.accepted().size >= 1, 'the register delivery', 10_000)
  // The login's event was written after the register's: had it been wanted, its fan-out would be done too.
  await waitUntil(async () => (await app.sql`select count(*)::int as n from graphile_worker.jobs`)[0].n === 0, 'no job left', 10_000)
  t.same([...receiver.accepted().values()].map((r) => r.verified!.type), ['register'], 'register only, not login.succeeded')
  t.equal((await deliveriesOf(app, registers.webhook.id)).length, 1, 'one delivery')
})

t.test('the audit insert writes the deliveries and queues no job: the dispatcher queues one per endpoint', async (t) => {
  const app = await start(t)
  const off = await app.webhooks.create(ADMINS, BY_CLI, { url: 'http://127.0.0.1:9/x', events: ['*'] })
  await app.webhooks.update(ADMINS, BY_CLI, { webhookId: off.webhook.id, enabled: false })
  await app.webhooks.create(ADMINS, BY_CLI, { url: 'http://127.0.0.1:9/y', events: ['register'] })
  const jobs = async () => [...await app.sql`select task_identifier, key from graphile_worker.jobs order by id`]
  const loginDeliveries = async () => [...await app.sql`select d.endpoint_id, d.status, d.event_type from webhook_deliveries d
    join audit_events a on a.id = d.audit_event_id where a.event = 'login.succeeded' order by d.id`]
  await signIn(app, user, await createTestAccount(app, user))
  t.same(await loginDeliveries(), [], 'no delivery: the one endpoint wanting it is disabled, the other wants register')
  await app.webhooks.update(ADMINS, BY_CLI, { webhookId: off.webhook.id, enabled: true })
  // The endpoint's creation was an event it wanted: those deliveries end with it disabled (no worker here).
  await app.sql`update webhook_deliveries set status = 'failed' where status = 'pending'`
  await signIn(app, user, await createTestAccount(app, user))
  t.match(await loginDeliveries(), [{ endpoint_id: off.webhook.id, status: 'pending', event_type: 'login.succeeded' }],
    'enabled again: its delivery, written by the trigger in the event\'s transaction')
  t.same(await jobs(), [], 'and no job: nothing of graphile-worker in the audited transaction')
  t.equal(await app.webhooks.dispatch(), 1, 'the dispatcher queues a job for the endpoint with a due delivery')
  t.same(await jobs(), [{ task_identifier: 'V1SendWebhooksTask', key: `webhooks:${off.webhook.id}` }], 'one job, keyed by the endpoint')
  await signIn(app, user, await createTestAccount(app, user))
  t.equal(await app.webhooks.dispatch(), 0, 'a second due delivery: the endpoint\'s job is already queued')
  t.equal((await jobs()).length, 1, 'still one job')
  // A job that failed for good stays in graphile-worker's table with its key: it must not hold the endpoint back.
  await app.sql`update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'database down'`
  t.equal(await app.webhooks.dispatch(), 1, 'a job whose attempts are spent: the dispatcher queues the endpoint again')
  t.same([...await app.sql`select attempts, max_attempts from graphile_worker.jobs where key = ${`webhooks:${off.webhook.id}`}`],
    [{ attempts: 0, max_attempts: 10 }], 'the endpoint\'s key is on a fresh job (graphile-worker leaves the failed one without it)')
})
