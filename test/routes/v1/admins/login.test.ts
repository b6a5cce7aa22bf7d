import t from 'tap'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import { ENV, PASSWORD, assertError, createTestAccount, ownerOf, sessionsOf } from '../../../helpers/accounts.js'
import { loginSuite } from '../../../plugins/accounts/actions/login.js'

loginSuite(ACCOUNT_TYPES.admin)

t.test('/v1/admins/register', async (t) => {
  const app = await build(t, { env: ENV })

  t.test('admins cannot register themselves: the route does not exist (404 NOT_FOUND)', async (t) => {
    const kind = ACCOUNT_TYPES.admin
    for (const method of ['POST', 'GET'] as const) {
      const res = await app.inject({ method, url: '/v1/admins/register', payload: method === 'POST' ? { email: 'new-admin@latchkey.test', password: PASSWORD } : undefined })
      assertError(t, res, 404, 'NOT_FOUND')
    }
    const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.ownerTable}"`)
    t.equal(n, 0, 'no admin was created')
  })

  t.test('an admin and a user with the same email are separate accounts', async (t) => {
    const email = 'same-person@latchkey.test'
    const admin = await createTestAccount(app, ACCOUNT_TYPES.admin, { email, password: 'admin-password' })
    const user = await createTestAccount(app, ACCOUNT_TYPES.user, { email, password: 'user-password' })
    const asAdmin = await app.inject({ method: 'POST', url: '/v1/admins/login', payload: { email, password: 'user-password' } })
    assertError(t, asAdmin, 400, 'ADMIN.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
    const ok = await app.inject({ method: 'POST', url: '/v1/admins/login', payload: { email, password: 'admin-password' } })
    t.equal(ok.statusCode, 201)
    t.equal(ok.json().admin.id, admin.id)
    t.notOk('user' in ok.json(), 'the admin body has no user key')
    t.equal((await sessionsOf(app, ACCOUNT_TYPES.admin, admin.id)).length, 1)
    t.same(await sessionsOf(app, ACCOUNT_TYPES.user, user.id), [], 'the user got no session')
    t.equal((await ownerOf(app, ACCOUNT_TYPES.user, user.id))!.login_count, 0)
  })
})
