import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, createTestAccount, refresh, route, sessionsOf, signIn } from '../../helpers/accounts.js'
import { decodeJwt } from '../../helpers/tokens.js'

const META = { client: 'web' as const, platform: 'web', userAgent: 'AssuranceTest/1', ip: '203.0.113.7' }
const STRONG = { aal: 'aal2' as const, amr: ['pwd' as const, 'otp' as const] }

// The reuse interval lets the second refresh of one token take the successor path.
const app = await build(t, { env: { ...ENV, REFRESH_TOKEN_REUSE_INTERVAL: '10s' } })

for (const kind of Object.values(ACCOUNT_TYPES)) {
  t.test(`the assurance of ${kind.path} sessions`, async (t) => {
    t.test('a password sign-in is aal1 by pwd: in the access token and on the session row', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      t.match(decodeJwt(token).payload, { aal: 'aal1', amr: ['pwd'] })
      const [row] = await sessionsOf(app, kind, account.id)
      t.match(row, { aal: 'aal1', amr: ['pwd'] })
    })

    t.test('a session keeps the assurance it was opened with through rotation and the reuse interval', async (t) => {
      const account = await createTestAccount(app, kind)
      const issued = await app.sessions.openSession(kind, account.id, META, STRONG)
      t.match(decodeJwt(issued.token).payload, STRONG)
      const rotated = await refresh(app, kind, { body: { refreshToken: issued.refreshToken } })
      t.equal(rotated.statusCode, 200)
      t.match(decodeJwt(rotated.json().token).payload, STRONG, 'rotation')
      const again = await refresh(app, kind, { body: { refreshToken: issued.refreshToken } })
      t.equal(again.statusCode, 200)
      t.equal(again.json().refreshToken, rotated.json().refreshToken, 'the successor of the reuse interval')
      t.match(decodeJwt(again.json().token).payload, STRONG, 'reuse interval')
      const rows = await sessionsOf(app, kind, account.id)
      t.equal(rows.length, 2)
      t.ok(rows.every((row) => row.aal === 'aal2' && JSON.stringify(row.amr) === '["pwd","otp"]'), 'every row of the family')
    })

    t.test('listsessions shows the aal of each device and the request sees the token\'s assurance', async (t) => {
      const account = await createTestAccount(app, kind)
      const weak = await signIn(app, kind, account)
      const strong = await app.sessions.openSession(kind, account.id, META, STRONG)
      const res = await app.inject({ method: 'GET', url: route(kind, 'listsessions'), headers: { authorization: `${kind.scheme} ${strong.token}` } })
      t.equal(res.statusCode, 200)
      const byId = Object.fromEntries(res.json().sessions.map((s: { id: string, aal: string }) => [s.id, s.aal]))
      t.same(byId, { [decodeJwt(weak.token).payload.sid as string]: 'aal1', [decodeJwt(strong.token).payload.sid as string]: 'aal2' })
      const account2 = await app.sessions.authenticate(kind, strong.token, 'web')
      t.match(account2, { id: account.id, aal: 'aal2', amr: ['pwd', 'otp'] })
      const old = await app.sessions.authenticate(kind, app.jwt.sign({ sub: account.id, type: kind.type, tokenVersion: 0, aud: kind.audiences.web }), 'web')
      t.match(old, { id: account.id, aal: 'aal1', amr: ['pwd'] }, 'a token from before assurance claims is a password\'s')
    })
  })
}
