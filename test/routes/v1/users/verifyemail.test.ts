import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, PASSWORD, accountError, assertError, authed, createTestAccount, login, ownerOf, route, signIn, uniqueEmail, type TapTest
} from '../../../helpers/accounts.js'
import { linkToken, smtpCatcher, type Catcher } from '../../../helpers/mail.js'
import { parseSetCookies, sha256 } from '../../../helpers/tokens.js'

/** The verification mail of a fresh registration of `email` and the token of its link. */
async function registerAndMail (app: FastifyInstance, kind: AccountType, mail: Catcher, email: string, query = '') {
  const after = mail.mails.length
  const res = await app.inject({ method: 'POST', url: `${route(kind, 'register')}${query}`, payload: { email, password: PASSWORD } })
  if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`)
  const message = await mail.next(email, { after })
  return { res, message, token: linkToken(message, '/verify-email') }
}

function verify (app: FastifyInstance, kind: AccountType, token: unknown) {
  return app.inject({ method: 'POST', url: route(kind, 'verifyemail'), payload: { token } })
}

async function tokenRows (app: FastifyInstance, kind: AccountType, ownerId: string) {
  return [...await app.sql.unsafe(`select * from "${kind.tokenTable}" where "${kind.ownerColumn}" = $1 order by created_at, id`, [ownerId])]
}

async function events (app: FastifyInstance, accountId: string, event: string) {
  return [...await app.sql`select * from audit_events where account_id = ${accountId} and event = ${event} order by id`]
}

function assertAccountBody (t: TapTest, body: Record<string, any>, kind: AccountType, id: string) {
  t.same(Object.keys(body).sort(), [kind.bodyKey, 'status', 'success'].sort(), 'exactly status, success and the account')
  t.match(body[kind.bodyKey], { id, isEmailConfirmed: true })
  t.notOk('password' in body[kind.bodyKey], 'no password')
}

/** /v1/<accounts>/verifyemail and the verification mail of registration (users). */
function verifyEmailSuite (kind: AccountType): void {
  const url = route(kind, 'verifyemail')
  const err = (rest: string) => accountError(kind, rest)

  t.test(`${url} (${kind.type})`, async (t) => {
    const mail = await smtpCatcher(t)
    const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url } })

    t.test('registration mails a link in the request\'s language; following it confirms the email', async (t) => {
      const email = uniqueEmail('verify')
      const { res, message, token } = await registerAndMail(app, kind, mail, email, '?lang=es')
      const id = res.json()[kind.bodyKey].id
      t.equal(message.subject, 'Confirma tu dirección de correo', 'the subject is in the language of the request')
      t.match(message.text, 'caduca en 1 día', 'the text states the lifetime (EMAIL_VERIFICATION_EXPIRES_IN=24h)')
      t.match(message.html, '<html lang="es">', 'an HTML part in the same language')
      t.equal(message.from?.text, '"Latchkey" <no-reply@localhost>', 'from MAIL_FROM')
      t.match(message.text, `http://localhost:8000/account/verify-email?token=${token}`, 'without PUBLIC_APP_URL the link opens PUBLIC_URL/account/verify-email')

      const [row] = await tokenRows(app, kind, id)
      t.match(row, { purpose: 'verify_email', token_hash: sha256(token), email, used_at: null })
      t.ok(row.expires_at.getTime() - Date.now() > 23.9 * 3600_000 && row.expires_at.getTime() - Date.now() <= 24 * 3600_000,
        'it expires in 24 hours')
      const [stored] = await app.sql.unsafe(`select count(*)::int as n from "${kind.tokenTable}" t where t::text like '%' || $1 || '%'`, [token])
      t.equal(stored.n, 0, 'the raw token is in no column: only its SHA-256 is stored')
      t.equal((await events(app, id, 'email.verification_sent')).length, 1, 'email.verification_sent is recorded')

      const verified = await verify(app, kind, token)
      t.equal(verified.statusCode, 200)
      assertAccountBody(t, verified.json(), kind, id)
      t.equal((await ownerOf(app, kind, id))!.is_email_confirmed, true)
      const [used] = await tokenRows(app, kind, id)
      t.ok(used.used_at instanceof Date, 'the token is marked used')
      const [event] = await events(app, id, 'email.verified')
      t.match(event, { account_type: kind.type, actor_type: kind.type, actor_id: id, ip_address: '127.0.0.1' })
    })

    t.test('without a language the mail is in English', async (t) => {
      const { message } = await registerAndMail(app, kind, mail, uniqueEmail('english'))
      t.equal(message.subject, 'Confirm your email address')
      t.match(message.text, 'expires in 1 day')
    })

    t.test(`a token works once: the second use is 400 ${err('BAD_REQUEST_INVALID_TOKEN')}`, async (t) => {
      const { token } = await registerAndMail(app, kind, mail, uniqueEmail('twice'))
      t.equal((await verify(app, kind, token)).statusCode, 200)
      assertError(t, await verify(app, kind, token), 400, err('BAD_REQUEST_INVALID_TOKEN'))
    })

    t.test('of 20 concurrent uses of one token exactly one succeeds', async (t) => {
      const email = uniqueEmail('race')
      const { res, token } = await registerAndMail(app, kind, mail, email)
      const id = res.json()[kind.bodyKey].id
      const answers = await Promise.all(Array.from({ length: 20 }, () => verify(app, kind, token)))
      t.equal(answers.filter((a) => a.statusCode === 200).length, 1, 'one 200')
      for (const a of answers.filter((a) => a.statusCode !== 200)) assertError(t, a, 400, err('BAD_REQUEST_INVALID_TOKEN'))
      t.equal((await events(app, id, 'email.verified')).length, 1, 'one email.verified event')
    })

    t.test('an expired token is refused and confirms nothing', async (t) => {
      const { res, token } = await registerAndMail(app, kind, mail, uniqueEmail('expired'))
      const id = res.json()[kind.bodyKey].id
      await app.sql.unsafe(`update "${kind.tokenTable}" set expires_at = now() - interval '1 second' where token_hash = $1`, [sha256(token)])
      assertError(t, await verify(app, kind, token), 400, err('BAD_REQUEST_INVALID_TOKEN'))
      t.equal((await ownerOf(app, kind, id))!.is_email_confirmed, false)
    })

    t.test('a new link supersedes the earlier one', async (t) => {
      const email = uniqueEmail('supersede')
      const { res, token: first } = await registerAndMail(app, kind, mail, email)
      const body = res.json()
      const after = mail.mails.length
      const again = await authed(app, kind, 'requestemailverification', body.token)
      t.equal(again.statusCode, 200)
      const second = linkToken(await mail.next(email, { after }), '/verify-email')
      t.not(second, first, 'a new token')
      assertError(t, await verify(app, kind, first), 400, err('BAD_REQUEST_INVALID_TOKEN'))
      t.equal((await verify(app, kind, second)).statusCode, 200)
      t.equal((await tokenRows(app, kind, body[kind.bodyKey].id)).length, 1, 'the superseded token is gone')
    })

    t.test('a token of a deleted account, or sent to an address the account no longer has, is refused', async (t) => {
      const deleted = await registerAndMail(app, kind, mail, uniqueEmail('deleted'))
      await app.sql.unsafe(`update "${kind.ownerTable}" set deleted_at = now() where id = $1`, [deleted.res.json()[kind.bodyKey].id])
      assertError(t, await verify(app, kind, deleted.token), 400, err('BAD_REQUEST_INVALID_TOKEN'))
      const moved = await registerAndMail(app, kind, mail, uniqueEmail('moved'))
      await app.sql.unsafe(`update "${kind.ownerTable}" set email = $2 where id = $1`, [moved.res.json()[kind.bodyKey].id, uniqueEmail('new')])
      assertError(t, await verify(app, kind, moved.token), 400, err('BAD_REQUEST_INVALID_TOKEN'))
    })

    t.test(`unknown and malformed tokens are 400 ${err('BAD_REQUEST_INVALID_TOKEN')}; a missing one is an invalid argument`, async (t) => {
      for (const token of ['0'.repeat(64), 'not-a-token', 'A'.repeat(64), 'x']) {
        assertError(t, await verify(app, kind, token), 400, err('BAD_REQUEST_INVALID_TOKEN'))
      }
      const missing = assertError(t, await app.inject({ method: 'POST', url, payload: {} }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.match(missing.fields, [{ name: 'token' }])
      const bytes = assertError(t, await verify(app, kind, 'abc\u0000'), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
      t.match(bytes.fields, [{ name: 'token' }], 'U+0000 is refused before the database')
    })
  })

  t.test(`${route(kind, 'requestemailverification')} (${kind.type})`, async (t) => {
    const mail = await smtpCatcher(t)
    const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url } })

    t.test('mails a new link to the caller\'s address in the request\'s language', async (t) => {
      const account = await createTestAccount(app, kind)
      const { token } = await signIn(app, kind, account)
      const after = mail.mails.length
      const res = await authed(app, kind, 'requestemailverification', token, { headers: { 'accept-language': 'es-ES,es;q=0.9' } })
      t.equal(res.statusCode, 200)
      t.same(res.json(), { status: 200, success: true })
      const message = await mail.next(account.email, { after })
      t.equal(message.subject, 'Confirma tu dirección de correo')
      t.equal((await verify(app, kind, linkToken(message, '/verify-email'))).statusCode, 200)
    })

    t.test('a confirmed address answers 200 and nothing is sent or stored', async (t) => {
      const account = await createTestAccount(app, kind, { isEmailConfirmed: true })
      const { token } = await signIn(app, kind, account)
      const res = await authed(app, kind, 'requestemailverification', token)
      t.same(res.json(), { status: 200, success: true })
      t.same(await tokenRows(app, kind, account.id), [], 'no token')
      t.same(await events(app, account.id, 'email.verification_sent'), [], 'no event')
    })

    t.test('it needs the caller\'s token', async (t) => {
      const res = await app.inject({ method: 'POST', url: route(kind, 'requestemailverification') })
      assertError(t, res, 401, 'UNAUTHORIZED')
      t.equal(res.headers['www-authenticate'], kind.scheme)
    })
  })

  t.test(`${route(kind, 'requestemailverification')} (${kind.type}) is limited per account`, async (t) => {
    const app = await build(t, { env: { LOGIN_RATE_LIMIT_MAX: '2' } })
    const account = await createTestAccount(app, kind)
    const { token } = await signIn(app, kind, account)
    const codes = []
    for (let i = 0; i < 3; i++) codes.push((await authed(app, kind, 'requestemailverification', token)).statusCode)
    t.same(codes, [200, 200, 429], 'a third mail within LOGIN_RATE_LIMIT_WINDOW is refused')
  })

  t.test(`${route(kind, 'register')} (${kind.type}) with REQUIRE_EMAIL_CONFIRMED=true, from registration to login`, async (t) => {
    const mail = await smtpCatcher(t)
    const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, REQUIRE_EMAIL_CONFIRMED: 'true' } })
    const email = uniqueEmail('required')
    const { res, token } = await registerAndMail(app, kind, mail, email)

    t.equal(res.statusCode, 201)
    const body = res.json()
    t.same(Object.keys(body).sort(), [kind.bodyKey, 'status', 'success'].sort(), 'the account alone: no tokens')
    t.match(body[kind.bodyKey], { email, isEmailConfirmed: false, loginCount: 0, lastLogin: null })
    t.same(parseSetCookies(res), [], 'no cookie')
    const id = body[kind.bodyKey].id
    const [{ n }] = await app.sql.unsafe(`select count(*)::int as n from "${kind.sessionTable}" where "${kind.ownerColumn}" = $1`, [id])
    t.equal(n, 0, 'no session was opened')
    t.match((await events(app, id, 'register'))[0], { session_id: null, actor_id: id })

    assertError(t, await login(app, kind, { email, password: PASSWORD }), 401, err('UNAUTHORIZED_EMAIL_NOT_CONFIRMED'))
    t.equal((await verify(app, kind, token)).statusCode, 200, 'the link confirms the email')
    const signedIn = await login(app, kind, { email, password: PASSWORD })
    t.equal(signedIn.statusCode, 201, 'then the account signs in')
    t.match(signedIn.json()[kind.bodyKey], { isEmailConfirmed: true, loginCount: 1 })
  })
}

verifyEmailSuite(ACCOUNT_TYPES.user)
