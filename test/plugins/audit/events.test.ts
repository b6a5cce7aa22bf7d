import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import {
  ENV, PASSWORD, authed, createTestAccount, login, refresh, signIn, type Row
} from '../../helpers/accounts.js'
import { decodeJwt } from '../../helpers/tokens.js'

const user = ACCOUNT_TYPES.user
const app = await build(t, { env: ENV })
const UA = { 'user-agent': 'AuditTest/1' }

async function eventsOf (target: FastifyInstance, accountId: string | null, event?: string): Promise<Row[]> {
  return [...await target.sql`select * from audit_events
    where (${accountId}::uuid is null or account_id = ${accountId}) and (${event ?? null}::text is null or event = ${event ?? null})
    order by id`]
}

async function adminSignedIn (target: FastifyInstance) {
  const account = await createTestAccount(target, ACCOUNT_TYPES.admin)
  return { ...await signIn(target, ACCOUNT_TYPES.admin, account), account }
}

t.test('login.succeeded and register carry the account, its new family, the address and the client', async (t) => {
  const account = await createTestAccount(app, user)
  const s = await signIn(app, user, account, { ...UA, 'x-client': 'app', 'x-platform': 'ios' })
  const [event] = await eventsOf(app, account.id, 'login.succeeded')
  t.match(event, { account_type: 'user', account_id: account.id, actor_type: 'user', actor_id: account.id,
    session_id: decodeJwt(s.token).payload.sid, ip_address: '127.0.0.1', user_agent: 'AuditTest/1', data: { client: 'app', platform: 'ios' } })
  const reg = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: `r${account.email}`, password: PASSWORD }, headers: UA })
  const id = reg.json().user.id
  t.match((await eventsOf(app, id))[0], { event: 'register', account_id: id, session_id: decodeJwt(reg.json().token).payload.sid })
})

t.test('login.failed keeps the address tried and why, never the password', async (t) => {
  const account = await createTestAccount(app, user)
  const inactive = await createTestAccount(app, user, { isActive: false })
  const deleted = await createTestAccount(app, user, { deletedAt: new Date() })
  const secret = 'my secret password 123'
  await login(app, user, { email: `nobody-${account.email}`, password: secret }, UA)
  await login(app, user, { email: account.email.toUpperCase(), password: secret }, UA)
  await login(app, user, { email: inactive.email, password: PASSWORD }, UA)
  await login(app, user, { email: deleted.email, password: PASSWORD }, UA)
  const failed = (await eventsOf(app, null, 'login.failed')).slice(-4)
  t.same(failed.map((e) => [e.account_id, e.data]), [
    [null, { email: `nobody-${account.email}`, reason: 'unknown_email' }],
    [account.id, { email: account.email, reason: 'wrong_password' }],
    [inactive.id, { email: inactive.email, reason: 'inactive' }],
    [deleted.id, { email: deleted.email, reason: 'deleted' }]
  ])
  t.same(failed.map((e) => [e.actor_type, e.ip_address, e.user_agent]), Array(4).fill([null, '127.0.0.1', 'AuditTest/1']))
  const all = JSON.stringify(await eventsOf(app, null))
  t.notMatch(all, secret, 'no password in any event')
  t.notMatch(all, PASSWORD)
})

