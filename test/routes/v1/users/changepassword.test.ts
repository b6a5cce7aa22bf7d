import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build, captureLogs } from '../../../helpers/app.js'
import {
  ENV, PASSWORD, accountError, admitted, assertError, authed, createTestAccount, liveSessions, login, ownerOf, refresh, requestReset,
  resetPassword, route, sessionOf, signIn, type Headers, type SignedIn
} from '../../../helpers/accounts.js'
import { linkToken, smtpCatcher } from '../../../helpers/mail.js'
import { parseSetCookies } from '../../../helpers/tokens.js'

const NEW_PASSWORD = 'a fresh and long new password'
const WRONG_PASSWORD = 'not-the-current-password'
const SHORT_PASSWORD = 'seven77'
const QUERY_PASSWORD = 'passed in the query string'

function change (app: FastifyInstance, kind: AccountType, token: string, currentPassword: string, newPassword: string) {
  return authed(app, kind, 'changepassword', token, { body: { currentPassword, newPassword } })
}

async function passwordChangedEvents (app: FastifyInstance, accountId: string) {
  return [...await app.sql`select * from audit_events where account_id = ${accountId} and event = 'password.changed' order by id`]
}

/** /v1/<accounts>/changepassword for one account type: a new password, this device stays signed in, the others not. */
function changePasswordSuite (kind: AccountType): void {
  const url = route(kind, 'changepassword')
  const err = (rest: string) => accountError(kind, rest)
  const invalidRefresh = err('UNAUTHORIZED_INVALID_REFRESH_TOKEN')

  t.test(`${url} (${kind.type})`, async (t) => {
    const mail = await smtpCatcher(t)
    const logs = captureLogs()
    const app = await build(t, {
      env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, LOG_LEVEL: 'info' },
      logger: { level: 'info', stream: logs.stream }
    })

    t.test('the right current password sets the new one, signs out every other device and keeps this one', async (t) => {
      const account = await createTestAccount(app, kind)
      const first = await signIn(app, kind, account)
      // The caller's family has two rows: the change must keep the family, not just one row.
      const me = (await refresh(app, kind, { body: { refreshToken: first.refreshToken } })).json()
      const family = (await sessionOf(app, kind, me.refreshToken))!.family_id
      const others: Array<SignedIn & { headers: Headers }> = [{ headers: {}, ...await signIn(app, kind, account) },
        { headers: { 'x-client': 'app' }, ...await signIn(app, kind, account, { 'x-client': 'app' }) }]
      const gone = await signIn(app, kind, account)
      await authed(app, kind, 'logout', gone.token, { cookie: gone.refreshToken })
      const stranger = await signIn(app, kind, await createTestAccount(app, kind))
      const before = (await ownerOf(app, kind, account.id))!

      const res = await change(app, kind, me.token, PASSWORD, NEW_PASSWORD)
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true }, 'exactly status and success')
      t.same(parseSetCookies(res), [], 'no cookie change: the caller stays signed in')

      assertError(t, await login(app, kind, { email: account.email, password: PASSWORD }), 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal((await login(app, kind, { email: account.email, password: NEW_PASSWORD })).statusCode, 201, 'the new password signs in')
      const after = (await ownerOf(app, kind, account.id))!
      t.match(after.password, /^\$argon2id\$/, 'stored as an argon2id PHC string')
      t.not(after.password, before.password, 'the hash changed')
      t.equal(after.token_version, before.token_version, 'tokenVersion is not bumped (as logoutothers)')

      for (const other of others) {
        assertError(t, await refresh(app, kind, { body: { refreshToken: other.refreshToken } }), 401, invalidRefresh)
      }
      t.equal((await authed(app, kind, 'me', me.token)).statusCode, 200, 'the caller\'s access token keeps working')
      const refreshed = await refresh(app, kind, { body: { refreshToken: me.refreshToken } })
      t.equal(refreshed.statusCode, 200, 'the caller\'s refresh token still refreshes')
      t.equal((await sessionOf(app, kind, refreshed.json().refreshToken))?.family_id, family, 'in the same family')
      t.equal((await sessionOf(app, kind, stranger.refreshToken))!.revoked_at, null, 'another owner is untouched')

      const events = await passwordChangedEvents(app, account.id)
      t.equal(events.length, 1, 'one password.changed event')
      t.match(events[0], {
        account_type: kind.type,
        account_id: account.id,
        actor_type: kind.type,
        actor_id: account.id,
        session_id: family,
        data: { revoked: 2 }
      }, 'by the account, from the caller\'s family, counting the two other live families (not the logged-out one)')
      t.same(Object.keys(events[0].data), ['revoked'], 'the event data holds no password')
    })

    t.test('a wrong current password is INVALID_CURRENT_PASSWORD and changes nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const other = await signIn(app, kind, account, { 'x-client': 'app' })
      const before = (await ownerOf(app, kind, account.id))!

      assertError(t, await change(app, kind, me.token, WRONG_PASSWORD, NEW_PASSWORD), 400, err('BAD_REQUEST_INVALID_CURRENT_PASSWORD'))

      const after = (await ownerOf(app, kind, account.id))!
      t.equal(after.password, before.password, 'the stored hash is unchanged')
      t.equal(after.token_version, before.token_version)
      t.equal(await liveSessions(app, kind, account.id), 2, 'both sessions are still live')
      t.equal((await refresh(app, kind, { body: { refreshToken: other.refreshToken } })).statusCode, 200, 'the other device still refreshes')
      t.equal((await login(app, kind, { email: account.email, password: PASSWORD })).statusCode, 201, 'the old password still signs in')
      assertError(t, await login(app, kind, { email: account.email, password: NEW_PASSWORD }), 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.same(await passwordChangedEvents(app, account.id), [], 'no password.changed event')
    })

    t.test('of 5 concurrent changes from the same current password exactly one wins; the others must retry', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const passwords = Array.from({ length: 5 }, (_, i) => `concurrent new password ${i}`)
      const answers = await Promise.all(passwords.map((next) => admitted(() => change(app, kind, me.token, PASSWORD, next))))
      const winners = passwords.filter((_, i) => answers[i].statusCode === 200)
      t.equal(winners.length, 1, 'one 200')
      for (const answer of answers.filter((a) => a.statusCode !== 200)) {
        assertError(t, answer, 400, err('BAD_REQUEST_INVALID_CURRENT_PASSWORD'))
      }
      t.equal((await login(app, kind, { email: account.email, password: winners[0] })).statusCode, 201, 'the winner\'s password is the one set')
      t.equal((await passwordChangedEvents(app, account.id)).length, 1, 'one password.changed event')
    })

    t.test('without a token of this type it answers 401 UNAUTHORIZED with WWW-Authenticate', async (t) => {
      const none = await app.inject({ method: 'POST', url, payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } })
      assertError(t, none, 401, 'UNAUTHORIZED')
      t.equal(none.headers['www-authenticate'], kind.scheme, 'the scheme the route accepts')

      const other = kind.type === 'user' ? ACCOUNT_TYPES.admin : ACCOUNT_TYPES.user
      const foreignAccount = await createTestAccount(app, other)
      const foreign = await signIn(app, other, foreignAccount)
      const refused = await app.inject({
        method: 'POST', url, payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        headers: { authorization: `${kind.scheme} ${foreign.token}` }
      })
      assertError(t, refused, 401, 'UNAUTHORIZED')
      t.equal(refused.headers['www-authenticate'], `${kind.scheme} error="invalid_token"`, 'a token of another type is refused')
      t.equal((await login(app, other, { email: foreignAccount.email, password: PASSWORD })).statusCode, 201,
        'the owner of that token keeps its password')
    })

    t.test('a new password shorter than 8 characters is an invalid argument naming newPassword', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const before = (await ownerOf(app, kind, account.id))!
      const body = assertError(t, await change(app, kind, me.token, PASSWORD, SHORT_PASSWORD), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.same(body.fields.map((f: { name: string }) => f.name), ['newPassword'], 'only newPassword fails')
      t.match(body.message, 'newPassword', 'the message names it')
      t.equal((await ownerOf(app, kind, account.id))!.password, before.password, 'the password is unchanged')

      const missing = assertError(t, await authed(app, kind, 'changepassword', me.token, { body: {} }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.same(missing.fields.map((f: { name: string }) => f.name).sort(), ['currentPassword', 'newPassword'], 'both missing arguments are named')
    })

    t.test('a pending password reset link dies with the change', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const after = mail.mails.length
      const requested = await requestReset(app, kind, account.email)
      t.equal(requested.statusCode, 200)
      const token = linkToken(await mail.next(account.email, { after }), '/reset-password')
      const [{ n: pending }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.tokenTable}"
        where "${kind.ownerColumn}" = $1 and purpose = 'reset_password' and used_at is null`, [account.id])
      t.equal(pending, 1, 'the link is pending before the change')

      t.equal((await change(app, kind, me.token, PASSWORD, NEW_PASSWORD)).statusCode, 200)

      const reset = await resetPassword(app, kind, token, 'set through the old link')
      assertError(t, reset, 400, err('BAD_REQUEST_INVALID_TOKEN'))
      t.equal((await login(app, kind, { email: account.email, password: NEW_PASSWORD })).statusCode, 201, 'the changed password stands')
      t.equal((await authed(app, kind, 'me', me.token)).statusCode, 200, 'the caller is still signed in')
    })

    t.test('no password reaches a log line, arguments in the body or in the query string', async (t) => {
      const account = await createTestAccount(app, kind)
      const me = await signIn(app, kind, account)
      const query = new URLSearchParams({ currentPassword: PASSWORD, newPassword: QUERY_PASSWORD }).toString()
      const res = await app.inject({ method: 'GET', url: `${url}?${query}`, headers: { authorization: `${kind.scheme} ${me.token}` } })
      t.equal(res.statusCode, 200, 'a change with the passwords in the query string')
      t.equal((await login(app, kind, { email: account.email, password: QUERY_PASSWORD })).statusCode, 201)

      const requests = logs.lines.filter((l) => typeof l.req?.url === 'string' && l.req.url.startsWith(url))
      t.ok(requests.length >= 5, `the changepassword requests were logged (${requests.length} lines)`)
      t.ok(requests.some((l) => l.req.url === `${url}?currentPassword=[redacted]&newPassword=[redacted]`),
        'the query string is logged with its values redacted')
      const text = logs.lines.map((l) => JSON.stringify(l)).join('\n')
      for (const secret of [PASSWORD, NEW_PASSWORD, WRONG_PASSWORD, SHORT_PASSWORD, QUERY_PASSWORD, encodeURIComponent(QUERY_PASSWORD),
        QUERY_PASSWORD.replace(/ /g, '+')]) {
        t.notOk(text.includes(secret), `${JSON.stringify(secret)} is in no log line`)
      }
    })
  })

  t.test(`${url} (${kind.type}) is limited per account like login`, async (t) => {
    const app = await build(t, { env: { LOGIN_RATE_LIMIT_MAX: '2' } })
    const account = await createTestAccount(app, kind)
    const me = await signIn(app, kind, account)
    const codes = [
      (await change(app, kind, me.token, WRONG_PASSWORD, NEW_PASSWORD)).statusCode,
      (await change(app, kind, me.token, WRONG_PASSWORD, NEW_PASSWORD)).statusCode
    ]
    t.same(codes, [400, 400], 'two wrong guesses are answered')
    const third = await change(app, kind, me.token, PASSWORD, NEW_PASSWORD)
    assertError(t, third, 429, 'TOO_MANY_REQUESTS')
    t.match(third.headers['retry-after'], /^[0-9]+$/, 'with Retry-After')
    t.equal((await login(app, kind, { email: account.email, password: PASSWORD })).statusCode, 201,
      'even the right password is not applied once limited')

    const neighbour = await createTestAccount(app, kind)
    const theirs = await signIn(app, kind, neighbour)
    t.equal((await change(app, kind, theirs.token, PASSWORD, NEW_PASSWORD)).statusCode, 200, 'another account from the same IP is not limited')
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) changePasswordSuite(kind)
