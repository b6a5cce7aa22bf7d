import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, accountError, assertError, authed, createTestAccount, liveSessions, ownerOf, refresh, revokeDuringRotation, route, sessionOf,
  signIn, type Headers, type SignedIn
} from '../../../helpers/accounts.js'
import { parseSetCookies } from '../../../helpers/tokens.js'

/** /v1/<accounts>/logoutothers for one account type: every device but the caller's is signed out. */
function logoutothersSuite (kind: AccountType): void {
  const url = route(kind, 'logoutothers')
  const invalid = accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })

    t.test('revokes every other active family, keeps the caller\'s, counts what it revoked', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const mine = (await refresh(app, kind, { body: { refreshToken: me.refreshToken } })).json()
      const others: Array<SignedIn & { headers: Headers }> = [{ headers: {}, ...await signIn(app, kind, account) },
        { headers: { 'x-client': 'app' }, ...await signIn(app, kind, account, { 'x-client': 'app' }) }]
      const gone = await signIn(app, kind, account)
      await authed(app, kind, 'logout', gone.token, { cookie: gone.refreshToken })
      const stranger = await signIn(app, kind, await createTestAccount(app, kind))

      const res = await authed(app, kind, 'logoutothers', mine.token)
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true, revoked: 2 }, 'two active families revoked (the logged-out one is not counted)')
      t.same(parseSetCookies(res), [], 'no cookie change')
      for (const other of others) {
        assertError(t, await refresh(app, kind, { body: { refreshToken: other.refreshToken } }), 401, invalid)
        t.equal((await authed(app, kind, 'me', other.token, { headers: other.headers })).statusCode, 200, 'other devices keep their access tokens until they expire')
      }
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'tokenVersion is not bumped')
      t.equal((await authed(app, kind, 'me', mine.token)).statusCode, 200, 'the caller\'s access token keeps working')
      t.equal((await refresh(app, kind, { body: { refreshToken: mine.refreshToken } })).statusCode, 200, 'the caller keeps refreshing')
      t.equal((await sessionOf(app, kind, stranger.refreshToken))!.revoked_at, null, 'another owner is untouched')
      const list = (await authed(app, kind, 'listsessions', mine.token)).json().sessions
      t.same(list.map((s: any) => s.current), [true], 'only the caller\'s device is left')

      t.same((await authed(app, kind, 'logoutothers', mine.token)).json(), { status: 200, success: true, revoked: 0 }, 'again: nothing to revoke')
    })

    t.test('a refresh of another device committing while logoutothers waits does not leave its successor alive', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const other = await signIn(app, kind, account)
      const { refreshed, revoked } = await revokeDuringRotation(app, kind, other.refreshToken,
        () => authed(app, kind, 'logoutothers', me.token))
      t.equal(refreshed.statusCode, 200, 'the rotation went first')
      t.same(revoked.json(), { status: 200, success: true, revoked: 1 }, 'one device, counted once')
      t.equal(await liveSessions(app, kind, account.id), 1, 'only the caller\'s session is left')
      assertError(t, await refresh(app, kind, { body: { refreshToken: refreshed.json().refreshToken } }), 401, invalid)
    })

    t.test('requires authentication', async (t) => {
      assertError(t, await app.inject({ method: 'POST', url }), 401, 'UNAUTHORIZED')
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) logoutothersSuite(kind)
