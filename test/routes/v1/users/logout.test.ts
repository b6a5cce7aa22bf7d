import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, PRODUCTION_ENV, accountError, assertClearedCookie, assertError, authed, createTestAccount, isRecent, ownerOf, refresh,
  route, sessionOf, sessionState, signIn
} from '../../../helpers/accounts.js'
import { expiredToken, parseSetCookies, randomRefreshToken, sha256 } from '../../../helpers/tokens.js'

/** /v1/<accounts>/logout for one account type: revokes the presented session only. */
function logoutSuite (kind: AccountType): void {
  const url = route(kind, 'logout')
  const live = { revokedAt: null, replacedBySessionId: null, lastUsedAt: null }

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })

    t.test('Active -> Revoked: logout revokes only the presented session of the caller and clears the cookie', async (t) => {
      const account = await createTestAccount(app, kind)
      const here = await signIn(app, kind, account)
      const elsewhere = await signIn(app, kind, account, { 'x-client': 'app' })
      const res = await authed(app, kind, 'logout', here.token, { cookie: here.refreshToken })
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true }, 'the body is exactly status and success')
      assertClearedCookie(t, res, kind)
      const row = (await sessionOf(app, kind, here.refreshToken))!
      t.ok(isRecent(row.revoked_at), 'the presented session is revoked')
      t.equal(row.replaced_by_session_id, null, 'Revoked, not Rotated')
      t.same(sessionState(await sessionOf(app, kind, elsewhere.refreshToken)), live, 'the other device is unaffected')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'tokenVersion is unchanged')
      assertError(t, await refresh(app, kind, { cookie: here.refreshToken }), 401, accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
      t.equal((await refresh(app, kind, { body: { refreshToken: elsewhere.refreshToken } })).statusCode, 200, 'the other device still refreshes')
    })

    t.test('the refresh token can come from the body, and any method works', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const res = await app.inject({ method: 'GET', url: `${url}?refreshToken=${s.refreshToken}`, headers: { authorization: `${kind.scheme} ${s.token}` } })
      t.same(res.json(), { status: 200, success: true })
      t.ok((await sessionOf(app, kind, s.refreshToken))!.revoked_at, 'the session is revoked')
      const s2 = await signIn(app, kind, account)
      t.equal((await authed(app, kind, 'logout', s2.token, { body: { refreshToken: s2.refreshToken } })).statusCode, 200)
      t.ok((await sessionOf(app, kind, s2.refreshToken))!.revoked_at, 'the body token\'s session is revoked')
    })

    t.test('without a refresh token logout answers 200, revokes nothing and still clears the cookie', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const res = await authed(app, kind, 'logout', s.token)
      t.same(res.json(), { status: 200, success: true })
      assertClearedCookie(t, res, kind)
      t.same(sessionState(await sessionOf(app, kind, s.refreshToken)), live)
    })

    t.test('an unknown or malformed refresh token answers 200 and revokes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      for (const refreshToken of [randomRefreshToken(), 'not-a-token', s.refreshToken.toUpperCase()]) {
        const res = await authed(app, kind, 'logout', s.token, { body: { refreshToken } })
        t.same(res.json(), { status: 200, success: true })
      }
      t.same(sessionState(await sessionOf(app, kind, s.refreshToken)), live)
    })

    t.test('another account\'s refresh token answers 200 and leaves that session active', async (t) => {
      const mine = await signIn(app, kind, await createTestAccount(app, kind))
      const victim = await createTestAccount(app, kind)
      const theirs = await signIn(app, kind, victim)
      const res = await authed(app, kind, 'logout', mine.token, { cookie: theirs.refreshToken })
      t.same(res.json(), { status: 200, success: true })
      t.same(sessionState(await sessionOf(app, kind, theirs.refreshToken)), live, 'the other account\'s session is untouched')
      t.same(sessionState(await sessionOf(app, kind, mine.refreshToken)), live, 'the caller\'s own session is not revoked instead')
      t.equal((await refresh(app, kind, { body: { refreshToken: theirs.refreshToken } })).statusCode, 200)
    })

    t.test('logging out an already revoked session changes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const revokedAt = new Date('2022-02-02T02:02:02.000Z')
      await app.sql.unsafe(`update "${kind.sessionTable}" set revoked_at = $2 where refresh_token_hash = $1`, [sha256(s.refreshToken), revokedAt])
      t.equal((await authed(app, kind, 'logout', s.token, { cookie: s.refreshToken })).statusCode, 200)
      t.same(sessionState(await sessionOf(app, kind, s.refreshToken)), { revokedAt, replacedBySessionId: null, lastUsedAt: null })
    })

    t.test('logout without an accepted access token (none, another scheme or audience, expired) answers 401 UNAUTHORIZED and revokes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const cases = [
        { cookie: `${kind.cookie}=${s.refreshToken}` },
        { cookie: `${kind.cookie}=${s.refreshToken}`, authorization: `Bearer ${s.token}` },
        { cookie: `${kind.cookie}=${s.refreshToken}`, authorization: `${kind.scheme} ${s.token}`, 'x-client': 'app' },
        { cookie: `${kind.cookie}=${s.refreshToken}`, authorization: `${kind.scheme} ${expiredToken(app, kind, account.id)}` }
      ]
      for (const headers of cases) {
        const res = await app.inject({ method: 'POST', url, headers })
        assertError(t, res, 401, 'UNAUTHORIZED')
        t.equal(parseSetCookies(res).length, 0, 'the cookie is not cleared')
      }
      t.same(sessionState(await sessionOf(app, kind, s.refreshToken)), live)
    })
  })

  t.test(`${url} (${kind.type}) in production`, async (t) => {
    const app = await build(t, { env: PRODUCTION_ENV })
    t.test('the cleared cookie is Secure with the login attributes', async (t) => {
      const s = await signIn(app, kind, await createTestAccount(app, kind))
      const res = await authed(app, kind, 'logout', s.token, { cookie: s.refreshToken })
      t.equal(res.statusCode, 200)
      assertClearedCookie(t, res, kind, { secure: true })
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) logoutSuite(kind)
