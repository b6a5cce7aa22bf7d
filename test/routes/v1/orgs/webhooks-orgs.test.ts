import t from 'tap'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import { ENV, assertError, createTestAccount, signIn } from '../../../helpers/accounts.js'
import { joined, keyCall, newKey, newMember, newOrg, orgCall, orgEvents, type OrgAction } from '../../../helpers/orgs.js'
import { waitUntil } from '../../../helpers/sockets.js'
import { BY_CLI, FAST_RETRIES, deliveriesOf, webhookReceiver } from '../../../helpers/webhooks.js'

const hook = (action: string) => action as OrgAction

t.test('/v1/orgs webhook routes: apikeys:manage, one organization\'s endpoints, and only its events delivered', async (t) => {
  const forA = await webhookReceiver(t)
  const forAdmins = await webhookReceiver(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', ...FAST_RETRIES } })
  const owner = await newMember(app)
  const orgA = await newOrg(app, owner)
  const orgB = await newOrg(app, owner)
  const member = await joined(app, orgA.id, 'member')
  const stranger = await newMember(app)

  const created = await orgCall(app, hook('createwebhook'), owner.token, { organizationId: orgA.id, url: forA.url, events: ['*'] })
  t.equal(created.statusCode, 201)
  const { webhook, secret } = created.json()
  t.match(webhook, { organizationId: orgA.id, events: ['*'] })
  forA.secret = secret
  const admins = await app.webhooks.create({ organizationId: null }, BY_CLI, { url: forAdmins.url, events: ['role.created'] })
  forAdmins.secret = admins.secret

  assertError(t, await orgCall(app, hook('listwebhooks'), member.token, { organizationId: orgA.id }), 403, 'ORG.FORBIDDEN')
  assertError(t, await orgCall(app, hook('listwebhooks'), stranger.token, { organizationId: orgA.id }), 404, 'ORG.NOT_FOUND')
  assertError(t, await orgCall(app, hook('createwebhook'), owner.token, { url: forA.url, events: ['*'] }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  t.same((await orgCall(app, hook('listwebhooks'), owner.token, { organizationId: orgB.id })).json().webhooks, [], 'another organization sees none')
  assertError(t, await orgCall(app, hook('updatewebhook'), owner.token, { organizationId: orgB.id, webhookId: webhook.id, enabled: false }),
    404, 'WEBHOOK.NOT_FOUND')
  assertError(t, await orgCall(app, hook('updatewebhook'), owner.token, { organizationId: orgA.id, webhookId: admins.webhook.id, enabled: false }),
    404, 'WEBHOOK.NOT_FOUND')
  const { key } = await newKey(app, owner, orgA.id, ['apikeys:manage'])
  const byKey = await keyCall(app, hook('listwebhooks'), key, { organizationId: orgA.id })
  t.same(byKey.json().webhooks.map((w: any) => w.id), [webhook.id], 'an API key with apikeys:manage lists them')
  t.notOk(byKey.body.includes(secret.slice(6)), 'never the secret')

  // A role in each organization and a login: A's endpoint gets A's role.created only; the admins' gets both.
  for (const org of [orgB, orgA]) {
    const res = await orgCall(app, 'createrole', owner.token, { organizationId: org.id, name: 'support', permissions: ['members:read'] })
    t.equal(res.statusCode, 201)
  }
  await signIn(app, ACCOUNT_TYPES.user, await createTestAccount(app, ACCOUNT_TYPES.user))
  await waitUntil(() => forAdmins.accepted().size === 2, 'both role.created to the admins', 10_000)
  await waitUntil(async () => (await app.sql`select count(*)::int as n from graphile_worker.jobs`)[0].n === 0, 'no job left', 10_000)
  const gotA = [...forA.accepted().values()].map((r) => r.verified!)
  t.ok(gotA.length > 0 && gotA.every((e) => e.data.data.organizationId === orgA.id), 'A\'s endpoint got A\'s events only')
  t.ok(gotA.some((e) => e.type === 'role.created'), 'A\'s role.created among them')
  t.notOk(gotA.some((e) => e.type === 'login.succeeded'), 'no event outside the organization')
  t.same([...forAdmins.accepted().values()].map((r) => r.verified!.data.data.organizationId).sort(), [orgA.id, orgB.id].sort(),
    'the admins\' endpoint got the event of each organization')

  const deliveries = await orgCall(app, hook('listwebhookdeliveries'), owner.token, { organizationId: orgA.id, webhookId: webhook.id })
  t.equal(deliveries.json().deliveries.length, (await deliveriesOf(app, webhook.id)).length)
  assertError(t, await orgCall(app, hook('listwebhookdeliveries'), owner.token, { organizationId: orgB.id, webhookId: webhook.id }), 404, 'WEBHOOK.NOT_FOUND')
  const rotated = await orgCall(app, hook('rotatewebhooksecret'), owner.token, { organizationId: orgA.id, webhookId: webhook.id })
  t.match(rotated.json().secret, /^whsec_/)
  t.equal((await orgCall(app, hook('deletewebhook'), owner.token, { organizationId: orgA.id, webhookId: webhook.id })).statusCode, 200)
  t.same((await orgEvents(app, 'webhook.created', orgA.id)).map((e) => [e.account_id, e.data.webhookId]), [[owner.account.id, webhook.id]],
    'the organization\'s audit log has the creation, by its member')
  t.equal((await orgEvents(app, 'webhook.deleted', orgA.id)).length, 1)
  t.same((await app.webhooks.list({ organizationId: null })).map((w) => w.id), [admins.webhook.id], 'the admins list only theirs')
})
