/**
 * The account route suites, written once and run for every account type of the registry: the
 * user files call them with ACCOUNT_TYPES.user, the admin files with ACCOUNT_TYPES.admin.
 */
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import type { AccountType } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import {
  ACCESS_TTL, ENV, PASSWORD, PRODUCTION_ENV, REFRESH_TTL, accountError, assertClearedCookie, assertError, assertIssued,
  assertRefreshCookie, authed, countSessions, createTestAccount, decodeJwt, failRotations, forgeJwt, isRecent, login, ownerOf,
  parseSetCookies, randomRefreshToken, refresh, route, sessionOf, sessionState, sessionsOf, sha256, signIn, slowSessionInserts,
  uniqueEmail
} from '../../helpers/accounts.js'

/** An access token of `kind` that is validly signed but expired an hour ago. */
function expiredToken (app: FastifyInstance, kind: AccountType, ownerId: string): string {
  const now = Math.floor(Date.now() / 1000)
  return forgeJwt({ sub: ownerId, type: kind.type, tokenVersion: 0, aud: kind.audiences.web, iss: app.config.jwtIssuer,
    iat: now - 7200, exp: now - 3600 }, app.config.accessTokenSecret)
}

export function loginSuite (kind: AccountType): void {
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

    t.test('the access token carries sub, type, tokenVersion, aud, iss and a 15 minute lifetime', async (t) => {
      const account = await createTestAccount(app, kind)
      await app.sql.unsafe(`update "${kind.ownerTable}" set token_version = 7 where id = $1`, [account.id])
      const cases: Array<[Record<string, string>, string]> = [
        [{}, kind.audiences.web],
        [{ 'x-client': 'web' }, kind.audiences.web],
        [{ 'x-client': 'app' }, kind.audiences.app],
        [{ 'x-client': 'APP' }, kind.audiences.web]
      ]
      for (const [headers, aud] of cases) {
        const { token } = await signIn(app, kind, account, headers)
        const { header, payload } = decodeJwt(token)
        t.equal(header.alg, 'HS256', 'signed with HS256')
        t.same(Object.keys(payload).sort(), ['aud', 'exp', 'iat', 'iss', 'sub', 'tokenVersion', 'type'], 'no other claims')
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

export function registerSuite (kind: AccountType): void {
  const url = route(kind, 'register')
  const err = (rest: string) => accountError(kind, rest)
  const register = (app: FastifyInstance, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers })

  t.test(`${url} (${kind.type})`, async (t) => {
    const app = await build(t, { env: ENV })

    t.test('registering answers 201 with tokens, the account and the refresh cookie, and counts as the first login', async (t) => {
      const email = uniqueEmail('ReGiStEr').replace('latchkey.test', 'LatchKey.TEST')
      const res = await register(app, { email, password: 'eight-ch' }, { 'x-client': 'app', 'x-platform': 'android', 'user-agent': 'UA/1' })
      const body = assertIssued(t, res, kind, 201)
      const account = body[kind.bodyKey]
      t.match(account, { email: email.toLowerCase(), isActive: true, isEmailConfirmed: false, loginCount: 1 })
      assertRefreshCookie(t, res, kind, { value: body.refreshToken })
      const row = (await ownerOf(app, kind, account.id))!
      t.equal(row.email, email.toLowerCase(), 'stored lower-case')
      t.match(row.password, /^\$argon2id\$/, 'the password is stored as an argon2id hash')
      t.equal(row.login_count, 1)
      t.ok(isRecent(row.last_login) && isRecent(row.last_login_at), 'lastLogin and lastLoginAt are set')
      t.equal(row.deleted_at, null)
      const sessions = await sessionsOf(app, kind, account.id)
      t.equal(sessions.length, 1, 'one session is opened')
      t.match(sessions[0], { client: 'app', platform: 'android', user_agent: 'UA/1', ip_address: '127.0.0.1', revoked_at: null,
        refresh_token_hash: sha256(body.refreshToken) })
      t.match(decodeJwt(body.token).payload, { sub: account.id, type: kind.type, tokenVersion: 0, aud: kind.audiences.app })
      const logout = await authed(app, kind, 'logout', body.token, { headers: { 'x-client': 'app' } })
      t.equal(logout.statusCode, 200, 'the access token is accepted on a protected route')
    })

    t.test('the registered account logs in with its password', async (t) => {
      const email = uniqueEmail('reglogin')
      t.equal((await register(app, { email, password: PASSWORD })).statusCode, 201)
      const res = await login(app, kind, { email, password: PASSWORD })
      t.equal(res.statusCode, 201)
      t.equal(res.json()[kind.bodyKey].loginCount, 2)
    })

    t.test(`a taken email answers 400 ${err('BAD_REQUEST_USER_ALREADY_EXISTS')}, in any letter case`, async (t) => {
      const existing = await createTestAccount(app, kind)
      for (const email of [existing.email, existing.email.toUpperCase()]) {
        const res = await register(app, { email, password: 'another-password' })
        assertError(t, res, 400, err('BAD_REQUEST_USER_ALREADY_EXISTS'))
        t.equal(parseSetCookies(res).length, 0, 'no cookie is set')
      }
      const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.ownerTable}" where email = $1`, [existing.email])
      t.equal(n, 1, 'no second account')
      t.same(await sessionsOf(app, kind, existing.id), [], 'the existing account got no session')
      t.equal((await login(app, kind, { email: existing.email, password: 'another-password' })).statusCode, 400,
        'the existing password was not replaced')
    })

    t.test('a password shorter than 8 characters answers 400 BAD_REQUEST_INVALID_ARGUMENTS', async (t) => {
      const email = uniqueEmail('short')
      const res = await register(app, { email, password: 'seven-c' })
      const body = assertError(t, res, 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.same(body.fields.map((f: { name: string }) => f.name), ['password'])
      const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.ownerTable}" where email = $1`, [email])
      t.equal(n, 0, 'no account was created')
      t.equal((await register(app, { email, password: 'eight-ch' })).statusCode, 201, 'eight characters are enough')
    })

    t.test('a missing or malformed email answers 400 BAD_REQUEST_INVALID_ARGUMENTS', async (t) => {
      for (const payload of [{ password: PASSWORD }, { email: 'nope', password: PASSWORD }, {}]) {
        const body = assertError(t, await register(app, payload), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
        t.ok(body.fields.some((f: { name: string }) => f.name === 'email'), 'email is named')
      }
    })
  })

  t.test(`${url} (${kind.type}) with REGISTRATION_ENABLED=false`, async (t) => {
    const app = await build(t, { env: { ...ENV, REGISTRATION_ENABLED: 'false' } })
    t.test('the route does not exist: 404 NOT_FOUND and no account is created', async (t) => {
      const email = uniqueEmail('closed')
      assertError(t, await register(app, { email, password: PASSWORD }), 404, 'NOT_FOUND')
      const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.ownerTable}" where email = $1`, [email])
      t.equal(n, 0)
    })
  })
}

export function refreshSuite (kind: AccountType): void {
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
  })
}

export function logoutSuite (kind: AccountType): void {
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

    t.test('logout without an accepted access token answers 401 UNAUTHORIZED and revokes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const s = await signIn(app, kind, account)
      const cases = [
        { cookie: `${kind.cookie}=${s.refreshToken}` },
        { cookie: `${kind.cookie}=${s.refreshToken}`, authorization: `Bearer ${s.token}` },
        { cookie: `${kind.cookie}=${s.refreshToken}`, authorization: `${kind.scheme} ${s.token}`, 'x-client': 'app' }
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

export function logoutAllSuite (kind: AccountType): void {
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
