import type { FastifyInstance } from 'fastify'
import type { AccountType } from '../../../../plugins/accounts/registry.js'
import {
  accountError, assertError, authed, countSessions, createTestAccount, failRotations, ownerOf, refresh, sessionOf,
  sessionState, sessionsOf, signIn, slowSessionInserts, type TapTest
} from '../../../helpers/accounts.js'
import { parseSetCookies, sha256 } from '../../../helpers/tokens.js'

// These run inside the blocks of refreshSuite, on its app, so the test tree stays one block per configuration.

/** Concurrent refreshes of one token and a rotation that fails half-way. */
export function refreshFaultTests (t: TapTest, app: FastifyInstance, kind: AccountType): void {
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
export function productionRefreshFaultTests (t: TapTest, app: FastifyInstance, kind: AccountType): void {
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
