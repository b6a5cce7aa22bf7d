import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import {
  ENV, PASSWORD, assertError, authed, createTestAccount, login, ownerOf, signIn, uniqueEmail, type SignedIn
} from '../../../helpers/accounts.js'
import { linkToken, smtpCatcher, type Catcher } from '../../../helpers/mail.js'
import { decodeJwt, sha256 } from '../../../helpers/tokens.js'

const user = ACCOUNT_TYPES.user

function requestChange (app: FastifyInstance, me: SignedIn, newEmail: string, password = PASSWORD, headers = {}) {
  return authed(app, user, 'requestemailchange', me.token, { body: { newEmail, password }, headers })
}
function confirm (app: FastifyInstance, token: unknown) {
  return app.inject({ method: 'POST', url: '/v1/users/confirmemailchange', payload: { token } })
}
async function events (app: FastifyInstance, event: string, accountId: string) {
  return [...await app.sql`select * from audit_events where event = ${event} and account_id = ${accountId} order by id`]
}
/** The change link mailed to `to`, and the notice mailed to `from`, after `after` mails. */
async function mailsOfChange (mail: Catcher, from: string, to: string, after: number) {
  const link = await mail.next(to, { after })
  const notice = await mail.next(from, { after })
  return { link, notice, token: linkToken(link, '/confirm-email-change') }
}

