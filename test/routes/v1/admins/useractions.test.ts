import t from 'tap'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, accountError, assertError, authed, createTestAccount, liveSessions, login, ownerOf, refresh, signIn
} from '../../../helpers/accounts.js'
import { adminToken } from '../../../helpers/sockets.js'
import { enrolTotp } from '../../../helpers/factors.js'

const user = ACCOUNT_TYPES.user
const app = await build(t, { env: ENV })
const admin = await adminToken(app)
const call = (action: string, body: Record<string, unknown>, token = admin) =>
  app.inject({ method: 'POST', url: `/v1/admins/${action}`, payload: body, headers: { authorization: `jwt-admin ${token}` } })

async function signedInUser () {
  const account = await createTestAccount(app, user)
  return { ...await signIn(app, user, account), account }
}

const invalid = accountError(user, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')

for (const [action, check] of [
  ['deactivateuser', { isActive: false, deletedAt: null }],
  ['deleteuser', { isActive: true }],
  ['signoutuser', { isActive: true, deletedAt: null }]
] as const) {
  t.test(`${action}: every session revoked and tokenVersion + 1 in one transaction; the view comes back`, async (t) => {
    const s = await signedInUser()
    const other = await signIn(app, user, s.account, { 'x-client': 'app' })
    const res = await call(action, { userId: s.account.id })
    t.equal(res.statusCode, 200)
    const body = res.json()
    t.match(body, { status: 200, success: true, user: { id: s.account.id, tokenVersion: 1, ...check } })
    if (action === 'deleteuser') t.type(body.user.deletedAt, 'string', 'soft-deleted: deletedAt is set')
    t.equal(await liveSessions(app, user, s.account.id), 0, 'no session left')
    assertError(t, await authed(app, user, 'me', s.token), 401, 'UNAUTHORIZED')
    assertError(t, await refresh(app, user, { body: { refreshToken: other.refreshToken } }), 401, invalid)
  })
}

t.test('activateuser and restoreuser undo deactivate and delete; the user can log in again', async (t) => {
  const s = await signedInUser()
  await call('deactivateuser', { userId: s.account.id })
  assertError(t, await login(app, user, { email: s.account.email, password: s.account.password }), 400, accountError(user, 'BAD_REQUEST_ACCOUNT_INACTIVE'))
  t.match((await call('activateuser', { userId: s.account.id })).json().user, { isActive: true })
  await call('deleteuser', { userId: s.account.id })
  assertError(t, await login(app, user, { email: s.account.email, password: s.account.password }), 400, accountError(user, 'BAD_REQUEST_ACCOUNT_DELETED'))
  t.match((await call('restoreuser', { userId: s.account.id })).json().user, { deletedAt: null, isActive: true })
  t.equal((await login(app, user, { email: s.account.email, password: s.account.password })).statusCode, 201)
  t.equal((await ownerOf(app, user, s.account.id))!.token_version, 2, 'activate and restore do not bump tokenVersion')
})

t.test('confirmuseremail confirms the email and signs no one out', async (t) => {
  const s = await signedInUser()
  const res = await call('confirmuseremail', { userId: s.account.id })
  t.match(res.json().user, { isEmailConfirmed: true, tokenVersion: 0 })
  t.equal((await authed(app, user, 'me', s.token)).statusCode, 200)
})

t.test('getuser: the view, the devices and the factors; unknown users are 404 USER.NOT_FOUND everywhere', async (t) => {
  const s = await signedInUser()
  await signIn(app, user, s.account, { 'x-client': 'app', 'x-platform': 'android' })
  const res = await call('getuser', { userId: s.account.id })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.equal(body.user.id, s.account.id)
  t.equal(body.sessions.length, 2)
  t.same(body.sessions.map((d: any) => d.current), [false, false], 'no device is the admin\'s')
  t.equal(body.sessions[0].platform, 'android')
  t.same(body.factors, [], 'no second factor yet')
  const enrolled = await enrolTotp(app, user, s.token, 'Phone')
  const after = (await call('getuser', { userId: s.account.id })).json()
  t.match(after.factors, [{ id: enrolled.factorId, type: 'totp', name: 'Phone', status: 'verified' }], 'its verified factor')
  t.same(Object.keys(after.factors[0]).sort(), ['createdAt', 'id', 'lastUsedAt', 'name', 'status', 'type'], 'never its secret')
  const unknown = '0190a0b0-0000-7000-8000-000000000000'
  for (const action of ['getuser', 'deactivateuser', 'activateuser', 'deleteuser', 'restoreuser', 'signoutuser', 'confirmuseremail']) {
    assertError(t, await call(action, { userId: unknown }), 404, 'USER.NOT_FOUND')
    const bad = assertError(t, await call(action, { userId: 'nope' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.same(bad.fields.map((f: any) => f.name), ['userId'])
  }
})

t.test('a user token on an admin route is 401 and changes nothing', async (t) => {
  const s = await signedInUser()
  assertError(t, await app.inject({ method: 'POST', url: '/v1/admins/deactivateuser', payload: { userId: s.account.id },
    headers: { authorization: `jwt-user ${s.token}` } }), 401, 'UNAUTHORIZED')
  t.equal((await ownerOf(app, user, s.account.id))!.is_active, true)
})
