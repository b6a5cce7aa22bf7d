import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, accountError, assertClearedCookie, assertError, authed, createTestAccount, liveSessions, ownerOf, refresh,
  revokeDuringRotation, route, sessionOf, signIn
} from '../../../helpers/accounts.js'
import { parseSetCookies } from '../../../helpers/tokens.js'

/** /v1/<accounts>/revokesession for one account type: revokes one device by its family id. */
function revokesessionSuite (kind: AccountType): void {
  const url = route(kind, 'revokesession')
  const notFound = accountError(kind, 'SESSION_NOT_FOUND')

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })
    const familyOf = async (refreshToken: string) => (await sessionOf(app, kind, refreshToken))!.family_id as string

    t.test('revokes another device by the id from listsessions, even after that device refreshed', async (t) => {
      const account = await createTestAccount(app, kind)
      const laptop = await signIn(app, kind, account)
      const phone = await signIn(app, kind, account, { 'x-client': 'app' })
      const rotated = await refresh(app, kind, { body: { refreshToken: phone.refreshToken } })
      const phoneToken = rotated.json().refreshToken
      const listed = (await authed(app, kind, 'listsessions', laptop.token)).json().sessions
      const phoneEntry = listed.find((s: any) => !s.current)
      t.equal(phoneEntry.id, await familyOf(phone.refreshToken), 'the listed id is the family id')

      const res = await authed(app, kind, 'revokesession', laptop.token, { body: { sessionId: phoneEntry.id } })
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true })
      t.same(parseSetCookies(res).filter((c) => c.name === kind.cookie), [], 'another device: the caller\'s cookie is left alone')
      t.ok((await sessionOf(app, kind, phoneToken))!.revoked_at, 'the device\'s active session is revoked')
      t.equal((await sessionOf(app, kind, phoneToken))!.replaced_by_session_id, null, 'revoked, not rotated')
      assertError(t, await refresh(app, kind, { body: { refreshToken: phoneToken } }), 401, accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'tokenVersion stays: no theft response, no logout-all')
      t.equal((await refresh(app, kind, { cookie: laptop.refreshToken })).statusCode, 200, 'the caller keeps refreshing')
      t.equal((await authed(app, kind, 'listsessions', laptop.token)).json().sessions.length, 1, 'the device left the list')
      assertError(t, await authed(app, kind, 'revokesession', laptop.token, { body: { sessionId: phoneEntry.id } }), 404, notFound)
    })

    t.test('revoking the caller\'s own family is a logout: the cookie is cleared', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const res = await authed(app, kind, 'revokesession', s.token, { body: { sessionId: await familyOf(s.refreshToken) } })
      t.same(res.json(), { status: 200, success: true })
      assertClearedCookie(t, res, kind)
      t.ok((await sessionOf(app, kind, s.refreshToken))!.revoked_at)
      t.equal((await authed(app, kind, 'me', s.token)).statusCode, 200, 'the access token lives until it expires, as after logout')
    })

    t.test('another owner\'s family, an unknown id and a family without an active session are 404 and change nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const victim = await signIn(app, kind, await createTestAccount(app, kind))
      const victimFamily = await familyOf(victim.refreshToken)
      const expired = await signIn(app, kind, account)
      await app.sql.unsafe(`update "${kind.sessionTable}" set expires_at = now() - interval '1 second' where family_id = $1`,
        [await familyOf(expired.refreshToken)])
      for (const sessionId of [victimFamily, '0190a0b0-0000-7000-8000-000000000000', await familyOf(expired.refreshToken)]) {
        const body = assertError(t, await authed(app, kind, 'revokesession', s.token, { body: { sessionId } }), 404, notFound)
        t.ok(body.message.length > 0)
      }
      t.equal((await sessionOf(app, kind, victim.refreshToken))!.revoked_at, null, 'the other owner\'s session is untouched')
      const es = await app.inject({
        method: 'POST', url: `${url}?lang=es`, payload: { sessionId: victimFamily }, headers: { authorization: `${kind.scheme} ${s.token}` }
      })
      t.equal(es.json().message, 'Sesión no encontrada', 'the message is translated')
    })

    t.test('a sessionId that is not a UUID is 400 naming it; a missing one too', async (t) => {
      const s = await signIn(app, kind, await createTestAccount(app, kind))
      for (const body of [{ sessionId: 'nope' }, {}, { sessionId: 12 }]) {
        const err = assertError(t, await authed(app, kind, 'revokesession', s.token, { body }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
        t.same(err.fields.map((f: any) => f.name), ['sessionId'])
      }
      assertError(t, await app.inject({ method: 'POST', url, payload: { sessionId: await familyOf(s.refreshToken) } }), 401, 'UNAUTHORIZED')
    })

    t.test('a refresh committing while the revocation waits does not leave its successor alive', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const other = await signIn(app, kind, account)
      const family = await familyOf(other.refreshToken)
      const { refreshed, revoked } = await revokeDuringRotation(app, kind, other.refreshToken,
        () => authed(app, kind, 'revokesession', me.token, { body: { sessionId: family } }))
      t.equal(refreshed.statusCode, 200, 'the rotation went first')
      t.equal(revoked.statusCode, 200, 'the family is found through its successor')
      t.equal(await liveSessions(app, kind, account.id, family), 0, 'no session of the family is left')
      assertError(t, await refresh(app, kind, { body: { refreshToken: refreshed.json().refreshToken } }), 401,
        accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) revokesessionSuite(kind)
