import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import { ENV, PRODUCTION_ENV, assertError, createTestAccount, signIn } from '../../../helpers/accounts.js'
import { waitUntil } from '../../../helpers/sockets.js'
import { FAST_RETRIES, deliveriesOf, webhookReceiver } from '../../../helpers/webhooks.js'

const { admin, user } = ACCOUNT_TYPES

async function adminCaller (app: FastifyInstance) {
  const { token } = await signIn(app, admin, await createTestAccount(app, admin, { isEmailConfirmed: true }))
  return (action: string, body: Record<string, unknown> = {}, auth = `jwt-admin ${token}`) =>
    app.inject({ method: 'POST', url: `/v1/admins/${action}`, payload: body, headers: { authorization: auth } })
}

t.test('/v1/admins webhook routes: create (secret once), list, update, rotate, deliveries, redeliver, delete', async (t) => {
  const receiver = await webhookReceiver(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', ...FAST_RETRIES } })
  const call = await adminCaller(app)

  const created = await call('createwebhook', { url: receiver.url, events: ['login.succeeded', 'register'], description: 'CRM sync' })
  t.equal(created.statusCode, 201)
  t.equal(created.headers['cache-control'], 'no-store')
  const { webhook, secret } = created.json()
  t.match(webhook, { url: receiver.url, events: ['login.succeeded', 'register'], description: 'CRM sync', enabled: true, organizationId: null, failingSince: null })
  t.match(secret, /^whsec_/)
  receiver.secret = secret

  const listed = await call('listwebhooks')
  t.same(listed.json().webhooks.map((w: any) => w.id), [webhook.id])
  t.notOk(listed.body.includes(secret.slice(6)), 'a list never shows the secret')
  t.notOk('secret' in listed.json().webhooks[0])

  assertError(t, await call('createwebhook', { url: receiver.url, events: ['login.nope'] }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  assertError(t, await call('createwebhook', { url: receiver.url, events: [] }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  assertError(t, await call('createwebhook', { url: 'ftp://example.com/x', events: ['*'] }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  assertError(t, await call('createwebhook', { url: 'http://user:pw@127.0.0.1/x', events: ['*'] }), 400, 'WEBHOOK.BAD_REQUEST_URL')

  const updated = await call('updatewebhook', { webhookId: webhook.id, events: ['login.succeeded'], description: 'sign-ins' })
  t.match(updated.json().webhook, { events: ['login.succeeded'], description: 'sign-ins', url: receiver.url })
  const disabled = await call('updatewebhook', { webhookId: webhook.id, enabled: false })
  t.match(disabled.json().webhook, { enabled: false })
  t.ok(disabled.json().webhook.disabledAt)
  t.match((await call('updatewebhook', { webhookId: webhook.id, enabled: true })).json().webhook, { enabled: true, disabledAt: null })

  const rotated = await call('rotatewebhooksecret', { webhookId: webhook.id })
  t.equal(rotated.statusCode, 200)
  t.not(rotated.json().secret, secret, 'a new secret')
  receiver.secret = rotated.json().secret

  const { token: userToken } = await signIn(app, user, await createTestAccount(app, user))
  await waitUntil(() => receiver.accepted().size === 1, 'the login delivered, signed with the new secret', 10_000)
  const page = await call('listwebhookdeliveries', { webhookId: webhook.id, limit: 10 })
  t.equal(page.statusCode, 200)
  const [delivery] = page.json().deliveries
  await waitUntil(async () => (await deliveriesOf(app, webhook.id))[0].status === 'delivered', 'recorded')
  const recorded = (await call('listwebhookdeliveries', { webhookId: webhook.id, status: 'delivered' })).json().deliveries
  t.match(recorded, [{ id: delivery.id, eventType: 'login.succeeded', status: 'delivered', attempts: 1, lastResponseCode: 200 }])
  t.type(recorded[0].durationMs, 'number')
  t.same((await call('listwebhookdeliveries', { webhookId: webhook.id, status: 'failed' })).json().deliveries, [])

  const again = await call('redeliverwebhook', { webhookId: webhook.id, deliveryId: delivery.id })
  t.match(again.json().delivery, { id: delivery.id, status: 'pending', attempts: 0 })
  await waitUntil(() => receiver.received.filter((r) => r.headers['webhook-id'] === delivery.id && r.status === 200).length === 2,
    'the redelivery, with the same webhook-id', 10_000)
  assertError(t, await call('redeliverwebhook', { webhookId: webhook.id, deliveryId: randomUUID() }), 404, 'WEBHOOK.DELIVERY_NOT_FOUND')

  assertError(t, await call('listwebhooks', {}, `jwt-user ${userToken}`), 401, 'UNAUTHORIZED')
  t.equal((await call('deletewebhook', { webhookId: webhook.id })).statusCode, 200)
  t.same(await deliveriesOf(app, webhook.id), [], 'its deliveries went with it')
  const changes = await app.sql`select event, account_type, actor_type, data from audit_events where data->>'webhookId' = ${webhook.id} order by id`
  t.same(changes.map((e) => e.event), ['webhook.created', 'webhook.updated', 'webhook.updated', 'webhook.updated', 'webhook.secret_rotated', 'webhook.deleted'],
    'each change of the endpoint is in the audit log')
  t.ok(changes.every((e) => e.account_type === 'admin' && e.actor_type === 'admin' && !('organizationId' in e.data)), 'by the admin')
  t.notOk(JSON.stringify(changes).includes(secret.slice(6)), 'never with a secret')
  assertError(t, await call('deletewebhook', { webhookId: webhook.id }), 404, 'WEBHOOK.NOT_FOUND')
  assertError(t, await call('rotatewebhooksecret', { webhookId: webhook.id }), 404, 'WEBHOOK.NOT_FOUND')
})

t.test('in production: https only, and an endpoint resolving to loopback gets no connection (the attempt records why)', async (t) => {
  const receiver = await webhookReceiver(t)
  const app = await build(t, { env: { ...PRODUCTION_ENV, WORKER_ENABLED: 'true', WEBHOOK_RETRY_SCHEDULE: '1h' } })
  const call = await adminCaller(app)
  assertError(t, await call('createwebhook', { url: receiver.url, events: ['*'] }), 400, 'WEBHOOK.BAD_REQUEST_URL')
  for (const url of ['https://10.1.2.3/hooks', 'https://169.254.169.254/latest', 'https://[::1]:8443/x', 'https://[fd00::1]/x']) {
    const res = await call('createwebhook', { url, events: ['*'] })
    assertError(t, res, 400, 'WEBHOOK.BAD_REQUEST_URL')
    t.match(res.json().message, /loopback, private or link-local/, `${url}: refused when registered`)
  }
  // https to a name resolving to 127.0.0.1: refused after resolution, before connecting.
  const created = await call('createwebhook', { url: `https://localhost:${receiver.port}/hooks`, events: ['login.succeeded'] })
  t.equal(created.statusCode, 201)
  const { webhook } = created.json()
  await signIn(app, user, await createTestAccount(app, user))
  const [row] = await waitUntil(async () => {
    const rows = await deliveriesOf(app, webhook.id)
    return rows[0]?.attempts === 1 ? rows : undefined
  }, 'the attempt', 10_000)
  t.match(row, { status: 'pending', last_response_code: null, last_error: /localhost resolves to .*loopback, private or link-local/ })
  t.equal(receiver.connections(), 0, 'no connection was made')
})