t.test('/v1/users/requestemailchange and /v1/users/confirmemailchange', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url } })

  t.test('a link to the new address, a notice without a link to the old one; the link moves the account there, confirmed', async (t) => {
    const account = await createTestAccount(app, user)
    const me = await signIn(app, user, account)
    const next = uniqueEmail('moved')
    const after = mail.mails.length
    const res = await requestChange(app, me, next.toUpperCase(), PASSWORD, { 'accept-language': 'es' })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { status: 200, success: true })
    const { link, notice, token } = await mailsOfChange(mail, account.email, next, after)
    t.equal(link.subject, 'Confirma tu nueva dirección de correo', 'in the language of the request')
    t.match(link.text, `http://localhost:8000/account/confirm-email-change?token=${token}`)
    t.match(link.text, 'caduca en 1 día', 'EMAIL_VERIFICATION_EXPIRES_IN')
    t.equal(notice.subject, 'Se pidió cambiar tu dirección de correo')
    t.match(notice.text, next, 'the notice names the new address')
    t.notMatch(notice.text, /https?:\/\//, 'and carries no link')
    t.notMatch(notice.html, /href=/)
    const [row] = await app.sql`select * from user_tokens where token_hash = ${sha256(token)}`
    t.match(row, { purpose: 'change_email', email: next, used_at: null }, 'only the hash is kept, with the address it was sent to')
    t.equal((await ownerOf(app, user, account.id))!.email, account.email, 'nothing changes before the link is followed')
    t.match(await events(app, 'email.change_requested', account.id), [{ data: { email: account.email, newEmail: next }, actor_id: account.id }])

    const confirmed = await confirm(app, token)
    t.equal(confirmed.statusCode, 200)
    t.match(confirmed.json(), { status: 200, success: true, user: { id: account.id, email: next, isEmailConfirmed: true } })
    t.match(await events(app, 'email.changed', account.id), [{ data: { from: account.email, to: next } }])
    t.equal((await login(app, user, { email: next, password: PASSWORD })).statusCode, 201, 'the new address signs in')
    assertError(t, await login(app, user, { email: account.email, password: PASSWORD }), 400, 'USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
    assertError(t, await confirm(app, token), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
  })

  t.test('a wrong password, a taken address and bad arguments change nothing and mail nothing', async (t) => {
    const account = await createTestAccount(app, user)
    const other = await createTestAccount(app, user)
    const me = await signIn(app, user, account)
    const before = mail.mails.length
    assertError(t, await requestChange(app, me, uniqueEmail('x'), 'not my password'), 400, 'USER.BAD_REQUEST_INVALID_CURRENT_PASSWORD')
    assertError(t, await requestChange(app, me, other.email.toUpperCase()), 400, 'USER.BAD_REQUEST_USER_ALREADY_EXISTS')
    assertError(t, await requestChange(app, me, account.email), 400, 'USER.BAD_REQUEST_USER_ALREADY_EXISTS')
    const bad = assertError(t, await requestChange(app, me, 'not an address'), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.match(bad.fields, [{ name: 'newEmail' }])
    assertError(t, await app.inject({ method: 'POST', url: '/v1/users/requestemailchange', payload: { newEmail: 'a@b.co', password: PASSWORD } }),
      401, 'UNAUTHORIZED')
    t.same([...await app.sql`select * from user_tokens where user_id = ${account.id} and purpose = 'change_email'`], [])
    t.same(await events(app, 'email.change_requested', account.id), [])
    await new Promise((resolve) => setTimeout(resolve, 300))
    t.equal(mail.mails.length, before, 'no mail')
  })

  t.test('an address taken between the request and the link: USER_ALREADY_EXISTS, nothing changes; a later link supersedes', async (t) => {
    const account = await createTestAccount(app, user)
    const me = await signIn(app, user, account)
    const next = uniqueEmail('contested')
    let after = mail.mails.length
    t.equal((await requestChange(app, me, next)).statusCode, 200)
    const first = await mailsOfChange(mail, account.email, next, after)
    await createTestAccount(app, user, { email: next })
    assertError(t, await confirm(app, first.token), 400, 'USER.BAD_REQUEST_USER_ALREADY_EXISTS')
    t.equal((await ownerOf(app, user, account.id))!.email, account.email)

    const elsewhere = uniqueEmail('elsewhere')
    after = mail.mails.length
    t.equal((await requestChange(app, me, elsewhere)).statusCode, 200)
    const second = await mailsOfChange(mail, account.email, elsewhere, after)
    after = mail.mails.length
    t.equal((await requestChange(app, me, elsewhere)).statusCode, 200)
    const third = await mailsOfChange(mail, account.email, elsewhere, after)
    assertError(t, await confirm(app, second.token), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
    t.equal((await confirm(app, third.token)).statusCode, 200, 'the latest link works')
    await app.sql`update user_tokens set expires_at = now() - interval '1 second', used_at = null where token_hash = ${sha256(third.token)}`
    assertError(t, await confirm(app, third.token), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
    assertError(t, await confirm(app, 'not a token'), 400, 'USER.BAD_REQUEST_INVALID_TOKEN')
  })
})

t.test('/v1/users/resendverification tells no address from another', async (t) => {
  const app = await build(t, { env: { ...ENV, REQUIRE_EMAIL_CONFIRMED: 'true' } })
  const unconfirmed = await createTestAccount(app, user)
  const confirmed = await createTestAccount(app, user, { isEmailConfirmed: true })
  const addresses = { unconfirmed: unconfirmed.email, confirmed: confirmed.email, unknown: uniqueEmail('nobody') }
  const bodies = new Set<string>()
  for (let round = -5; round < 30; round++) {
    for (const email of Object.values(addresses)) {
      const res = await app.inject({ method: 'POST', url: '/v1/users/resendverification', payload: { email } })
      bodies.add(JSON.stringify([res.statusCode, res.json(), res.headers['content-length']]))
    }
  }
  t.same([...bodies], [JSON.stringify([200, { status: 200, success: true }, '29'])], 'the same answer for every address')
  // That they take as long is timed in test/faults/enumeration.fault.ts (a few milliseconds each).
  const tokens = await app.sql`select user_id, purpose from user_tokens where used_at is null`
  t.same([...tokens], [{ user_id: unconfirmed.id, purpose: 'verify_email' }], 'one live link (each superseded the last), of the unconfirmed account')
  const [{ jobs }] = await app.sql`select count(*)::int as jobs from graphile_worker.jobs where task_identifier = 'V1SendEmailTask'`
  t.equal(jobs, 105, 'a mail job per request, whatever the address (dropped by the task when no token matches)')

})

t.test('/v1/users/resendverification mails a link that confirms the account, so it can sign in', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, REQUIRE_EMAIL_CONFIRMED: 'true' } })
  const confirmed = await createTestAccount(app, user, { isEmailConfirmed: true })
  const unconfirmed = await createTestAccount(app, user)
  assertError(t, await login(app, user, { email: unconfirmed.email, password: PASSWORD }), 401, 'USER.UNAUTHORIZED_EMAIL_NOT_CONFIRMED')
  for (const email of [confirmed.email, unconfirmed.email.toUpperCase()]) {
    t.equal((await app.inject({ method: 'POST', url: '/v1/users/resendverification?lang=es', payload: { email } })).statusCode, 200)
  }
  const message = await mail.next(unconfirmed.email)
  t.equal(message.subject, 'Confirma tu dirección de correo')
  const token = linkToken(message, '/verify-email')
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/verifyemail', payload: { token } })).statusCode, 200)
  t.equal((await login(app, user, { email: unconfirmed.email, password: PASSWORD })).statusCode, 201, 'and then signs in')
  t.notOk(mail.mails.some((m) => JSON.stringify(m.to).includes(confirmed.email)), 'a confirmed account gets nothing')
})

t.test('MAX_SESSIONS_PER_ACCOUNT: a new session beyond it revokes the least recently used family', async (t) => {
  const app = await build(t, { env: { ...ENV, MAX_SESSIONS_PER_ACCOUNT: '2' } })
  const account = await createTestAccount(app, user)
  const a = await signIn(app, user, account, { 'user-agent': 'A' })
  const b = await signIn(app, user, account, { 'user-agent': 'B' })
  const refreshed = await app.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: a.refreshToken }, headers: { 'user-agent': 'A' } })
  t.equal(refreshed.statusCode, 200, 'A is used again: B is now the least recently used')
  const c = await signIn(app, user, account, { 'user-agent': 'C' })
  const list = await authed(app, user, 'listsessions', c.token)
  t.same(list.json().sessions.map((s: { userAgent: string }) => s.userAgent).sort(), ['A', 'C'])
  assertError(t, await app.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: b.refreshToken } }),
    401, 'USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN')
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: refreshed.json().refreshToken } })).statusCode, 200)
  const [event] = await events(app, 'session.revoked', account.id)
  t.match(event, { actor_id: account.id, data: { reason: 'max_sessions' } })
  t.same(event.data.families, [decodeJwt(b.token).payload.sid], 'B\'s family, recorded')
})
