import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, PASSWORD, accountError, assertError, assertIssued, assertRefreshCookie, authed, createTestAccount, isRecent, login,
  ownerOf, route, sessionsOf, uniqueEmail
} from '../../../helpers/accounts.js'
import { decodeJwt, parseSetCookies, sha256 } from '../../../helpers/tokens.js'

/** /v1/<accounts>/register for an account type that may sign itself up. */
function registerSuite (kind: AccountType): void {
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

registerSuite(ACCOUNT_TYPES.user)

t.test('/v1/admins/register (admin)', async (t) => {
  const app = await build(t, { env: ENV })

  t.test('admins cannot register themselves: the route does not exist (404 NOT_FOUND)', async (t) => {
    const kind = ACCOUNT_TYPES.admin
    for (const method of ['POST', 'GET'] as const) {
      const res = await app.inject({ method, url: '/v1/admins/register', payload: method === 'POST' ? { email: 'new-admin@latchkey.test', password: PASSWORD } : undefined })
      assertError(t, res, 404, 'NOT_FOUND')
    }
    const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.ownerTable}"`)
    t.equal(n, 0, 'no admin was created')
  })
})
