import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, NEW_PASSWORD, PASSWORD, accountError, admitted, assertError, authed, createTestAccount, liveSessions, login, ownerOf, refresh,
  requestReset, resetPassword, route, signIn, uniqueEmail, type TestAccount
} from '../../../helpers/accounts.js'
import { linkToken, smtpCatcher, type Catcher } from '../../../helpers/mail.js'
import { sha256 } from '../../../helpers/tokens.js'
import { waitUntil } from '../../../helpers/sockets.js'


/** Asks for a reset of `account` and returns the token of the mailed link. */
async function resetToken (app: FastifyInstance, kind: AccountType, mail: Catcher, account: TestAccount, query = '') {
  const after = mail.mails.length
  const res = await requestReset(app, kind, account.email, { query })
  if (res.statusCode !== 200) throw new Error(`requestpasswordreset answered ${res.statusCode}: ${res.body}`)
  const message = await mail.next(account.email, { after })
  return { message, token: linkToken(message, '/reset-password') }
}

/** /v1/<accounts>/requestpasswordreset and /v1/<accounts>/resetpassword for one account type. */
function resetPasswordSuite (kind: AccountType): void {
  const err = (rest: string) => accountError(kind, rest)

  t.test(`${route(kind, 'requestpasswordreset')} and ${route(kind, 'resetpassword')} (${kind.type})`, async (t) => {
    const mail = await smtpCatcher(t)
    const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url } })

    t.test('the mailed link sets a new password, confirms the email and signs the account out everywhere', async (t) => {
      const account = await createTestAccount(app, kind)
      const phone = await signIn(app, kind, account, { 'x-client': 'app' })
      const laptop = await signIn(app, kind, account)
      const { message, token } = await resetToken(app, kind, mail, account, '?lang=es')
      t.equal(message.subject, 'Restablece tu contraseña', 'in the language of the request')
      t.match(message.text, 'caduca en 1 hora', 'with the lifetime of PASSWORD_RESET_EXPIRES_IN')
      t.match(message.text, `http://localhost:8000/account/reset-password?token=${token}`)
      const [row] = await app.sql.unsafe(`select * from "${kind.tokenTable}" where token_hash = $1`, [sha256(token)])
      t.match(row, { purpose: 'reset_password', email: account.email, used_at: null }, 'only the hash is stored')
      const before = (await ownerOf(app, kind, account.id))!

      const res = await resetPassword(app, kind, token)
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true })

      const after = (await ownerOf(app, kind, account.id))!
      t.equal(after.token_version, before.token_version + 1, 'tokenVersion is bumped')
      t.equal(after.is_email_confirmed, true, 'the mailbox was proven: the email is confirmed')
      t.equal(await liveSessions(app, kind, account.id), 0, 'every session is revoked')
      assertError(t, await authed(app, kind, 'me', laptop.token), 401, 'UNAUTHORIZED')
      assertError(t, await refresh(app, kind, { body: { refreshToken: phone.refreshToken } }), 401, err('UNAUTHORIZED_INVALID_REFRESH_TOKEN'))
      assertError(t, await login(app, kind, { email: account.email, password: PASSWORD }), 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      t.equal((await login(app, kind, { email: account.email, password: NEW_PASSWORD })).statusCode, 201, 'the new password works')
      t.match(after.password, /^\$argon2id\$/)

      const events = await app.sql`select event, account_id, actor_id, data from audit_events
        where account_id = ${account.id} and event like 'password.%' order by id`
      t.match([...events], [
        { event: 'password.reset_requested', account_id: account.id, actor_id: null, data: { email: account.email } },
        { event: 'password.reset', account_id: account.id, actor_id: account.id }
      ])
      assertError(t, await resetPassword(app, kind, token, 'yet another password'), 400, err('BAD_REQUEST_INVALID_TOKEN'))
    })

    t.test('of 20 concurrent resets with one token exactly one succeeds, and its password is the one set', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await resetToken(app, kind, mail, account)
      const passwords = Array.from({ length: 20 }, (_, i) => `concurrent password ${i}`)
      const answers = await Promise.all(passwords.map((password) => admitted(() => resetPassword(app, kind, token, password))))
      const winners = answers.flatMap((a, i) => a.statusCode === 200 ? [passwords[i]] : [])
      t.equal(winners.length, 1, 'one 200')
      for (const a of answers.filter((a) => a.statusCode !== 200)) assertError(t, a, 400, err('BAD_REQUEST_INVALID_TOKEN'))
      t.equal((await login(app, kind, { email: account.email, password: winners[0] })).statusCode, 201)
      const [{ n }] = await app.sql`select count(*)::int as n from audit_events where account_id = ${account.id} and event = 'password.reset'`
      t.equal(n, 1, 'one password.reset event')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 1, 'tokenVersion bumped once')
    })

    t.test('expired, superseded, unknown and malformed tokens are refused and change nothing', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token: first } = await resetToken(app, kind, mail, account)
      const { token: second } = await resetToken(app, kind, mail, account)
      assertError(t, await resetPassword(app, kind, first), 400, err('BAD_REQUEST_INVALID_TOKEN'))
      await app.sql.unsafe(`update "${kind.tokenTable}" set expires_at = now() - interval '1 second' where token_hash = $1`, [sha256(second)])
      assertError(t, await resetPassword(app, kind, second), 400, err('BAD_REQUEST_INVALID_TOKEN'))
      for (const token of ['f'.repeat(64), 'nope']) assertError(t, await resetPassword(app, kind, token), 400, err('BAD_REQUEST_INVALID_TOKEN'))
      t.equal((await login(app, kind, { email: account.email, password: PASSWORD })).statusCode, 201, 'the password is unchanged')
      t.equal((await ownerOf(app, kind, account.id))!.token_version, 0)
    })

    t.test('a new password shorter than 8 is an invalid argument, and the link still works afterwards', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await resetToken(app, kind, mail, account)
      const body = assertError(t, await resetPassword(app, kind, token, 'short'), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.match(body.fields, [{ name: 'password' }])
      t.equal((await resetPassword(app, kind, token)).statusCode, 200)
    })

    t.test('a link of an account deactivated since is refused', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await resetToken(app, kind, mail, account)
      await app.sql.unsafe(`update "${kind.ownerTable}" set is_active = false where id = $1`, [account.id])
      assertError(t, await resetPassword(app, kind, token), 400, err('BAD_REQUEST_INVALID_TOKEN'))
    })

    t.test('the worker sends nothing to an address without an active account, nor a link superseded before it went out', async (t) => {
      const inactive = await createTestAccount(app, kind, { isActive: false })
      const unknown = uniqueEmail('nobody')
      const account = await createTestAccount(app, kind)
      const sent = mail.mails.length
      for (const email of [unknown, inactive.email]) t.equal((await requestReset(app, kind, email)).statusCode, 200)
      await waitUntil(async () => (await app.sql`select count(*)::int as n from graphile_worker.jobs
        where task_identifier = 'V1SendEmailTask'`)[0].n === 0, 'the mail jobs to be done')
      const last = await resetToken(app, kind, mail, account)
      const recipients = mail.mails.slice(sent).map((m) => JSON.stringify(m.to))
      t.equal(recipients.length, 1, `one mail: to the active account (${recipients.join(', ')})`)
      t.match(recipients[0], account.email)
      t.equal((await resetPassword(app, kind, last.token)).statusCode, 200)
    })

    t.test('an invalid email is an invalid argument', async (t) => {
      const body = assertError(t, await requestReset(app, kind, 'not an email'), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.match(body.fields, [{ name: 'email' }])
    })
  })

  t.test(`${route(kind, 'requestpasswordreset')} (${kind.type}) tells no address from another`, async (t) => {
    const app = await build(t, { env: ENV })
    const real = await createTestAccount(app, kind)
    const inactive = await createTestAccount(app, kind, { isActive: false })
    const deleted = await createTestAccount(app, kind, { deletedAt: new Date() })
    const unknown = uniqueEmail('nobody')
    const addresses = { real: real.email, unknown, inactive: inactive.email, deleted: deleted.email }
    const bodies = new Set<string>()
    for (let round = -5; round < 40; round++) {
      for (const email of Object.values(addresses)) {
        const res = await requestReset(app, kind, email)
        if (round < 0) continue
        bodies.add(JSON.stringify([res.statusCode, res.json(), res.headers['content-type'], res.headers['content-length']]))
      }
    }

    t.test('the same status, body and headers for real, unknown, inactive and deleted addresses', async (t) => {
      t.same([...bodies], [JSON.stringify([200, { status: 200, success: true }, 'application/json; charset=utf-8', '29'])])
    })

    // That they take as long is timed in test/faults/enumeration.fault.ts (a few milliseconds each).

    t.test('only the real address gets a token; every request queues a mail job and is recorded', async (t) => {
      const [{ jobs }] = await app.sql`select count(*)::int as jobs from graphile_worker.jobs where task_identifier = 'V1SendEmailTask'`
      t.equal(jobs, 180, 'one mail job per request, whatever the address (V1SendEmailTask drops those without a token)')
      const tokens = await app.sql.unsafe(`select "${kind.ownerColumn}" as owner, used_at from "${kind.tokenTable}"`)
      t.same([...tokens], [{ owner: real.id, used_at: null }], 'one token (each request superseded the previous one), of the real account')
      const [{ n }] = await app.sql`select count(*)::int as n from audit_events
        where event = 'password.reset_requested' and account_id is null`
      t.equal(n, 135, 'each request for another address is recorded, without an account')
    })
  })

  t.test(`${route(kind, 'requestpasswordreset')} (${kind.type}) is limited per IP and email like login`, async (t) => {
    const app = await build(t, { env: { LOGIN_RATE_LIMIT_MAX: '2' } })
    const account = await createTestAccount(app, kind)
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await requestReset(app, kind, account.email.toUpperCase())).statusCode)
    t.same(codes, [200, 200, 429])
    assertError(t, await requestReset(app, kind, account.email), 429, 'TOO_MANY_REQUESTS')
    const unknown = [await requestReset(app, kind, 'nobody@example.com'), await requestReset(app, kind, 'nobody@example.com'),
      await requestReset(app, kind, 'nobody@example.com')].map((r) => r.statusCode)
    t.same(unknown, [200, 200, 429], 'an unknown address is limited the same way (the 429 tells nothing)')
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) resetPasswordSuite(kind)
