import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, PRODUCTION_ENV, accountError, assertError, assertIssued, assertRefreshCookie, authed, countSessions, createTestAccount,
  failRotations, isRecent, ownerOf, refresh, route, sessionOf, sessionState, sessionsOf, signIn, slowSessionInserts, type TapTest
} from '../../../helpers/accounts.js'
import { decodeJwt, expiredToken, parseSetCookies, randomRefreshToken, sha256 } from '../../../helpers/tokens.js'

/** /v1/<accounts>/refresh for one account type: rotation, revocation, reuse (theft) detection, cookie. */
function refreshSuite (kind: AccountType): void {
  const url = route(kind, 'refresh')
  const invalid = accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })

    t.test('Active -> Rotated: a refresh revokes the old session, links it to a new Active one and answers new tokens', async (t) => {
      const account = await createTestAccount(app, kind)
      const first = await signIn(app, kind, account, { 'x-client': 'app', 'x-platform': 'ios', 'user-agent': 'Old/1' })
      const [old] = await sessionsOf(app, kind, account.id)
      const res = await refresh(app, kind, { body: { refreshToken: first.refreshToken }, headers: { 'user-agent': 'New/2' } })
      const body = assertIssued(t, res, kind, 200)
      t.not(body.refreshToken, first.refreshToken, 'a new refresh token')
      assertRefreshCookie(t, res, kind, { value: body.refreshToken })
      t.equal(body[kind.bodyKey].id, account.id)
      const rows = await sessionsOf(app, kind, account.id)
      t.equal(rows.length, 2, 'exactly one new session')
      const [rotated, fresh] = rows
      t.equal(rotated.id, old.id)
      t.ok(isRecent(rotated.revoked_at), 'old revokedAt is set')
      t.equal(rotated.replaced_by_session_id, fresh.id, 'old replacedBySessionId points to the new session')
      t.ok(isRecent(rotated.last_used_at), 'old lastUsedAt is set')
      t.equal(rotated.refresh_token_hash, old.refresh_token_hash)
      t.match(fresh, { client: 'app', platform: 'ios', user_agent: 'New/2', ip_address: '127.0.0.1', revoked_at: null,
        replaced_by_session_id: null, last_used_at: null, refresh_token_hash: sha256(body.refreshToken) },
      'the new session keeps client and platform and records this request')
      t.ok(fresh.expires_at > old.expires_at, 'the new session gets a fresh lifetime')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'tokenVersion is unchanged')
      t.equal((await ownerOf(app, kind, account.id))!.login_count, 1, 'a refresh is not a login')
    })

    t.test('the new access token audience comes from the session\'s stored client, not from the request headers', async (t) => {
      const account = await createTestAccount(app, kind)
      const app1 = await signIn(app, kind, account, { 'x-client': 'app' })
      const fromApp = await refresh(app, kind, { body: { refreshToken: app1.refreshToken }, headers: { 'x-client': 'web' } })
      t.equal(fromApp.statusCode, 200)
      t.match(decodeJwt(fromApp.json().token).payload, { sub: account.id, type: kind.type, aud: kind.audiences.app, tokenVersion: 0 })
      const web1 = await signIn(app, kind, account)
      const fromWeb = await refresh(app, kind, { body: { refreshToken: web1.refreshToken }, headers: { 'x-client': 'app' } })
      t.equal(fromWeb.statusCode, 200)
      t.equal(decodeJwt(fromWeb.json().token).payload.aud, kind.audiences.web)
      const newest = (await sessionsOf(app, kind, account.id)).filter((r) => r.revoked_at === null)
      t.same(newest.map((r) => r.client).sort(), ['app', 'web'], 'the new sessions keep their stored client')
      const accepted = await authed(app, kind, 'logout', fromApp.json().token, { headers: { 'x-client': 'app' } })
      t.equal(accepted.statusCode, 200, 'the rotated app token is accepted from an app client')
    })

    t.test('the cookie is read before the body', async (t) => {
      const account = await createTestAccount(app, kind)
      const a = await signIn(app, kind, account)
      const b = await signIn(app, kind, account)
      const res = await refresh(app, kind, { cookie: a.refreshToken, body: { refreshToken: b.refreshToken } })
      t.equal(res.statusCode, 200)
      t.ok((await sessionOf(app, kind, a.refreshToken))!.revoked_at, 'the cookie session was rotated')
      t.same(sessionState(await sessionOf(app, kind, b.refreshToken)), { revokedAt: null, replacedBySessionId: null, lastUsedAt: null },
        'the body session is untouched')
      const unknown = await refresh(app, kind, { cookie: randomRefreshToken(), body: { refreshToken: b.refreshToken } })
      assertError(t, unknown, 401, invalid)
      t.equal((await sessionOf(app, kind, b.refreshToken))!.revoked_at, null, 'an unknown cookie is not replaced by the body token')
    })

    t.test('the body is used when there is no cookie, and any method works with the token in the query string', async (t) => {
      const account = await createTestAccount(app, kind)
      const a = await signIn(app, kind, account)
      const viaBody = await refresh(app, kind, { body: { refreshToken: a.refreshToken } })
      t.equal(viaBody.statusCode, 200)
      const viaQuery = await app.inject({ method: 'GET', url: `${url}?refreshToken=${viaBody.json().refreshToken}` })
      assertIssued(t, viaQuery, kind, 200)
      const viaCookie = await app.inject({ method: 'DELETE', url, headers: { cookie: `${kind.cookie}=${viaQuery.json().refreshToken}` } })
      t.equal(viaCookie.statusCode, 200)
      t.equal((await sessionsOf(app, kind, account.id)).filter((r) => r.revoked_at === null).length, 1, 'one live session remains')
    })

    t.test(`no token answers 401 ${invalid}`, async (t) => {
      assertError(t, await refresh(app, kind), 401, invalid)
      assertError(t, await refresh(app, kind, { body: {} }), 401, invalid)
      assertError(t, await refresh(app, kind, { cookie: '' }), 401, invalid)
    })

    t.test(`a refreshToken that is not 64 hex characters answers 401 ${invalid}, never 400`, async (t) => {
      const account = await createTestAccount(app, kind)
      const { refreshToken } = await signIn(app, kind, account)
      const cases: unknown[] = ['abc', refreshToken.slice(0, 63), `${refreshToken}0`, 'z'.repeat(64), refreshToken.toUpperCase(),
        ` ${refreshToken}`, 12345, true, null, [refreshToken], { token: refreshToken }, '']
      for (const value of cases) {
        const res = await refresh(app, kind, { body: { refreshToken: value } })
        assertError(t, res, 401, invalid)
      }
      assertError(t, await refresh(app, kind, { cookie: 'not-hex' }), 401, invalid)
      t.same(sessionState(await sessionOf(app, kind, refreshToken)), { revokedAt: null, replacedBySessionId: null, lastUsedAt: null },
        'the real session is untouched')
    })

    t.test(`an unknown 64-hex token answers 401 ${invalid} and changes nothing`, async (t) => {
      const before = await countSessions(app, kind)
      assertError(t, await refresh(app, kind, { body: { refreshToken: randomRefreshToken() } }), 401, invalid)
      t.equal(await countSessions(app, kind), before, 'no session was created')
    })

    t.test('Active -> Revoked: refreshing the session of an inactive owner revokes it and answers 401', async (t) => {
      const account = await createTestAccount(app, kind)
      const { refreshToken } = await signIn(app, kind, account)
      await app.sql.unsafe(`update "${kind.ownerTable}" set is_active = false where id = $1`, [account.id])
      const res = await refresh(app, kind, { body: { refreshToken } })
      assertError(t, res, 401, invalid)
      t.equal(parseSetCookies(res).length, 0, 'no cookie is set')
      const rows = await sessionsOf(app, kind, account.id)
      t.equal(rows.length, 1, 'no new session')
      t.ok(isRecent(rows[0].revoked_at), 'revokedAt is set')
      t.equal(rows[0].replaced_by_session_id, null, 'not rotated')
      t.equal(rows[0].last_used_at, null)
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'tokenVersion is unchanged')
      await app.sql.unsafe(`update "${kind.ownerTable}" set is_active = true where id = $1`, [account.id])
      assertError(t, await refresh(app, kind, { body: { refreshToken } }), 401, invalid)
    })

    t.test('Active -> Revoked: refreshing the session of a soft-deleted owner revokes it and answers 401', async (t) => {
      const account = await createTestAccount(app, kind)
      const other = await signIn(app, kind, account)
      const { refreshToken } = await signIn(app, kind, account)
      await app.sql.unsafe(`update "${kind.ownerTable}" set deleted_at = now() where id = $1`, [account.id])
      assertError(t, await refresh(app, kind, { body: { refreshToken } }), 401, invalid)
      const row = (await sessionOf(app, kind, refreshToken))!
      t.ok(isRecent(row.revoked_at), 'revokedAt is set')
      t.equal(row.replaced_by_session_id, null)
      t.equal((await sessionsOf(app, kind, account.id)).length, 2, 'no new session')
      t.equal((await sessionOf(app, kind, other.refreshToken))!.revoked_at, null, 'only the presented session is revoked')
    })

    t.test('Active -> Revoked: a session whose owner is missing answers 401', async (t) => {
      const account = await createTestAccount(app, kind)
      const { refreshToken } = await signIn(app, kind, account)
      // Sessions cascade with their owner, so a missing owner leaves nothing that could be refreshed.
      await app.sql.unsafe(`delete from "${kind.ownerTable}" where id = $1`, [account.id])
      assertError(t, await refresh(app, kind, { body: { refreshToken } }), 401, invalid)
      t.same(await sessionsOf(app, kind, account.id), [], 'no session exists for the missing owner')
    })

    t.test('Expired -> Revoked: an expired session presented to refresh gets revokedAt and answers 401', async (t) => {
      const account = await createTestAccount(app, kind)
      const { refreshToken } = await signIn(app, kind, account)
      await app.sql.unsafe(`update "${kind.sessionTable}" set expires_at = now() - interval '1 second' where refresh_token_hash = $1`,
        [sha256(refreshToken)])
      assertError(t, await refresh(app, kind, { body: { refreshToken } }), 401, invalid)
      const rows = await sessionsOf(app, kind, account.id)
      t.equal(rows.length, 1, 'no new session')
      t.ok(isRecent(rows[0].revoked_at), 'revokedAt is set')
      t.equal(rows[0].replaced_by_session_id, null)
      t.equal(rows[0].last_used_at, null)
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'tokenVersion is unchanged')
    })

    t.test('Revoked -> Revoked: a revoked session presented again answers 401 and keeps its revokedAt', async (t) => {
      const account = await createTestAccount(app, kind)
      const other = await signIn(app, kind, account)
      const { refreshToken } = await signIn(app, kind, account)
      const revokedAt = new Date('2020-01-02T03:04:05.000Z')
      await app.sql.unsafe(`update "${kind.sessionTable}" set revoked_at = $2 where refresh_token_hash = $1`, [sha256(refreshToken), revokedAt])
      assertError(t, await refresh(app, kind, { body: { refreshToken } }), 401, invalid)
      t.same(sessionState(await sessionOf(app, kind, refreshToken)), { revokedAt, replacedBySessionId: null, lastUsedAt: null },
        'revoking an already revoked session changes nothing')
      t.equal((await sessionOf(app, kind, other.refreshToken))!.revoked_at, null, 'no theft response: other sessions stay active')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'tokenVersion is unchanged')
      t.equal((await sessionsOf(app, kind, account.id)).length, 2, 'no new session')
    })

    t.test('Rotated -> Rotated: replaying a rotated token answers 401, leaves it unchanged and signs the owner out everywhere', async (t) => {
      const account = await createTestAccount(app, kind)
      const first = await signIn(app, kind, account)
      const rotatedRes = await refresh(app, kind, { body: { refreshToken: first.refreshToken } })
      t.equal(rotatedRes.statusCode, 200)
      const next = rotatedRes.json()
      const before = sessionState(await sessionOf(app, kind, first.refreshToken))
      const replay = await refresh(app, kind, { body: { refreshToken: first.refreshToken } })
      assertError(t, replay, 401, invalid)
      t.same(sessionState(await sessionOf(app, kind, first.refreshToken)), before, 'the rotated session is unchanged')
      t.ok(isRecent((await sessionOf(app, kind, next.refreshToken))!.revoked_at), 'its successor is revoked')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 1, 'tokenVersion + 1')
      assertError(t, await authed(app, kind, 'logout', next.token), 401, 'UNAUTHORIZED')
      assertError(t, await refresh(app, kind, { body: { refreshToken: next.refreshToken } }), 401, invalid)
      t.equal((await sessionsOf(app, kind, account.id)).length, 2, 'no session was created by the replay')
    })

    t.test('any non-revoked -> Revoked: reuse detection revokes every live session of that owner and no one else\'s', async (t) => {
      const account = await createTestAccount(app, kind)
      const bystander = await createTestAccount(app, kind)
      const stolen = await signIn(app, kind, account)
      const laptop = await signIn(app, kind, account, { 'x-client': 'web' })
      const phone = await signIn(app, kind, account, { 'x-client': 'app' })
      const old = await signIn(app, kind, account)
      const oldRevokedAt = new Date('2021-05-06T07:08:09.000Z')
      await app.sql.unsafe(`update "${kind.sessionTable}" set revoked_at = $2 where refresh_token_hash = $1`, [sha256(old.refreshToken), oldRevokedAt])
      const theirs = await signIn(app, kind, bystander)
      t.equal((await refresh(app, kind, { body: { refreshToken: stolen.refreshToken } })).statusCode, 200)
      assertError(t, await refresh(app, kind, { body: { refreshToken: stolen.refreshToken } }), 401, invalid)
      for (const [name, s] of [['laptop', laptop], ['phone', phone]] as const) {
        const row = (await sessionOf(app, kind, s.refreshToken))!
        t.ok(isRecent(row.revoked_at), `the ${name} session is revoked`)
        t.equal(row.replaced_by_session_id, null, `the ${name} session is Revoked, not Rotated`)
      }
      t.same((await sessionOf(app, kind, old.refreshToken))!.revoked_at, oldRevokedAt, 'an already revoked session keeps its revokedAt')
      t.same((await sessionsOf(app, kind, account.id)).filter((r) => r.revoked_at === null), [], 'no live session is left')
      t.equal((await sessionOf(app, kind, theirs.refreshToken))!.revoked_at, null, 'another owner is not affected')
      t.equal((await ownerOf(app, kind, bystander.id))!.token_version, 0)
      assertError(t, await authed(app, kind, 'logout', phone.token, { headers: { 'x-client': 'app' } }), 401, 'UNAUTHORIZED')
      t.equal((await authed(app, kind, 'logout', theirs.token)).statusCode, 200, 'the other owner\'s access token still works')
    })

    t.test('a public refresh ignores a garbage or expired Authorization header', async (t) => {
      const account = await createTestAccount(app, kind)
      let { refreshToken } = await signIn(app, kind, account)
      for (const authorization of [`${kind.scheme} garbage`, `${kind.scheme} ${expiredToken(app, kind, account.id)}`, 'Bearer x']) {
        const res = await refresh(app, kind, { body: { refreshToken }, headers: { authorization } })
        t.equal(res.statusCode, 200, `refreshes with Authorization: ${authorization.slice(0, 20)}...`)
        refreshToken = res.json().refreshToken
      }
    })

    refreshFaultTests(t, app, kind)
  })

  t.test(`${url} (${kind.type}) in production`, async (t) => {
    const app = await build(t, { env: PRODUCTION_ENV })
    t.test('the rotated refresh cookie is Secure with the login attributes', async (t) => {
      const account = await createTestAccount(app, kind)
      const { refreshToken } = await signIn(app, kind, account)
      const res = await refresh(app, kind, { cookie: refreshToken })
      const body = assertIssued(t, res, kind, 200)
      assertRefreshCookie(t, res, kind, { value: body.refreshToken, secure: true })
    })

    productionRefreshFaultTests(t, app, kind)
  })
}

