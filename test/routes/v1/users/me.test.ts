import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import { ENV, assertError, authed, createTestAccount, route, signIn } from '../../../helpers/accounts.js'

/** /v1/<accounts>/me for one account type: the caller's own account. */
function meSuite (kind: AccountType): void {
  const url = route(kind, 'me')

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })
    const other = kind.type === 'user' ? ACCOUNT_TYPES.admin : ACCOUNT_TYPES.user

    t.test('answers 200 with exactly the public fields of the caller\'s account, for any method', async (t) => {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: true })
      await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url, headers: { authorization: `${kind.scheme} ${token}` } })
        t.equal(res.statusCode, 200, method)
        const body = res.json()
        t.same(Object.keys(body).sort(), [kind.bodyKey, 'status', 'success'].sort(), 'exactly status, success and the account')
        t.match(body[kind.bodyKey], { id: account.id, email: account.email, isActive: true, isEmailConfirmed: true, loginCount: 1 })
        t.same(Object.keys(body[kind.bodyKey]).sort(), ['appMetadata', 'createdAt', 'email', 'familyName', 'givenName', 'id', 'isActive',
          'isEmailConfirmed', 'lastLogin', 'lastLoginAt', 'locale', 'loginCount', 'name', 'picture', 'updatedAt', 'userMetadata', 'zoneinfo'],
        'no password, tokenVersion or deletedAt')
      }
    })

    t.test('without a token of this type it refuses, and arguments cannot pick another account', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      assertError(t, await app.inject({ method: 'GET', url }), 401, 'UNAUTHORIZED')
      const foreign = await signIn(app, other, await createTestAccount(app, other))
      assertError(t, await app.inject({ method: 'GET', url, headers: { authorization: `${other.scheme} ${foreign.token}` } }), 401, 'UNAUTHORIZED')
      const stranger = await createTestAccount(app, kind)
      const picked = await authed(app, kind, 'me', token, { body: { id: stranger.id, userId: stranger.id } })
      t.equal(picked.json()[kind.bodyKey]?.id, account.id, 'arguments cannot pick another account: it is always the caller')
    })

    t.test('a deleted account\'s token no longer reads it', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      await app.sql.unsafe(`update "${kind.ownerTable}" set deleted_at = now() where id = $1`, [account.id])
      assertError(t, await authed(app, kind, 'me', token), 401, 'UNAUTHORIZED')
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) meSuite(kind)
