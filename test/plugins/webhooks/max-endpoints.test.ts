import t from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { loadConfig } from '../../../plugins/core/config.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, createTestAccount, signIn } from '../../helpers/accounts.js'
import { refuses, tempDir } from '../../helpers/config.js'
import { joined, newMember, newOrg, orgCall, type OrgAction } from '../../helpers/orgs.js'

const MAX = 3
const ROUNDS = 5
const HOOK = { url: 'http://127.0.0.1:9/hooks', events: ['*'] }
const TOO_MANY = {
  status: 400, success: false, error: 'WEBHOOK.BAD_REQUEST_TOO_MANY_ENDPOINTS', message: `At most ${MAX} webhook endpoints are allowed here: delete one first`
}
const hook = (action: string) => action as OrgAction

type Create = (headers?: Record<string, string>) => Promise<LightMyRequestResponse>
/** A scope's name, its organization (null: the admins') and createwebhook as two of its managers (two sessions: requests that truly overlap). */
interface Scope { name: string, organizationId: string | null, creators: [Create, Create] }

async function adminsScope (app: FastifyInstance): Promise<Scope> {
  const creator = async (): Promise<Create> => {
    const { token } = await signIn(app, ACCOUNT_TYPES.admin, await createTestAccount(app, ACCOUNT_TYPES.admin, { isEmailConfirmed: true }))
    return (headers = {}) => app.inject({ method: 'POST', url: '/v1/admins/createwebhook', payload: HOOK, headers: { authorization: `jwt-admin ${token}`, ...headers } })
  }
  return { name: 'the admins', organizationId: null, creators: [await creator(), await creator()] }
}

async function orgScope (app: FastifyInstance, name: string): Promise<Scope & { ownerToken: string }> {
  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  const admin = await joined(app, org.id, 'admin')
  const creator = (token: string): Create => (headers = {}) => orgCall(app, hook('createwebhook'), token, { organizationId: org.id, ...HOOK }, headers)
  return { name, organizationId: org.id, creators: [creator(owner.token), creator(admin.token)], ownerToken: owner.token }
}

/** The endpoints of a scope and its webhook.created events: what a refused create must not have added. */
async function kept (app: FastifyInstance, organizationId: string | null): Promise<{ endpoints: number, created: number }> {
  const [row] = await app.sql`select
    (select count(*) from webhook_endpoints where organization_id is not distinct from ${organizationId}::uuid)::int as endpoints,
    (select count(*) from audit_events where event = 'webhook.created' and data->>'organizationId' is not distinct from ${organizationId}::text)::int as created`
  return { endpoints: row.endpoints, created: row.created }
}

t.test('WEBHOOK_MAX_ENDPOINTS: 20 by default, an integer from 1', async (t) => {
  t.equal(loadConfig({ DATA_DIR: tempDir(t) }).webhookMaxEndpoints, 20)
  t.equal(loadConfig({ DATA_DIR: tempDir(t), WEBHOOK_MAX_ENDPOINTS: '5' }).webhookMaxEndpoints, 5)
  refuses(t, { DATA_DIR: tempDir(t), WEBHOOK_MAX_ENDPOINTS: '0' }, 'WEBHOOK_MAX_ENDPOINTS')
  refuses(t, { DATA_DIR: tempDir(t), WEBHOOK_MAX_ENDPOINTS: 'many' }, 'WEBHOOK_MAX_ENDPOINTS')
})

t.test('an organization and the admins each have at most WEBHOOK_MAX_ENDPOINTS endpoints; one more is 400 and inserts nothing', async (t) => {
  const app = await build(t, { env: { ...ENV, WEBHOOK_MAX_ENDPOINTS: String(MAX) } })
  const orgA = await orgScope(app, 'organization A')
  const orgB = await orgScope(app, 'organization B')
  for (const { name, organizationId, creators: [create] } of [orgA, await adminsScope(app)]) {
    for (let i = 0; i < MAX; i++) t.equal((await create()).statusCode, 201, `${name}: endpoint ${i + 1} of ${MAX}`)
    const refused = await create()
    t.equal(refused.statusCode, 400, `${name}: endpoint ${MAX + 1} is refused`)
    t.same(refused.json(), TOO_MANY, `${name}: the standard error body`)
    t.same(await kept(app, organizationId), { endpoints: MAX, created: MAX }, `${name}: no endpoint and no audit event added`)
    t.match((await create({ 'accept-language': 'es' })).json(), { error: TOO_MANY.error, message: `Se permiten como máximo ${MAX} endpoints` },
      `${name}: in Spanish too`)
  }
  t.equal((await orgB.creators[0]()).statusCode, 201, 'another organization\'s endpoints are counted apart')

  const [oldest] = await app.sql`select id from webhook_endpoints where organization_id = ${orgA.organizationId} order by id limit 1`
  const removed = await orgCall(app, hook('deletewebhook'), orgA.ownerToken, { organizationId: orgA.organizationId, webhookId: oldest.id })
  t.equal(removed.statusCode, 200)
  t.equal((await orgA.creators[0]()).statusCode, 201, 'once one is deleted, there is room for one more')
  t.equal((await orgA.creators[0]()).statusCode, 400, 'and for that one only')
})

t.test('two creates at once with one place left: exactly one gets it, for an organization and for the admins', async (t) => {
  const app = await build(t, { env: { ...ENV, WEBHOOK_MAX_ENDPOINTS: String(MAX) } })
  for (const { name, organizationId, creators } of [await orgScope(app, 'an organization'), await adminsScope(app)]) {
    for (let i = 0; i < MAX - 1; i++) t.equal((await creators[i % 2]()).statusCode, 201)
    // Several rounds: the first requests of a session are slower, and may not overlap.
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(creators.map((create) => create()))
      t.same(answers.map((res) => res.statusCode).sort(), [201, 400], `${name}, round ${round}: one 201, one 400`)
      t.same(answers.find((res) => res.statusCode !== 201)?.json(), TOO_MANY, `${name}, round ${round}: the other gets the standard error body`)
      t.equal((await kept(app, organizationId)).endpoints, MAX, `${name}, round ${round}: ${MAX} endpoints, not ${MAX + 1}`)
      await app.sql`delete from webhook_endpoints where id = (select max(id::text)::uuid from webhook_endpoints
        where organization_id is not distinct from ${organizationId}::uuid)`
    }
    t.equal((await kept(app, organizationId)).created, MAX - 1 + ROUNDS, `${name}: one webhook.created per endpoint created, none for a refusal`)
  }
})

t.test('a burst of creates on an empty scope: exactly WEBHOOK_MAX_ENDPOINTS of them succeed', async (t) => {
  const app = await build(t, { env: { ...ENV, WEBHOOK_MAX_ENDPOINTS: String(MAX) } })
  for (const { name, organizationId, creators } of [await orgScope(app, 'an organization'), await adminsScope(app)]) {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => creators[i % 2]()))
    t.equal(answers.filter((res) => res.statusCode === 201).length, MAX, `${name}: ${MAX} created`)
    t.ok(answers.filter((res) => res.statusCode !== 201).every((res) => res.json().error === TOO_MANY.error), `${name}: the others refused as too many`)
    t.same(await kept(app, organizationId), { endpoints: MAX, created: MAX }, `${name}: ${MAX} endpoints`)
  }
})
