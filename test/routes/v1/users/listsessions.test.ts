import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, assertError, authed, createTestAccount, refresh, route, sessionOf, sessionsOf, signIn
} from '../../../helpers/accounts.js'
import { decodeJwt, expiredToken } from '../../../helpers/tokens.js'

const SESSION_KEYS = ['aal', 'browser', 'client', 'createdAt', 'current', 'deviceType', 'expiresAt', 'id', 'ipAddress', 'lastUsedAt', 'os',
  'platform', 'userAgent']

// Real User-Agent headers and how people name those devices.
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 ' +
  'Mobile/15E148 Safari/604.1'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAMSUNG_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 ' +
  'Chrome/122.0.0.0 Safari/537.36'

/** /v1/<accounts>/listsessions for one account type: one entry per device (session family). */
function listsessionsSuite (kind: AccountType): void {
  const url = route(kind, 'listsessions')

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })

    t.test('one entry per family, stable across refreshes, newest activity first, current marked', async (t) => {
      const account = await createTestAccount(app, kind)
      const phone = await signIn(app, kind, account, { 'x-client': 'app', 'x-platform': 'ios', 'user-agent': 'Phone/1' })
      const laptop = await signIn(app, kind, account, { 'user-agent': 'Laptop/1' })
      const loginRows = await sessionsOf(app, kind, account.id)
      t.equal(loginRows.length, 2)
      t.not(loginRows[0].family_id, loginRows[1].family_id, 'each login opens its own family')
      for (const row of loginRows) t.equal(row.family_id, row.id, 'a family is named after its first session')

      // The phone refreshes twice: its family gains two rows, the list keeps one entry for it.
      let phoneToken = phone.refreshToken
      let phoneAccess = phone.token
      for (const agent of ['Phone/2', 'Phone/3']) {
        const res = await refresh(app, kind, { body: { refreshToken: phoneToken }, headers: { 'user-agent': agent } })
        t.equal(res.statusCode, 200)
        phoneToken = res.json().refreshToken
        phoneAccess = res.json().token
      }
      const phoneFamily = (await sessionOf(app, kind, phone.refreshToken))!.family_id
      t.equal((await sessionOf(app, kind, phoneToken))!.family_id, phoneFamily, 'rotation copies the family')
      t.equal(decodeJwt(phone.token).payload.sid, phoneFamily, 'the login\'s access token carries sid = the family id')
      t.equal(decodeJwt(phoneAccess).payload.sid, phoneFamily, 'a refreshed access token keeps the same sid')

      const res = await authed(app, kind, 'listsessions', laptop.token)
      t.equal(res.statusCode, 200)
      t.equal(res.headers['cache-control'], 'no-store')
      const body = res.json()
      t.same(Object.keys(body).sort(), ['sessions', 'status', 'success'])
      t.equal(body.sessions.length, 2, 'one entry per device, not per row')
      for (const s of body.sessions) t.same(Object.keys(s).sort(), SESSION_KEYS, 'exactly the listed fields')
      const [first, second] = body.sessions
      const laptopFamily = (await sessionOf(app, kind, laptop.refreshToken))!.family_id
      t.equal(first.id, phoneFamily, 'the phone refreshed last: it comes first')
      t.equal(second.id, laptopFamily)
      t.same([first.current, second.current], [false, true], 'current is the caller\'s own family')

      const phoneRows = (await sessionsOf(app, kind, account.id)).filter((r) => r.family_id === phoneFamily)
      const activeRow = phoneRows.find((r) => r.revoked_at === null)!
      t.match(first, { client: 'app', platform: 'ios', userAgent: 'Phone/3', ipAddress: '127.0.0.1' }, 'details of the latest refresh')
      t.same([first.browser, first.os, first.deviceType], [null, null, null], 'a User-Agent that names no browser describes nothing')
      const started = Date.parse(first.createdAt)
      t.equal(started, parseInt(phoneFamily.slice(0, 8) + phoneFamily.slice(9, 13), 16), 'createdAt is the time in the family id')
      t.ok(Math.abs(started - phoneRows[0].created_at.getTime()) < 1000, 'which is when the family started (the login)')
      const lastUsed = Math.max(...phoneRows.map((r) => r.last_used_at?.getTime() ?? 0))
      t.equal(first.lastUsedAt, new Date(lastUsed).toISOString(), 'lastUsedAt is the last refresh')
      t.equal(first.expiresAt, activeRow.expires_at.toISOString(), 'expiresAt is that of the active row')
      t.equal(second.lastUsedAt, null, 'a family never refreshed has no lastUsedAt')
      t.match(second, { client: 'web', platform: 'web', userAgent: 'Laptop/1' })

      const fromPhone = await authed(app, kind, 'listsessions', phoneAccess, { headers: { 'x-client': 'app' } })
      t.same(fromPhone.json().sessions.map((s: any) => s.current), [true, false], 'seen from the phone, the phone is current')
    })

    t.test('each device is described from its User-Agent as people name it: Chrome on Linux', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account, { 'user-agent': CHROME_LINUX })
      for (const agent of [SAFARI_IPHONE, FIREFOX_WINDOWS, SAMSUNG_TABLET]) await signIn(app, kind, account, { 'user-agent': agent })
      await signIn(app, kind, account, { 'user-agent': 'Latchkey/2.1' })
      const { sessions } = (await authed(app, kind, 'listsessions', me.token, { headers: { 'user-agent': 'curl/8.5.0' } })).json()
      const described = Object.fromEntries(sessions.map((s: any) => [s.userAgent, [s.browser, s.os, s.deviceType]]))
      t.same(described, {
        [CHROME_LINUX]: ['Chrome', 'Linux', 'desktop'],
        [SAFARI_IPHONE]: ['Safari', 'iOS', 'mobile'],
        [FIREFOX_WINDOWS]: ['Firefox', 'Windows', 'desktop'],
        [SAMSUNG_TABLET]: ['Samsung Internet for Android', 'Android', 'tablet'],
        'Latchkey/2.1': [null, null, null]
      }, 'an app\'s own header describes nothing; the sign-in\'s header is described, not the one of the request that lists')
      const rows = await sessionsOf(app, kind, account.id)
      t.same(rows.map((r) => r.user_agent).sort(), [CHROME_LINUX, SAFARI_IPHONE, FIREFOX_WINDOWS, SAMSUNG_TABLET, 'Latchkey/2.1'].sort(),
        'the header is stored as it came, nothing parsed is')
    })

    t.test('revoked, expired and other owners\' families are not listed', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const gone = await signIn(app, kind, account)
      const old = await signIn(app, kind, account)
      await authed(app, kind, 'logout', gone.token, { cookie: gone.refreshToken })
      await app.sql.unsafe(`update "${kind.sessionTable}" set expires_at = now() - interval '1 second' where id = $1`,
        [(await sessionOf(app, kind, old.refreshToken))!.id])
      await signIn(app, kind, await createTestAccount(app, kind))
      const body = (await authed(app, kind, 'listsessions', me.token)).json()
      t.same(body.sessions.map((s: any) => s.id), [(await sessionOf(app, kind, me.refreshToken))!.family_id], 'only the live family')
    })

    t.test('a token without sid (issued before families) lists every device with none current', async (t) => {
      const account = await createTestAccount(app, kind)
      await signIn(app, kind, account)
      const now = Math.floor(Date.now() / 1000)
      const legacy = app.jwt.sign({ sub: account.id, type: kind.type, tokenVersion: 0, aud: kind.audiences.web, iat: now })
      const res = await authed(app, kind, 'listsessions', legacy)
      t.equal(res.statusCode, 200)
      t.same(res.json().sessions.map((s: any) => s.current), [false])
    })

    t.test('authentication is required; GET works too', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      assertError(t, await app.inject({ method: 'POST', url }), 401, 'UNAUTHORIZED')
      assertError(t, await authed(app, kind, 'listsessions', expiredToken(app, kind, account.id)), 401, 'UNAUTHORIZED')
      const res = await app.inject({ method: 'GET', url: `${url}?lang=es`, headers: { authorization: `${kind.scheme} ${s.token}` } })
      t.equal(res.statusCode, 200, 'GET works too')
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) listsessionsSuite(kind)
