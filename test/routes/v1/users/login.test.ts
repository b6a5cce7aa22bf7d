import t from 'tap'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ACCESS_TTL, ENV, PASSWORD, PRODUCTION_ENV, REFRESH_TTL, accountError, assertError, assertIssued, assertRefreshCookie,
  createTestAccount, isRecent, login, ownerOf, route, sessionOf, sessionsOf, signIn, uniqueEmail
} from '../../../helpers/accounts.js'
import { decodeJwt, expiredToken, parseSetCookies, sha256 } from '../../../helpers/tokens.js'

/** /v1/<accounts>/login for one account type: credentials, account state, sessions, tokens, cookie, rate limit. */
function loginSuite (kind: AccountType): void {
  const url = route(kind, 'login')
  const err = (rest: string) => accountError(kind, rest)

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })

    t.test('a valid login answers 201 with an access token, a refresh token, the account and the refresh cookie', async (t) => {
      const account = await createTestAccount(app, kind)
      const res = await login(app, kind, { email: account.email, password: account.password })
      const body = assertIssued(t, res, kind, 201)
      const row = await ownerOf(app, kind, account.id)
      t.same(body[kind.bodyKey], {
        id: account.id,
        email: account.email,
        isActive: true,
        isEmailConfirmed: false,
        loginCount: 1,
        lastLogin: row!.last_login.toISOString(),
        lastLoginAt: row!.last_login_at.toISOString(),
        name: null,
        givenName: null,
        familyName: null,
        picture: null,
        locale: null,
        zoneinfo: null,
        userMetadata: {},
        appMetadata: {},
        createdAt: row!.created_at.toISOString(),
        updatedAt: row!.updated_at.toISOString()
      }, `the ${kind.bodyKey} object mirrors the database row`)
      assertRefreshCookie(t, res, kind, { value: body.refreshToken })
    })

    t.test('the password never appears in a response, not even as a hash', async (t) => {
      const account = await createTestAccount(app, kind, { password: 'a-very-distinctive-password' })
      const res = await login(app, kind, { email: account.email, password: account.password })
      t.equal(res.statusCode, 201)
      t.notOk(res.payload.includes(account.password), 'the plain password is not echoed')
      const { password } = (await ownerOf(app, kind, account.id))!
      t.match(password, /^\$argon2id\$/, 'the database keeps an argon2id PHC hash')
      t.notOk(res.payload.includes(password), 'the hash is not sent')
      const bad = await login(app, kind, { email: account.email, password: 'a-wrong-distinctive-password' })
      t.notOk(bad.payload.includes('a-wrong-distinctive-password'), 'a failed login does not echo the password either')
    })

    t.test('every login adds 1 to loginCount and sets lastLogin and lastLoginAt to now', async (t) => {
      const account = await createTestAccount(app, kind)
      const before = (await ownerOf(app, kind, account.id))!
      t.equal(before.login_count, 0)
      t.equal(before.last_login, null)
      t.equal(before.last_login_at, null)
      const first = await signIn(app, kind, account)
      const afterFirst = (await ownerOf(app, kind, account.id))!
      t.equal(afterFirst.login_count, 1)
      t.ok(isRecent(afterFirst.last_login), 'lastLogin is now')
      t.ok(isRecent(afterFirst.last_login_at), 'lastLoginAt is now')
      t.equal(first.account.loginCount, 1, 'the response shows the new count')
      await new Promise((resolve) => setTimeout(resolve, 20))
      const second = await signIn(app, kind, account)
      const afterSecond = (await ownerOf(app, kind, account.id))!
      t.equal(afterSecond.login_count, 2)
      t.equal(second.account.loginCount, 2)
      t.ok(afterSecond.last_login > afterFirst.last_login, 'lastLogin moves forward')
      t.same(afterSecond.last_login_at, afterSecond.last_login, 'lastLogin and lastLoginAt are the same instant')
      t.equal(second.account.lastLoginAt, afterSecond.last_login_at.toISOString())
    })

    t.test('none -> Active: each login opens one new session storing client, platform, user agent and IP', async (t) => {
      const account = await createTestAccount(app, kind)
      const web = await signIn(app, kind, account, { 'user-agent': 'Browser/1.0' })
      const phone = await signIn(app, kind, account, { 'x-client': 'app', 'x-platform': 'ios', 'user-agent': 'LatchkeyApp/2.3' })
      const odd = await signIn(app, kind, account, { 'x-client': 'tablet', 'x-platform': 'android' })
      const rows = await sessionsOf(app, kind, account.id)
      t.equal(rows.length, 3, 'three logins, three sessions')
      const [a, b, c] = rows
      t.match(a, { client: 'web', platform: 'web', user_agent: 'Browser/1.0', ip_address: '127.0.0.1', revoked_at: null,
        replaced_by_session_id: null, last_used_at: null })
      t.match(b, { client: 'app', platform: 'ios', user_agent: 'LatchkeyApp/2.3', ip_address: '127.0.0.1', revoked_at: null })
      t.match(c, { client: 'web', platform: 'android' }, 'an X-Client other than web or app means web')
      t.equal(a.refresh_token_hash, sha256(web.refreshToken), 'only the SHA-256 of the refresh token is stored')
      t.equal(b.refresh_token_hash, sha256(phone.refreshToken))
      t.equal(c.refresh_token_hash, sha256(odd.refreshToken))
      const stored = JSON.stringify(rows)
      t.notOk(stored.includes(web.refreshToken), 'the raw refresh token is not stored')
      for (const row of rows) {
        t.ok(Math.abs(row.expires_at.getTime() - (Date.now() + REFRESH_TTL * 1000)) < 10_000, 'expiresAt is now plus the refresh lifetime')
      }
      assertRefreshCookie(t, phone.res, kind, { value: phone.refreshToken })
    })

    t.test('the access token carries sub, type, tokenVersion, sid, aal, amr, aud, iss and a 15 minute lifetime', async (t) => {
      const account = await createTestAccount(app, kind)
      await app.sql.unsafe(`update "${kind.ownerTable}" set token_version = 7 where id = $1`, [account.id])
      const cases: Array<[Record<string, string>, string]> = [
        [{}, kind.audiences.web],
        [{ 'x-client': 'web' }, kind.audiences.web],
        [{ 'x-client': 'app' }, kind.audiences.app],
        [{ 'x-client': 'APP' }, kind.audiences.web]
      ]
      for (const [headers, aud] of cases) {
        const { token, refreshToken } = await signIn(app, kind, account, headers)
        const { header, payload } = decodeJwt(token)
        t.equal(header.alg, 'HS256', 'signed with HS256')
        t.same(Object.keys(payload).sort(), ['aal', 'amr', 'aud', 'exp', 'iat', 'iss', 'jti', 'sid', 'sub', 'tokenVersion', 'type'], 'no other claims')
        t.match(payload, { aal: 'aal1', amr: ['pwd'] }, 'a password sign-in')
        t.equal(payload.sid, (await sessionOf(app, kind, refreshToken))!.family_id, 'sid is the family this login opened')
        t.match(payload, { sub: account.id, type: kind.type, tokenVersion: 7, aud, iss: 'latchkey' },
          `X-Client ${JSON.stringify(headers['x-client'])} gives audience ${aud}`)
        t.equal(payload.exp - payload.iat, ACCESS_TTL, 'exp - iat is 900 seconds')
        t.ok(Math.abs(payload.iat - Date.now() / 1000) < 10, 'iat is now')
      }
    })

    t.test('emails are compared lower-case', async (t) => {
      const local = `mixed-${Date.now()}`
      const account = await createTestAccount(app, kind, { email: `${local.toUpperCase()}@Latchkey.Test` })
      t.equal(account.email, `${local}@latchkey.test`, 'the email is stored lower-case')
      const res = await login(app, kind, { email: `${local.toUpperCase()}@LATCHKEY.TEST`, password: PASSWORD })
      t.equal(res.statusCode, 201, 'logging in with the upper-case address works')
      t.equal(res.json()[kind.bodyKey].email, account.email)
    })

    t.test('missing or malformed arguments answer 400 BAD_REQUEST_INVALID_ARGUMENTS naming each argument', async (t) => {
      const account = await createTestAccount(app, kind)
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{}, ['email', 'password']],
        [{ email: account.email }, ['password']],
        [{ password: PASSWORD }, ['email']],
        [{ email: 'not-an-email', password: PASSWORD }, ['email']],
        [{ email: account.email, password: '' }, ['password']],
        [{ email: `${'a'.repeat(250)}@x.io`, password: PASSWORD }, ['email']],
        [{ email: account.email, password: 'p'.repeat(1025) }, ['password']]
      ]
      for (const [payload, names] of cases) {
        const res = await login(app, kind, payload)
        const body = assertError(t, res, 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
        t.same([...new Set(body.fields.map((f: { name: string }) => f.name))].sort(), names, `fields name ${names.join(', ')}`)
        for (const name of names) t.match(body.message, name, `the message names ${name}`)
      }
      const row = (await ownerOf(app, kind, account.id))!
      t.equal(row.login_count, 0, 'nothing was counted')
      t.same(await sessionsOf(app, kind, account.id), [], 'no session was opened')
    })

    t.test('a malformed JSON body answers 400 BAD_REQUEST_INVALID_ARGUMENTS, not 500', async (t) => {
      const res = await app.inject({ method: 'POST', url, payload: '{"email": ', headers: { 'content-type': 'application/json' } })
      assertError(t, res, 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    })

    t.test('a body over BODY_LIMIT answers 413 PAYLOAD_TOO_LARGE, and an unknown content type 415 UNSUPPORTED_MEDIA_TYPE', async (t) => {
      const big = await app.inject({ method: 'POST', url, payload: { email: 'a@x.io', password: 'p'.repeat(1024 * 1024 + 1) } })
      assertError(t, big, 413, 'PAYLOAD_TOO_LARGE')
      const xml = await app.inject({ method: 'POST', url, payload: '<email>a@x.io</email>', headers: { 'content-type': 'application/xml' } })
      assertError(t, xml, 415, 'UNSUPPORTED_MEDIA_TYPE')
    })

    t.test(`an unknown email answers 400 ${err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')}`, async (t) => {
      const res = await login(app, kind, { email: uniqueEmail('nobody'), password: PASSWORD })
      assertError(t, res, 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal(parseSetCookies(res).length, 0, 'no cookie is set')
    })

    t.test('a wrong password answers the same credentials error and changes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const res = await login(app, kind, { email: account.email, password: `${PASSWORD}!` })
      assertError(t, res, 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal(parseSetCookies(res).length, 0, 'no cookie is set')
      const row = (await ownerOf(app, kind, account.id))!
      t.equal(row.login_count, 0)
      t.equal(row.last_login, null)
      t.same(await sessionsOf(app, kind, account.id), [], 'no session was opened')
    })

    t.test('an inactive and deleted account with a wrong password gets the credentials error first', async (t) => {
      const account = await createTestAccount(app, kind, { isActive: false, deletedAt: new Date() })
      const res = await login(app, kind, { email: account.email, password: 'wrong-password' })
      assertError(t, res, 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
    })

    t.test(`an inactive account answers 400 ${err('BAD_REQUEST_ACCOUNT_INACTIVE')}, before the deleted check`, async (t) => {
      const inactive = await createTestAccount(app, kind, { isActive: false })
      assertError(t, await login(app, kind, { email: inactive.email, password: PASSWORD }), 400, err('BAD_REQUEST_ACCOUNT_INACTIVE'))
      const both = await createTestAccount(app, kind, { isActive: false, deletedAt: new Date() })
      assertError(t, await login(app, kind, { email: both.email, password: PASSWORD }), 400, err('BAD_REQUEST_ACCOUNT_INACTIVE'))
      for (const id of [inactive.id, both.id]) {
        t.same(await sessionsOf(app, kind, id), [], 'no session was opened')
        t.equal((await ownerOf(app, kind, id))!.login_count, 0, 'nothing was counted')
      }
    })

    t.test(`a soft-deleted account answers 400 ${err('BAD_REQUEST_ACCOUNT_DELETED')}`, async (t) => {
      const account = await createTestAccount(app, kind, { deletedAt: new Date() })
      const res = await login(app, kind, { email: account.email, password: PASSWORD })
      assertError(t, res, 400, err('BAD_REQUEST_ACCOUNT_DELETED'))
      t.same(await sessionsOf(app, kind, account.id), [], 'no session was opened')
    })

    t.test('an unconfirmed email logs in when REQUIRE_EMAIL_CONFIRMED is off (the default)', async (t) => {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: false })
      const res = await login(app, kind, { email: account.email, password: PASSWORD })
      t.equal(res.statusCode, 201)
      t.equal(res.json()[kind.bodyKey].isEmailConfirmed, false)
    })

    t.test('any HTTP method works, with the arguments in the query string or the body', async (t) => {
      const account = await createTestAccount(app, kind)
      const query = new URLSearchParams({ email: account.email, password: PASSWORD }).toString()
      const get = await app.inject({ method: 'GET', url: `${url}?${query}` })
      assertIssued(t, get, kind, 201)
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const res = await app.inject({ method, url, payload: { email: account.email, password: PASSWORD } })
        t.equal(res.statusCode, 201, `${method} logs in`)
      }
      const mixed = await app.inject({ method: 'POST', url: `${url}?email=${encodeURIComponent(account.email)}`, payload: { password: PASSWORD } })
      t.equal(mixed.statusCode, 201, 'query and body arguments are merged')
      t.equal((await sessionsOf(app, kind, account.id)).length, 5, 'one session per login')
    })

    t.test('a public login ignores a garbage or expired Authorization header', async (t) => {
      const account = await createTestAccount(app, kind)
      for (const authorization of [`${kind.scheme} garbage`, `${kind.scheme} ${expiredToken(app, kind, account.id)}`, 'Bearer x', 'jwt-nobody y']) {
        const res = await login(app, kind, { email: account.email, password: PASSWORD }, { authorization })
        t.equal(res.statusCode, 201, `logs in with Authorization: ${authorization.slice(0, 20)}...`)
      }
    })
  })

  t.test(`${url} (${kind.type}) with REQUIRE_EMAIL_CONFIRMED=true and LOGIN_RATE_LIMIT_MAX=2`, async (t) => {
    const app = await build(t, { env: { REQUIRE_EMAIL_CONFIRMED: 'true', LOGIN_RATE_LIMIT_MAX: '2' } })

    t.test(`an unconfirmed email answers 401 ${err('UNAUTHORIZED_EMAIL_NOT_CONFIRMED')} and opens no session`, async (t) => {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: false })
      const res = await login(app, kind, { email: account.email, password: PASSWORD })
      assertError(t, res, 401, err('UNAUTHORIZED_EMAIL_NOT_CONFIRMED'))
      t.same(await sessionsOf(app, kind, account.id), [])
      t.equal((await ownerOf(app, kind, account.id))!.login_count, 0)
    })

    t.test('a confirmed email logs in', async (t) => {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: true })
      const res = await login(app, kind, { email: account.email, password: PASSWORD })
      t.equal(res.statusCode, 201)
      t.equal(res.json()[kind.bodyKey].isEmailConfirmed, true)
    })

    t.test('the confirmation check comes after credentials, isActive and deletedAt', async (t) => {
      const deleted = await createTestAccount(app, kind, { deletedAt: new Date() })
      assertError(t, await login(app, kind, { email: deleted.email, password: PASSWORD }), 400, err('BAD_REQUEST_ACCOUNT_DELETED'))
      const inactive = await createTestAccount(app, kind, { isActive: false })
      assertError(t, await login(app, kind, { email: inactive.email, password: PASSWORD }), 400, err('BAD_REQUEST_ACCOUNT_INACTIVE'))
      const unconfirmed = await createTestAccount(app, kind)
      assertError(t, await login(app, kind, { email: unconfirmed.email, password: 'wrong-password' }), 400,
        err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
    })

    t.test('the third login for one email from one IP answers 429 TOO_MANY_REQUESTS; another email or IP still logs in', async (t) => {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: true })
      const other = await createTestAccount(app, kind, { isEmailConfirmed: true })
      assertError(t, await login(app, kind, { email: account.email, password: 'wrong-password' }), 400,
        err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal((await login(app, kind, { email: account.email, password: PASSWORD })).statusCode, 201, 'the second attempt passes')
      const limited = await login(app, kind, { email: account.email.toUpperCase(), password: PASSWORD })
      assertError(t, limited, 429, 'TOO_MANY_REQUESTS')
      t.match(limited.headers['retry-after'], /^\d+$/, 'Retry-After is set')
      t.equal((await sessionsOf(app, kind, account.id)).length, 1, 'the limited attempt opened no session')
      t.equal((await login(app, kind, { email: other.email, password: PASSWORD })).statusCode, 201, 'another email is still allowed')
      const elsewhere = await app.inject({ method: 'POST', url, remoteAddress: '10.1.2.3', payload: { email: account.email, password: PASSWORD } })
      t.equal(elsewhere.statusCode, 201, 'the same email from another IP is still allowed')
    })
  })

  t.test(`${url} (${kind.type}) in production`, async (t) => {
    const app = await build(t, { env: { ...PRODUCTION_ENV, REFRESH_TOKEN_EXPIRES_IN: '7d' } })

    t.test('the refresh cookie is also Secure, and Max-Age follows REFRESH_TOKEN_EXPIRES_IN', async (t) => {
      const account = await createTestAccount(app, kind)
      const res = await login(app, kind, { email: account.email, password: PASSWORD })
      const body = assertIssued(t, res, kind, 201)
      assertRefreshCookie(t, res, kind, { value: body.refreshToken, maxAge: 7 * 86400, secure: true })
      const [session] = await sessionsOf(app, kind, account.id)
      t.ok(Math.abs(session.expires_at.getTime() - (Date.now() + 7 * 86400_000)) < 10_000, 'the session expires with the cookie')
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) loginSuite(kind)

t.test('/v1/users/login and /v1/admins/login', async (t) => {
  const app = await build(t, { env: ENV })

  t.test('an admin and a user with the same email are separate accounts', async (t) => {
    const email = 'same-person@latchkey.test'
    const admin = await createTestAccount(app, ACCOUNT_TYPES.admin, { email, password: 'admin-password' })
    const user = await createTestAccount(app, ACCOUNT_TYPES.user, { email, password: 'user-password' })
    const asAdmin = await app.inject({ method: 'POST', url: '/v1/admins/login', payload: { email, password: 'user-password' } })
    assertError(t, asAdmin, 400, 'ADMIN.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
    const ok = await app.inject({ method: 'POST', url: '/v1/admins/login', payload: { email, password: 'admin-password' } })
    t.equal(ok.statusCode, 201)
    t.equal(ok.json().admin.id, admin.id)
    t.notOk('user' in ok.json(), 'the admin body has no user key')
    t.equal((await sessionsOf(app, ACCOUNT_TYPES.admin, admin.id)).length, 1)
    t.same(await sessionsOf(app, ACCOUNT_TYPES.user, user.id), [], 'the user got no session')
    t.equal((await ownerOf(app, ACCOUNT_TYPES.user, user.id))!.login_count, 0)
  })
})
