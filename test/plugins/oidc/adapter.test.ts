import t from 'tap'
import { build } from '../../helpers/app.js'
import { postgresAdapter, pruneExpired } from '../../../plugins/oidc/adapter.js'
import { nameOf, oidcPayloads } from '../../../db/schema.js'

t.test('the PostgreSQL adapter stores, finds, consumes and revokes oidc-provider models', async (t) => {
  const app = await build(t)
  const Adapter = postgresAdapter(app.sql)
  const codes = new Adapter('AuthorizationCode')
  const tokens = new Adapter('RefreshToken')
  const sessions = new Adapter('Session')
  const devices = new Adapter('DeviceCode')

  await codes.upsert('code-1', { grantId: 'grant-1', accountId: 'u1' }, 60)
  await tokens.upsert('rt-1', { grantId: 'grant-1', accountId: 'u1' }, 3600)
  await tokens.upsert('rt-2', { grantId: 'grant-2', accountId: 'u2' }, 3600)
  t.same(await codes.find('code-1'), { grantId: 'grant-1', accountId: 'u1' })
  t.equal(await tokens.find('code-1'), undefined, 'one kind does not see another\'s ids')

  await codes.consume('code-1')
  const consumed = await codes.find('code-1') as { consumed?: number }
  t.type(consumed.consumed, 'number', 'a consumed code says when')
  t.ok(Math.abs(consumed.consumed! - Date.now() / 1000) < 60)

  await sessions.upsert('s-1', { uid: 'uid-1', accountId: 'u1' }, 600)
  t.same(await sessions.findByUid('uid-1'), { uid: 'uid-1', accountId: 'u1' })
  t.equal(await sessions.findByUid('uid-2'), undefined)
  await devices.upsert('d-1', { userCode: 'ABCD-EFGH', grantId: 'grant-3' }, 600)
  t.same(await devices.findByUserCode('ABCD-EFGH'), { userCode: 'ABCD-EFGH', grantId: 'grant-3' })

  // An upsert replaces the payload and its lookups.
  await sessions.upsert('s-1', { uid: 'uid-9', accountId: 'u1' }, 600)
  t.equal(await sessions.findByUid('uid-1'), undefined)
  t.same(await sessions.find('s-1'), { uid: 'uid-9', accountId: 'u1' })

  await codes.revokeByGrantId('grant-1')
  t.equal(await codes.find('code-1'), undefined, 'the grant\'s code is gone')
  t.equal(await tokens.find('rt-1'), undefined, 'the grant\'s refresh token is gone')
  t.ok(await tokens.find('rt-2'), 'another grant\'s token stays')

  await sessions.destroy('s-1')
  t.equal(await sessions.find('s-1'), undefined)
})

t.test('an expired row is not found, and the prune deletes it', async (t) => {
  const app = await build(t)
  const codes = new (postgresAdapter(app.sql))('AuthorizationCode')
  await codes.upsert('old', { grantId: 'g' }, 60)
  await codes.upsert('forever', { grantId: 'g2' })
  await app.sql.unsafe(`update ${nameOf(oidcPayloads)} set expires_at = now() - interval '1 second' where id = 'old'`)
  t.equal(await codes.find('old'), undefined, 'past expires_at it is gone for the provider')
  t.ok(await codes.find('forever'), 'no expiry: kept')
  await pruneExpired(app.sql)
  const rows = await app.sql.unsafe<Array<{ id: string }>>(`select id from ${nameOf(oidcPayloads)} order by id`)
  t.same(rows.map((r) => r.id), ['forever'])
})

t.test('a user\'s grant and tokens are stored and read without permission scopes; a machine\'s token keeps them', async (t) => {
  const app = await build(t)
  const Adapter = postgresAdapter(app.sql)
  const grants = new Adapter('Grant')
  const tokens = new Adapter('AccessToken')
  const machines = new Adapter('ClientCredentials')
  const grant = { accountId: 'u1', clientId: 'c1', openid: { scope: 'openid members:remove' }, resources: { 'https://api.example.com/': 'email members:read' } }
  await grants.upsert('g-1', grant, 600)
  const refused = { accountId: 'u1', clientId: 'c1', openid: { scope: 'openid' }, resources: { 'https://api.example.com/': 'email' },
    rejected: { openid: { scope: 'members:remove' }, resources: { 'https://api.example.com/': 'members:read' } } }
  t.same(await grants.find('g-1'), refused, 'the permissions are refused, not granted')
  const [stored] = await app.sql.unsafe<Array<{ payload: unknown }>>(`select payload from ${nameOf(oidcPayloads)} where id = 'g-1'`)
  t.same(stored!.payload, refused, 'so it is stored')
  // A row written before the rule is read by it.
  await app.sql.unsafe(`update ${nameOf(oidcPayloads)} set payload = $1::text::jsonb where id = 'g-1'`, [JSON.stringify(grant)])
  t.same(await grants.find('g-1'), refused, 'an older grant is read without them')
  await tokens.upsert('at-1', { accountId: 'u1', grantId: 'g-1', scope: 'openid members:remove' }, 600)
  t.same(await tokens.find('at-1'), { accountId: 'u1', grantId: 'g-1', scope: 'openid' })
  await machines.upsert('cc-1', { clientId: 'c1', scope: 'members:remove' }, 600)
  t.same(await machines.find('cc-1'), { clientId: 'c1', scope: 'members:remove' }, 'client_credentials: as issued')
})