t.test('logout, logoutall, session.revoked, sessions.revoked_others and refresh.reuse_detected', async (t) => {
  const account = await createTestAccount(app, user)
  const a = await signIn(app, user, account)
  const b = await signIn(app, user, account)
  const c = await signIn(app, user, account)
  await signIn(app, user, account) // the device logoutothers signs out
  const family = (token: string) => decodeJwt(token).payload.sid
  await authed(app, user, 'logout', a.token, { body: { refreshToken: a.refreshToken } })
  await authed(app, user, 'revokesession', b.token, { body: { sessionId: family(c.token) } })
  await authed(app, user, 'logoutothers', b.token)
  const rotated = await refresh(app, user, { body: { refreshToken: b.refreshToken } })
  t.equal(rotated.statusCode, 200)
  t.equal((await refresh(app, user, { body: { refreshToken: b.refreshToken } })).statusCode, 401, 'the replay')
  const e = await signIn(app, user, account)
  await authed(app, user, 'logoutall', e.token)
  const events = (await eventsOf(app, account.id)).filter((r) => r.event !== 'login.succeeded')
  t.same(events.map((r) => [r.event, r.session_id, r.data]), [
    ['logout', family(a.token), {}],
    ['session.revoked', family(c.token), {}],
    ['sessions.revoked_others', family(b.token), { revoked: 1 }],
    ['refresh.reuse_detected', family(b.token), {}],
    ['logoutall', family(e.token), {}]
  ], 'each with the session it is about')
  t.ok(events.every((r) => r.actor_type === 'user' && r.actor_id === account.id), 'the account acted')
  t.notOk(events.some((r) => r.event.startsWith('refresh.') && r.event !== 'refresh.reuse_detected'), 'a plain refresh is not recorded')
  t.equal((await eventsOf(app, account.id)).filter((r) => r.event === 'logout').length, 1)
})

t.test('refresh.reuse_allowed inside the reuse interval', async (t) => {
  const reuse = await build(t, { env: { ...ENV, REFRESH_TOKEN_REUSE_INTERVAL: '10s' } })
  const account = await createTestAccount(reuse, user)
  const s = await signIn(reuse, user, account)
  await refresh(reuse, user, { body: { refreshToken: s.refreshToken } })
  await refresh(reuse, user, { body: { refreshToken: s.refreshToken } })
  t.same((await eventsOf(reuse, account.id)).map((r) => r.event), ['login.succeeded', 'refresh.reuse_allowed'])
})

t.test('admin actions record the admin as the actor', async (t) => {
  const admin = await adminSignedIn(app)
  const target = await createTestAccount(app, user)
  for (const action of ['deactivateuser', 'activateuser', 'deleteuser', 'restoreuser', 'signoutuser', 'confirmuseremail']) {
    const res = await app.inject({ method: 'POST', url: `/v1/admins/${action}`, payload: { userId: target.id },
      headers: { authorization: `jwt-admin ${admin.token}`, ...UA } })
    t.equal(res.statusCode, 200)
  }
  const events = await eventsOf(app, target.id)
  t.same(events.map((r) => r.event), ['admin.user_deactivated', 'admin.user_activated', 'admin.user_deleted', 'admin.user_restored',
    'admin.user_signed_out', 'admin.user_email_confirmed'])
  t.ok(events.every((r) => r.actor_type === 'admin' && r.actor_id === admin.account.id && r.account_type === 'user' &&
    r.session_id === decodeJwt(admin.token).payload.sid && r.user_agent === 'AuditTest/1'))
})

t.test('/v1/admins/listauditevents names the account and the acting admin by email (null once the account is gone)', async (t) => {
  const admin = await adminSignedIn(app)
  const target = await createTestAccount(app, user)
  await app.inject({ method: 'POST', url: '/v1/admins/deactivateuser', payload: { userId: target.id }, headers: { authorization: `jwt-admin ${admin.token}` } })
  const list = async () => (await app.inject({ method: 'GET', url: `/v1/admins/listauditevents?accountId=${target.id}&event=admin.user_deactivated`,
    headers: { authorization: `jwt-admin ${admin.token}` } })).json().events
  t.match(await list(), [{ accountType: 'user', accountEmail: target.email, actorType: 'admin', actorId: admin.account.id, actorEmail: admin.account.email }])
  await app.sql`delete from users where id = ${target.id}`
  t.match(await list(), [{ accountId: target.id, accountEmail: null, actorEmail: admin.account.email }], 'the event outlives the account')
})

t.test('a change that is rolled back leaves no event', async (t) => {
  const admin = await adminSignedIn(app)
  const target = await createTestAccount(app, user)
  await app.sql.unsafe(`create function latchkey_test_fail_revoke() returns trigger language plpgsql as $$
    begin if new.token_version > old.token_version and new.id = '${target.id}' then raise exception 'failed on purpose'; end if; return new; end $$`)
  await app.sql.unsafe('create trigger latchkey_test_fail_revoke before update on users for each row execute function latchkey_test_fail_revoke()')
  t.teardown(async () => {
    await app.sql.unsafe('drop trigger if exists latchkey_test_fail_revoke on users')
    await app.sql.unsafe('drop function if exists latchkey_test_fail_revoke()')
  })
  const res = await app.inject({ method: 'POST', url: '/v1/admins/deactivateuser', payload: { userId: target.id },
    headers: { authorization: `jwt-admin ${admin.token}` } })
  t.equal(res.statusCode, 500)
  t.same(await eventsOf(app, target.id), [], 'no event')
  const [row] = await app.sql`select is_active from users where id = ${target.id}`
  t.equal(row.is_active, true, 'and no change')
})

