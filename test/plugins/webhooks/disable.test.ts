import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { smtpCatcher } from '../../helpers/mail.js'
import { start, waitUntil } from '../../helpers/sockets.js'
import { BY_CLI, deliveriesOf, webhookReceiver } from '../../helpers/webhooks.js'

const user = ACCOUNT_TYPES.user

t.test('an endpoint failing for WEBHOOK_DISABLE_AFTER is disabled, its admins mailed, and its pending deliveries end', async (t) => {
  const catcher = await smtpCatcher(t)
  const receiver = await webhookReceiver(t)
  // No wait before retries, and disabled after failing for 0 s: the second failure disables it.
  const app = await start(t, { env: { WORKER_ENABLED: 'true', SMTP_URL: catcher.url, WEBHOOK_RETRY_SCHEDULE: '0s,0s,0s,0s', WEBHOOK_DISABLE_AFTER: '0s' } })
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin, { isEmailConfirmed: true })
  const { webhook, secret } = await app.webhooks.create({ organizationId: null }, BY_CLI, { url: receiver.url, events: ['login.succeeded'] })
  receiver.secret = secret
  receiver.answer({ status: 503 })
  await signIn(app, user, await createTestAccount(app, user))

  const mail = await catcher.next(admin.email, { timeoutMs: 15_000 })
  t.match(mail.subject, /webhook endpoint was disabled/i)
  t.match(mail.text, receiver.url, 'the mail names the endpoint')
  const [endpoint] = await app.sql`select * from webhook_endpoints where id = ${webhook.id}`
  t.match(endpoint, { enabled: false })
  t.ok(endpoint.disabled_at && endpoint.failing_since, 'disabled_at and failing_since are set')
  const [event] = await app.sql`select * from audit_events where event = 'webhook.disabled'`
  t.match(event, { account_type: 'admin', actor_type: 'system', data: { webhookId: webhook.id, url: receiver.url } }, 'the audit log says so')
  const [delivery] = await waitUntil(async () => {
    const rows = await deliveriesOf(app, webhook.id)
    return rows[0]?.status === 'failed' ? rows : undefined
  }, 'the delivery to end', 10_000)
  t.equal(delivery.attempts, 2, 'no attempt after the one that disabled it')
  t.equal(delivery.last_error, 'endpoint disabled')
  t.equal(receiver.received.length, 2, 'the receiver saw two attempts')

  await signIn(app, user, await createTestAccount(app, user))
  t.same([...await app.sql`select task_identifier from graphile_worker.jobs where task_identifier like '%Webhook%'`], [],
    'a disabled endpoint is not queued for')
})
