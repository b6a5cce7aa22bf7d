import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, accountError, assertError, assertIssued, assertRefreshCookie, authed, createTestAccount, ownerOf, refresh, sessionOf,
  sessionsOf, signIn
} from '../../../helpers/accounts.js'
import { sleep, waitUntil } from '../../../helpers/sockets.js'
import { decodeJwt, sha256 } from '../../../helpers/tokens.js'

// Long enough that "inside the window" (half of it, plus a refresh) holds on a busy machine.
const WINDOW_S = 4

/**
 * REFRESH_TOKEN_REUSE_INTERVAL (docs/behaviour.md#reuse-interval): within the window after a rotation, the
 * rotated token gets the successor that rotation issued back; after it, a replay is theft.
 */
function refreshReuseSuite (kind: AccountType): void {
  const invalid = accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')

  t.test(`refresh with REFRESH_TOKEN_REUSE_INTERVAL=${WINDOW_S}s (${kind.type})`, async (t) => {
    const app = await build(t, { env: { ...ENV, REFRESH_TOKEN_REUSE_INTERVAL: `${WINDOW_S}s` } })

    t.test('a replay inside the window answers the same successor, a new access token, and writes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account, { 'x-client': 'app' })
      const first = (await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).json()
      const rowsBefore = await sessionsOf(app, kind, account.id)
      await sleep(1100) // a new second, so that the access token differs in iat
      const res = await refresh(app, kind, { cookie: s.refreshToken })
      const body = assertIssued(t, res, kind, 200)
      t.equal(body.refreshToken, first.refreshToken, 'the successor that the rotation issued, not a new one')
      assertRefreshCookie(t, res, kind, { value: first.refreshToken })
      t.not(body.token, first.token, 'a new access token')
      const claims = decodeJwt(body.token).payload
      t.equal(claims.aud, kind.audiences.app, 'its audience comes from the session\'s stored client')
      t.equal(claims.sid, decodeJwt(first.token).payload.sid, 'the same family')
      t.same(await sessionsOf(app, kind, account.id), rowsBefore, 'no row added or changed: the family is not forked')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'no theft response')
      t.equal((await refresh(app, kind, { body: { refreshToken: first.refreshToken } })).statusCode, 200, 'the successor rotates as usual')
    })

    t.test('the successor is kept sealed, never in plain, and erased once the window is over', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const successor = (await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).json().refreshToken
      const sealed: string = (await sessionOf(app, kind, s.refreshToken))!.successor_token
      t.type(sealed, 'string', 'the rotated row keeps the successor')
      t.notMatch(sealed, successor, 'not the plain token')
      t.notMatch(sealed, sha256(successor), 'not its hash either')
      t.notMatch(Buffer.from(sealed, 'base64url').toString('hex'), successor, 'nor the token\'s bytes in another encoding')
      t.notMatch(Buffer.from(sealed, 'base64url').toString('utf8'), successor)
      t.equal((await sessionOf(app, kind, successor))!.successor_token, null, 'the active row keeps nothing')
      await waitUntil(async () => (await sessionOf(app, kind, s.refreshToken))!.successor_token === null,
        'the successor to be erased', (WINDOW_S + 3) * 1000, 100)
      t.pass('erased after the window')
    })

    t.test('the window does not restart on reuse: after it, a replay is theft', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const successor = (await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).json().refreshToken
      await sleep(WINDOW_S * 500)
      t.equal((await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).statusCode, 200, 'inside the window')
      await sleep(WINDOW_S * 500 + 300)
      assertError(t, await refresh(app, kind, { body: { refreshToken: s.refreshToken } }), 401, invalid)
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 1, 'theft: tokenVersion bumped')
      t.ok((await sessionOf(app, kind, successor))!.revoked_at, 'theft: the successor is revoked too')
    })

    t.test('twenty concurrent refreshes of one token inside the window all get one and the same successor', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const results = await Promise.all(Array.from({ length: 20 }, () => refresh(app, kind, { body: { refreshToken: s.refreshToken } })))
      t.same(results.map((r) => r.statusCode), Array(20).fill(200), 'all succeed')
      const tokens = new Set(results.map((r) => r.json().refreshToken))
      t.equal(tokens.size, 1, 'one and the same successor')
      const rows = await sessionsOf(app, kind, account.id)
      t.equal(rows.length, 2, 'exactly one rotation happened')
      t.equal(rows.filter((r) => r.revoked_at === null)[0].refresh_token_hash, sha256([...tokens][0]), 'the successor is the active row')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'no theft response')
    })

    t.test('two tabs chained: a late tab holding the first token catches up through the chain', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const t1 = (await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).json().refreshToken
      const t2 = (await refresh(app, kind, { body: { refreshToken: t1 } })).json().refreshToken
      const late = (await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).json().refreshToken
      t.equal(late, t1, 'the first token gets its own successor')
      t.equal((await refresh(app, kind, { body: { refreshToken: late } })).json().refreshToken, t2, 'which gets the current one')
      t.equal((await sessionsOf(app, kind, account.id)).filter((r) => r.revoked_at === null).length, 1, 'one family, one active row')
    })

    t.test('inside the window, a family revoked since (logout, revokesession) gives 401 and no theft response', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const next = (await refresh(app, kind, { body: { refreshToken: s.refreshToken } })).json()
      await authed(app, kind, 'logout', next.token, { body: { refreshToken: next.refreshToken } })
      assertError(t, await refresh(app, kind, { body: { refreshToken: s.refreshToken } }), 401, invalid)
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0, 'not a theft')
      await app.sql.unsafe(`update "${kind.ownerTable}" set is_active = false where id = $1`, [account.id])
      const other = await createTestAccount(app, kind)
      const o = await signIn(app, kind, other)
      await refresh(app, kind, { body: { refreshToken: o.refreshToken } })
      await app.sql.unsafe(`update "${kind.ownerTable}" set is_active = false where id = $1`, [other.id])
      assertError(t, await refresh(app, kind, { body: { refreshToken: o.refreshToken } }), 401, invalid)
    })

    t.test('a tampered successor does not open: the replay is treated as theft', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      await refresh(app, kind, { body: { refreshToken: s.refreshToken } })
      const row = (await sessionOf(app, kind, s.refreshToken))!
      const bytes = Buffer.from(row.successor_token, 'base64url')
      bytes[14] ^= 1
      await app.sql.unsafe(`update "${kind.sessionTable}" set successor_token = $2 where id = $1`, [row.id, bytes.toString('base64url')])
      assertError(t, await refresh(app, kind, { body: { refreshToken: s.refreshToken } }), 401, invalid)
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 1)
    })
  })

  t.test(`refresh with the default REFRESH_TOKEN_REUSE_INTERVAL=0s keeps no successor (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })
    const account = await createTestAccount(app, kind)
    const s = await signIn(app, kind, account)
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(app, kind, { body: { refreshToken: s.refreshToken } })))
    t.equal(results.filter((r) => r.statusCode === 200).length, 1, 'exactly one of twenty concurrent refreshes succeeds')
    t.equal((await sessionOf(app, kind, s.refreshToken))!.successor_token, null, 'nothing kept')
    t.ok((await ownerOf(app, kind, account.id))!.token_version >= 1, 'the others are the theft signal, as before')
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) refreshReuseSuite(kind)
