import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, PRODUCTION_ENV, accountError, assertClearedCookie, assertError, authed, createTestAccount, isRecent, liveSessions, ownerOf,
  refresh, revokeDuringRotation, route, sessionOf, sessionsOf, signIn
} from '../../../helpers/accounts.js'
import { decodeJwt, parseSetCookies, sha256 } from '../../../helpers/tokens.js'

/** /v1/<accounts>/logoutall for one account type: revokes every session and bumps tokenVersion. */
function logoutAllSuite (kind: AccountType): void {
  const url = route(kind, 'logoutall')

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })

    t.test('Active -> Revoked: logout-all revokes every non-revoked session of the caller and adds 1 to tokenVersion', async (t) => {
      const account = await createTestAccount(app, kind)
      const bystander = await createTestAccount(app, kind)
      const web = await signIn(app, kind, account)
      const phone = await signIn(app, kind, account, { 'x-client': 'app', 'x-platform': 'android' })
      const third = await signIn(app, kind, account)
      const old = await signIn(app, kind, account)
      const oldRevokedAt = new Date('2023-03-03T03:03:03.000Z')
      await app.sql.unsafe(`update "${kind.sessionTable}" set revoked_at = $2 where refresh_token_hash = $1`, [sha256(old.refreshToken), oldRevokedAt])
      const theirs = await signIn(app, kind, bystander)
      const res = await authed(app, kind, 'logoutall', web.token, { cookie: web.refreshToken })
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true }, 'the body is exactly status and success')
      assertClearedCookie(t, res, kind)
      for (const [name, s] of [['web', web], ['phone', phone], ['third', third]] as const) {
        const row = (await sessionOf(app, kind, s.refreshToken))!
        t.ok(isRecent(row.revoked_at), `the ${name} session is revoked`)
        t.equal(row.replaced_by_session_id, null)
      }
      t.same((await sessionOf(app, kind, old.refreshToken))!.revoked_at, oldRevokedAt, 'an already revoked session keeps its revokedAt')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 1, 'tokenVersion + 1')
      t.equal((await sessionOf(app, kind, theirs.refreshToken))!.revoked_at, null, 'another account is not affected')
      t.equal((await ownerOf(app, kind, bystander.id))!.token_version, 0)
      t.equal((await sessionsOf(app, kind, account.id)).length, 4, 'no session was created')
    })

    t.test('every outstanding access token is rejected at once, and no refresh token works any more', async (t) => {
      const account = await createTestAccount(app, kind)
      const web = await signIn(app, kind, account)
      const phone = await signIn(app, kind, account, { 'x-client': 'app' })
      t.equal((await authed(app, kind, 'logoutall', web.token)).statusCode, 200)
      assertError(t, await authed(app, kind, 'logoutall', web.token), 401, 'UNAUTHORIZED')
      assertError(t, await authed(app, kind, 'logout', phone.token, { headers: { 'x-client': 'app' } }), 401, 'UNAUTHORIZED')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 1, 'the rejected call did not bump tokenVersion again')
      for (const s of [web, phone]) {
        assertError(t, await refresh(app, kind, { body: { refreshToken: s.refreshToken } }), 401,
          accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
      }
    })

    t.test('a login after logout-all gets an access token with the new tokenVersion that is accepted', async (t) => {
      const account = await createTestAccount(app, kind)
      const before = await signIn(app, kind, account)
      t.equal((await authed(app, kind, 'logoutall', before.token)).statusCode, 200)
      const after = await signIn(app, kind, account)
      t.equal(decodeJwt(after.token).payload.tokenVersion, 1)
      t.equal((await authed(app, kind, 'logoutall', after.token)).statusCode, 200)
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 2)
    })

    t.test('a refresh committing while logout-all waits does not leave its successor alive; tokenVersion + 1 once', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const other = await signIn(app, kind, account)
      const { refreshed, revoked } = await revokeDuringRotation(app, kind, other.refreshToken,
        () => authed(app, kind, 'logoutall', me.token))
      t.equal(refreshed.statusCode, 200, 'the rotation went first')
      t.equal(revoked.statusCode, 200)
      t.equal(await liveSessions(app, kind, account.id), 0, 'no session is left')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 1)
      assertError(t, await refresh(app, kind, { body: { refreshToken: refreshed.json().refreshToken } }), 401,
        accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
    })

    t.test('a theft response racing with a refresh of another device leaves no session alive', async (t) => {
      const account = await createTestAccount(app, kind)
      const stolen = await signIn(app, kind, account)
      const other = await signIn(app, kind, account)
      t.equal((await refresh(app, kind, { body: { refreshToken: stolen.refreshToken } })).statusCode, 200)
      const { refreshed, revoked } = await revokeDuringRotation(app, kind, other.refreshToken,
        () => refresh(app, kind, { body: { refreshToken: stolen.refreshToken } }))
      t.equal(refreshed.statusCode, 200, 'the rotation went first')
      t.equal(revoked.statusCode, 401, 'the replay is refused')
      t.equal(await liveSessions(app, kind, account.id), 0, 'no session is left')
    })

    t.test('logout-all without an accepted access token answers 401 UNAUTHORIZED and changes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      for (const headers of [{}, { authorization: `Bearer ${s.token}` }, { authorization: kind.scheme }]) {
        const res = await app.inject({ method: 'POST', url, headers: { ...headers, cookie: `${kind.cookie}=${s.refreshToken}` } })
        assertError(t, res, 401, 'UNAUTHORIZED')
        t.equal(parseSetCookies(res).length, 0, 'the cookie is not cleared')
      }
      t.equal((await sessionOf(app, kind, s.refreshToken))!.revoked_at, null)
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0)
    })
  })

  t.test(`${url} (${kind.type}) in production`, async (t) => {
    const app = await build(t, { env: PRODUCTION_ENV })
    t.test('the cleared cookie is Secure with the login attributes', async (t) => {
      const s = await signIn(app, kind, await createTestAccount(app, kind))
      const res = await authed(app, kind, 'logoutall', s.token)
      t.equal(res.statusCode, 200)
      assertClearedCookie(t, res, kind, { secure: true })
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) logoutAllSuite(kind)