t.test('/v1/admins/listauditevents: filters, newest first, cursor pages', async (t) => {
  const admin = await adminSignedIn(app)
  const account = await createTestAccount(app, user)
  for (let i = 0; i < 5; i++) await signIn(app, user, account)
  await login(app, user, { email: account.email, password: 'wrong password' })
  const list = (query: Record<string, string>) => app.inject({ method: 'GET',
    url: `/v1/admins/listauditevents?${new URLSearchParams(query)}`, headers: { authorization: `jwt-admin ${admin.token}` } })
  const res = await list({ accountType: 'user', accountId: account.id, limit: '4' })
  t.equal(res.statusCode, 200)
  const first = res.json()
  t.same(first.events.map((e: any) => e.event), ['login.failed', 'login.succeeded', 'login.succeeded', 'login.succeeded'], 'newest first')
  t.same(Object.keys(first.events[0]).sort(), ['accountEmail', 'accountId', 'accountType', 'actorEmail', 'actorId', 'actorType', 'createdAt',
    'data', 'event', 'id', 'ipAddress', 'sessionId', 'userAgent'])
  t.match(first.events[0], { accountId: account.id, accountEmail: account.email, actorEmail: null, data: { email: account.email, reason: 'wrong_password' } })
  t.match(first.events[1], { event: 'login.succeeded', accountEmail: account.email, actorType: 'user', actorEmail: account.email }, 'the account acting for itself')
  const second = (await list({ accountType: 'user', accountId: account.id, limit: '4', cursor: first.nextCursor })).json()
  t.same(second.events.map((e: any) => e.event), ['login.succeeded', 'login.succeeded'])
  t.equal(second.nextCursor, null)
  const failed = (await list({ event: 'login.failed', accountId: account.id })).json()
  t.equal(failed.events.length, 1)
  const future = (await list({ accountId: account.id, from: new Date(Date.now() + 60_000).toISOString() })).json()
  t.same(future.events, [])
  const past = (await list({ accountId: account.id, to: new Date(Date.now() - 3600_000).toISOString() })).json()
  t.same(past.events, [])
  for (const [query, name] of [[{ event: 'nope' }, 'event'], [{ from: 'yesterday' }, 'from'], [{ limit: '101' }, 'limit'],
    [{ accountType: 'robot' }, 'accountType']] as const) {
    const bad = await list(query)
    t.equal(bad.statusCode, 400)
    t.same(bad.json().fields.map((f: any) => f.name), [name])
  }
  t.same((await list({ accountType: 'robot' })).json().fields, [{ name: 'accountType', message: 'must be one of: user, admin' }])
  t.same((await list({ accountType: 'robot', lang: 'es' })).json().fields, [{ name: 'accountType', message: 'debe ser uno de estos valores: user, admin' }])
  t.match((await list({ event: 'nope' })).json().fields, [{ name: 'event', message: /^must be one of: login\.succeeded, login\.failed, .*admin\.user_email_confirmed, .*passkey\.registered, passkey\.login, passkey\.clone_suspected, .*signin_link\.used\b.*\blogin\.locked, email\.change_requested, email\.changed\b.*\baccount\.claimed\b/ }],
    'every event name')
  t.same((await list({ cursor: 'bm90LWEtY3Vyc29y', lang: 'es' })).json().fields, [{ name: 'cursor', message: 'no es un cursor de esta lista' }])
  const userToken = (await signIn(app, user, account)).token
  t.equal((await app.inject({ method: 'GET', url: '/v1/admins/listauditevents', headers: { authorization: `jwt-user ${userToken}` } })).statusCode, 401)
})