// These run inside the blocks of refreshSuite, on its app, so the test tree stays one block per configuration.

/** Concurrent refreshes of one token and a rotation that fails half-way. */
function refreshFaultTests (t: TapTest, app: FastifyInstance, kind: AccountType): void {
  const invalid = accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')

  t.test('twenty-five concurrent refreshes of one token: exactly one wins, and the losers\' replays trigger the theft response', async (t) => {
    const account = await createTestAccount(app, kind)
    const { refreshToken } = await signIn(app, kind, account)
    const [original] = await sessionsOf(app, kind, account.id)
    // Open the whole pool first and hold the winner's rotation for 100 ms, so that the refreshes
    // really run at the same time: without the row lock several of them would rotate.
    await Promise.all(Array.from({ length: 10 }, () => app.sql.unsafe('select pg_sleep(0.02)')))
    const restore = await slowSessionInserts(app, kind, 100)
    t.teardown(restore)
    const results = await Promise.all(Array.from({ length: 25 }, () => refresh(app, kind, { body: { refreshToken } })))
    await restore()
    const statuses = results.map((r) => r.statusCode)
    t.equal(statuses.filter((s) => s === 200).length, 1, 'exactly one 200')
    t.equal(statuses.filter((s) => s === 401).length, 24, 'every other request is 401')
    for (const res of results.filter((r) => r.statusCode === 401)) t.equal(res.json().error, invalid)
    const rows = await sessionsOf(app, kind, account.id)
    t.equal(rows.length, 2, 'only one new session was inserted')
    const old = rows.find((r) => r.id === original.id)!
    const children = rows.filter((r) => r.id === old.replaced_by_session_id)
    t.equal(children.length, 1, 'the old session has one successor')
    const winner = results.find((r) => r.statusCode === 200)!.json()
    t.equal(children[0]?.refresh_token_hash, sha256(winner.refreshToken), 'the successor is the winner\'s session')
    t.same(rows.filter((r) => r.revoked_at === null), [], 'the replays revoked every session of the owner, the new one included')
    // Each loser is one replay of a rotated token, and the specification bumps tokenVersion once per replay.
    t.equal((await ownerOf(app, kind, account.id))!.token_version, 24, 'tokenVersion + 1 for each of the 24 replays')
    assertError(t, await authed(app, kind, 'logout', winner.token), 401, 'UNAUTHORIZED')
  })

  t.test('a failure in the middle of a rotation leaves the old session untouched and inserts nothing', async (t) => {
    const account = await createTestAccount(app, kind)
    const { refreshToken } = await signIn(app, kind, account)
    const before = await countSessions(app, kind)
    const drop = await failRotations(app, kind)
    t.teardown(drop)
    const res = await refresh(app, kind, { body: { refreshToken } })
    t.equal(res.statusCode, 500, 'answers 500')
    const body = res.json()
    t.match(body, { status: 500, success: false, message: /rotation failed on purpose/, requestId: res.headers['x-request-id'] })
    t.equal(body.reqArgs?.refreshToken, '********', 'the refresh token is masked in the error details')
    t.notOk(res.payload.includes(refreshToken), 'the raw refresh token is not echoed')
    t.equal(parseSetCookies(res).length, 0, 'no cookie is set')
    t.same(sessionState(await sessionOf(app, kind, refreshToken)), { revokedAt: null, replacedBySessionId: null, lastUsedAt: null },
      'the old session row is unchanged')
    t.equal(await countSessions(app, kind), before, 'no new session row was inserted')
    t.equal((await ownerOf(app, kind, account.id))!.token_version, 0)
    await drop()
    t.equal((await refresh(app, kind, { body: { refreshToken } })).statusCode, 200, 'the same token still refreshes once the fault is gone')
  })
}

/** A rotation that fails half-way in production, where a 500 must not show internals. */
function productionRefreshFaultTests (t: TapTest, app: FastifyInstance, kind: AccountType): void {
  t.test('a failed rotation answers 500 INTERNAL_SERVER_ERROR without internals, and the old session survives', async (t) => {
    const account = await createTestAccount(app, kind)
    const { refreshToken } = await signIn(app, kind, account)
    const restore = await failRotations(app, kind)
    t.teardown(restore)
    const res = await refresh(app, kind, { body: { refreshToken } })
    t.equal(res.statusCode, 500)
    const body = res.json()
    t.same(Object.keys(body).sort(), ['error', 'message', 'requestId', 'status', 'success'], 'no stack, route, user or arguments')
    t.match(body, { status: 500, success: false, error: 'INTERNAL_SERVER_ERROR', requestId: res.headers['x-request-id'] })
    t.notMatch(body.message, /rotation failed/, 'the database message is not shown')
    t.same(sessionState(await sessionOf(app, kind, refreshToken)), { revokedAt: null, replacedBySessionId: null, lastUsedAt: null })
    await restore()
    t.equal((await refresh(app, kind, { body: { refreshToken } })).statusCode, 200)
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) refreshSuite(kind)
