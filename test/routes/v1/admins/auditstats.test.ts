import t from 'tap'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { AUDIT_STATS_SQL } from '../../../../plugins/audit/stats.js'
import { uuidv7 } from '../../../../random.js'
import { build } from '../../../helpers/app.js'
import { ENV, assertError, createTestAccount, login, signIn } from '../../../helpers/accounts.js'
import { call } from '../../../helpers/factors.js'
import { adminToken } from '../../../helpers/sockets.js'

const HOUR = 3_600_000
const app = await build(t, { env: ENV })
const admin = await adminToken(app)

function stats (query: Record<string, string>, token: string | null = admin, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/v1/admins/auditstats?${new URLSearchParams(query)}`,
    headers: { ...(token ? { authorization: `jwt-admin ${token}` } : {}), ...headers } })
}

/** Audit rows at the given instants, straight into the table (the route only reads it). */
async function insert (events: Array<[string, Date | string]>) {
  for (const [event, at] of events) {
    await app.sql`insert into audit_events (id, created_at, event, account_type) values (${uuidv7()}, ${new Date(at)}, ${event}, 'user')`
  }
}

t.test('counts per hour over every bucket of the range, quiet ones included with {}', async (t) => {
  await insert([
    ['login.succeeded', '2020-03-01T09:59:59.999Z'], // before the range's first hour
    ['login.succeeded', '2020-03-01T10:00:00.000Z'],
    ['login.succeeded', '2020-03-01T10:59:59.999Z'],
    ['login.failed', '2020-03-01T10:20:00Z'],
    ['login.failed', '2020-03-01T11:00:00Z'],
    ['refresh.reuse_detected', '2020-03-01T13:30:00Z'],
    ['login.failed', '2020-03-01T14:00:00Z'] // the range's end is exclusive
  ])
  const res = await stats({ from: '2020-03-01T10:30:00Z', to: '2020-03-01T13:45:00+00:00' })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
  t.same(res.json(), {
    status: 200,
    success: true,
    bucket: 'hour',
    from: '2020-03-01T10:00:00.000Z',
    to: '2020-03-01T14:00:00.000Z',
    buckets: [
      { start: '2020-03-01T10:00:00.000Z', counts: { 'login.succeeded': 2, 'login.failed': 1 } },
      { start: '2020-03-01T11:00:00.000Z', counts: { 'login.failed': 1 } },
      { start: '2020-03-01T12:00:00.000Z', counts: {} },
      { start: '2020-03-01T13:00:00.000Z', counts: { 'refresh.reuse_detected': 1 } }
    ]
  }, 'from rounded down, to rounded up to whole hours; counts of the effective range')
  const offset = await stats({ from: '2020-03-01T12:30:00+02:00', to: '2020-03-01T13:00:00+02:00' })
  t.same(offset.json().buckets, [{ start: '2020-03-01T10:00:00.000Z', counts: { 'login.succeeded': 2, 'login.failed': 1 } }],
    'offsets are honoured; buckets are UTC hours')
})

t.test('per day: UTC days, any method, arguments in the body too', async (t) => {
  await insert([['register', '2019-06-01T00:00:00Z'], ['register', '2019-06-01T23:59:59Z'], ['logout', '2019-06-03T12:00:00Z']])
  const res = await call(app, ACCOUNT_TYPES.admin, 'auditstats', admin, { from: '2019-06-01T05:00:00Z', to: '2019-06-04T00:00:00Z', bucket: 'day' })
  t.equal(res.statusCode, 200)
  t.same(res.json().buckets, [
    { start: '2019-06-01T00:00:00.000Z', counts: { register: 2 } },
    { start: '2019-06-02T00:00:00.000Z', counts: {} },
    { start: '2019-06-03T00:00:00.000Z', counts: { logout: 1 } }
  ])
  t.equal(res.json().to, '2019-06-04T00:00:00.000Z', 'a to on a boundary stays')
})

t.test('the numbers match many inserted events', async (t) => {
  const base = Date.parse('2018-01-01T00:00:00Z')
  const names = ['login.succeeded', 'login.failed', 'refresh.reuse_detected']
  const expected = new Map<number, Record<string, number>>()
  const rows: Array<[string, Date]> = []
  for (let i = 0; i < 400; i++) {
    const at = base + Math.floor(Math.random() * 48 * HOUR)
    const event = names[Math.floor(Math.random() * names.length)]
    rows.push([event, new Date(at)])
    const counts = expected.get(Math.floor(at / HOUR) * HOUR) ?? {}
    counts[event] = (counts[event] ?? 0) + 1
    expected.set(Math.floor(at / HOUR) * HOUR, counts)
  }
  await app.sql`insert into audit_events ${app.sql(rows.map(([event, at]) => ({ id: uuidv7(), created_at: at, event, account_type: 'user' })))}`
  const body = (await stats({ from: new Date(base).toISOString(), to: new Date(base + 48 * HOUR).toISOString() })).json()
  t.equal(body.buckets.length, 48)
  t.same(body.buckets, Array.from({ length: 48 }, (_, i) => ({ start: new Date(base + i * HOUR).toISOString(), counts: expected.get(base + i * HOUR) ?? {} })))
  const total = body.buckets.reduce((sum: number, b: any) => sum + Object.values(b.counts as Record<string, number>).reduce((a, n) => a + n, 0), 0)
  t.equal(total, 400)
})

t.test('by default: the last 7 days by the hour, up to the current hour, with what just happened', async (t) => {
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  t.equal((await login(app, ACCOUNT_TYPES.user, { email: account.email, password: 'wrong password here' })).statusCode, 400)
  const before = Date.now()
  const body = (await stats({})).json()
  t.equal(body.bucket, 'hour')
  const to = Date.parse(body.to)
  t.equal(to, Math.ceil(before / HOUR) * HOUR, 'to: the end of the current hour')
  t.equal(Date.parse(body.from), Math.floor((before - 7 * 24 * HOUR) / HOUR) * HOUR, 'from: 7 days earlier, rounded down')
  t.equal(body.buckets.length, (to - Date.parse(body.from)) / HOUR)
  t.ok(body.buckets.length === 168 || body.buckets.length === 169)
  t.ok(body.buckets.every((b: any, i: number) => Date.parse(b.start) === Date.parse(body.from) + i * HOUR), 'consecutive hours')
  t.ok(body.buckets.at(-1).counts['login.failed'] >= 1, 'the failed sign-in is in the last bucket')
  const byDay = (await stats({ bucket: 'day' })).json()
  t.ok(byDay.buckets.length === 7 || byDay.buckets.length === 8)
  t.ok(byDay.buckets.at(-1).counts['login.failed'] >= 1)
  const onlyFrom = (await stats({ from: new Date(before - 2 * HOUR).toISOString() })).json()
  t.ok(onlyFrom.buckets.length === 2 || onlyFrom.buckets.length === 3, 'from alone: up to now')
  const onlyTo = (await stats({ to: '2020-03-08T00:00:00Z' })).json()
  t.equal(onlyTo.from, '2020-03-01T00:00:00.000Z', 'to alone: the 7 days before it')
})

t.test('bad arguments are 400 BAD_REQUEST_INVALID_ARGUMENTS naming them', async (t) => {
  const cases: Array<[Record<string, string>, string, string | RegExp]> = [
    [{ bucket: 'week' }, 'bucket', 'must be one of: hour, day'],
    [{ from: 'yesterday' }, 'from', /format/],
    [{ to: '2020-13-01T00:00:00Z' }, 'to', /format/],
    [{ from: '2020-03-02T00:00:00Z', to: '2020-03-01T00:00:00Z' }, 'to', 'from must be earlier than to'],
    [{ from: '2020-03-01T00:00:00Z', to: '2020-03-01T00:00:00Z' }, 'to', 'from must be earlier than to'],
    [{ from: '2999-01-01T00:00:00Z' }, 'from', 'from must be earlier than to'],
    [{ from: '2020-01-01T00:00:00Z', to: '2020-02-12T00:00:00Z' }, 'to', 'gives more than 1000 buckets: narrow the range or choose a larger bucket'],
    [{ from: '1990-01-01T00:00:00Z', bucket: 'day' }, 'from', /more than 1000 buckets/],
    [{ form: '2020-03-01T00:00:00Z' }, 'form', 'is not an argument of this action']
  ]
  for (const [query, name, message] of cases) {
    const body = assertError(t, await stats(query), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.match(body.fields, [{ name, message }], JSON.stringify(query))
    t.equal(body.fields.length, 1)
  }
  const limit = await stats({ from: '2020-01-01T00:00:00Z', to: new Date(Date.parse('2020-01-01T00:00:00Z') + 1000 * HOUR).toISOString() })
  t.equal(limit.json().buckets.length, 1000, '1000 buckets is the most')
  const spanish = assertError(t, await stats({ from: '2020-03-02T00:00:00Z', to: '2020-03-01T00:00:00Z', lang: 'es' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  t.same(spanish.fields, [{ name: 'to', message: 'from debe ser anterior a to' }])
  t.equal(spanish.message, 'Argumentos no válidos: to')
  const two = assertError(t, await call(app, ACCOUNT_TYPES.admin, 'auditstats', admin, { bucket: 'hour', step: 1 }, { 'accept-language': 'es' }),
    400, 'BAD_REQUEST_INVALID_ARGUMENTS')
  t.same(two.fields, [{ name: 'step', message: 'no es un argumento de esta acción' }], 'a body argument too; lang is not one')
})

t.test('admins only: no token or a user token is 401', async (t) => {
  assertError(t, await stats({}, null), 401, 'UNAUTHORIZED')
  const user = await signIn(app, ACCOUNT_TYPES.user, await createTestAccount(app, ACCOUNT_TYPES.user))
  assertError(t, await stats({}, user.token), 401, 'UNAUTHORIZED')
  assertError(t, await app.inject({ method: 'GET', url: '/v1/admins/auditstats', headers: { authorization: `jwt-user ${user.token}` } }), 401, 'UNAUTHORIZED')
})

t.test('ADMIN_MFA_REQUIRED: an aal1 admin token is 403, before the arguments are looked at', async (t) => {
  const strict = await build(t, { env: { ...ENV, ADMIN_MFA_REQUIRED: 'true' } })
  const { token } = await signIn(strict, ACCOUNT_TYPES.admin, await createTestAccount(strict, ACCOUNT_TYPES.admin))
  assertError(t, await call(strict, ACCOUNT_TYPES.admin, 'auditstats', token), 403, 'ADMIN.FORBIDDEN_MFA_REQUIRED')
  assertError(t, await call(strict, ACCOUNT_TYPES.admin, 'auditstats', token, { bucket: 'week' }), 403, 'ADMIN.FORBIDDEN_MFA_REQUIRED')
})

t.test('the range is read through the index on created_at', async (t) => {
  const plan = await app.sql.begin(async (tx) => {
    await tx`set local enable_seqscan = off`
    return tx.unsafe(`explain ${AUDIT_STATS_SQL}`, ['2020-03-01T00:00:00Z', '2020-03-02T00:00:00Z', '3600 seconds'])
  })
  t.match(plan.map((row: any) => row['QUERY PLAN']).join('\n'), /audit_events_created_at_idx/)
})
