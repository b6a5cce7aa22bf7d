import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, assertError, assertIssued, createTestAccount, liveSessions, ownerOf, uniqueEmail, type TestAccount } from '../../helpers/accounts.js'
import { linkToken, smtpCatcher, type Catcher } from '../../helpers/mail.js'
import { decodeJwt, sha256 } from '../../helpers/tokens.js'

const USER = ACCOUNT_TYPES.user
const INVALID_TOKEN = 'USER.BAD_REQUEST_INVALID_TOKEN'

const requestLink = (app: FastifyInstance, email: string, query = '') =>
  app.inject({ method: 'POST', url: `/v1/users/requestsigninlink${query}`, payload: { email } })
const useLink = (app: FastifyInstance, token: unknown) =>
  app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } as Record<string, unknown> })

/** Asks for a sign-in link for `account` and returns the mail and the token of its link. */
async function mailedLink (app: FastifyInstance, mail: Catcher, account: TestAccount, query = '') {
  const after = mail.mails.length
  const res = await requestLink(app, account.email, query)
  if (res.statusCode !== 200) throw new Error(`requestsigninlink answered ${res.statusCode}: ${res.body}`)
  const message = await mail.next(account.email, { after })
  return { message, token: linkToken(message, '/sign-in') }
}

t.test('sign-in links by mail', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, PUBLIC_APP_URL: 'http://app.test' } })
  const events = async (event: string, accountId: string) =>
    [...await app.sql`select * from audit_events where event = ${event} and account_id = ${accountId} order by id`]

  t.test('the mailed link signs in once (amr link) and confirms the email', async (t) => {
    const account = await createTestAccount(app, USER)
    const { message, token } = await mailedLink(app, mail, account)
    t.equal(message.subject, 'Your sign-in link')
    t.match(message.text, `http://app.test/sign-in?token=${token}`)
    t.match(message.text, 'expires in 15 minutes', 'with the lifetime of SIGN_IN_LINK_EXPIRES_IN')
    const [row] = await app.sql`select * from user_tokens where token_hash = ${sha256(token)}`
    t.match(row, { purpose: 'sign_in', user_id: account.id, email: account.email, used_at: null }, 'a one-time token, stored hashed')
    const res = await useLink(app, token)
    const body = assertIssued(t, res, USER, 201)
    t.match(body.user, { id: account.id, isEmailConfirmed: true, loginCount: 1 })
    t.same(decodeJwt(body.token).payload.amr, ['link'])
    t.ok(res.cookies.find((c) => c.name === USER.cookie), 'the refresh cookie is set, as on login')
    t.equal((await events('signin_link.requested', account.id)).length, 1)
    t.equal((await events('signin_link.used', account.id)).length, 1)
    t.equal((await events('login.succeeded', account.id)).length, 1)

    assertError(t, await useLink(app, token), 400, INVALID_TOKEN)
    t.equal(await liveSessions(app, USER, account.id), 1, 'used twice: one session only')
  })

  t.test('in the language of the request', async (t) => {
    const account = await createTestAccount(app, USER)
    const { message } = await mailedLink(app, mail, account, '?lang=es')
    t.equal(message.subject, 'Tu enlace para entrar')
    t.match(message.text, 'caduca en 15 minutos')
  })

  t.test('an expired link, a superseded one and a bogus one fail cleanly', async (t) => {
    const account = await createTestAccount(app, USER)
    const first = await mailedLink(app, mail, account)
    const second = await mailedLink(app, mail, account)
    assertError(t, await useLink(app, first.token), 400, INVALID_TOKEN)
    await app.sql`update user_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256(second.token)}`
    assertError(t, await useLink(app, second.token), 400, INVALID_TOKEN)
    assertError(t, await useLink(app, 'f'.repeat(64)), 400, INVALID_TOKEN)
    assertError(t, await useLink(app, 'not a token'), 400, INVALID_TOKEN)
    assertError(t, await useLink(app, undefined), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.equal(await liveSessions(app, USER, account.id), 0, 'no session')
    t.equal((await ownerOf(app, USER, account.id))!.is_email_confirmed, false, 'nothing confirmed')
  })

  t.test('an account deactivated or deleted after the mail cannot use it', async (t) => {
    for (const change of ['is_active = false', 'deleted_at = now()']) {
      const account = await createTestAccount(app, USER)
      const { token } = await mailedLink(app, mail, account)
      await app.sql.unsafe(`update users set ${change} where id = $1`, [account.id])
      assertError(t, await useLink(app, token), 400, INVALID_TOKEN)
      t.equal(await liveSessions(app, USER, account.id), 0, `${change}: no session`)
    }
  })

  t.test('an invalid email is an invalid argument', async (t) => {
    const body = assertError(t, await requestLink(app, 'not an email'), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.match(body.fields, [{ name: 'email' }])
  })
})

t.test('requestsigninlink tells no address from another', async (t) => {
  const app = await build(t, { env: ENV })
  const real = await createTestAccount(app, USER)
  const inactive = await createTestAccount(app, USER, { isActive: false })
  const deleted = await createTestAccount(app, USER, { deletedAt: new Date() })
  const addresses = { real: real.email, unknown: uniqueEmail('nobody'), inactive: inactive.email, deleted: deleted.email }
  const bodies = new Set<string>()
  for (let round = -5; round < 40; round++) {
    for (const email of Object.values(addresses)) {
      const res = await requestLink(app, email)
      if (round < 0) continue
      bodies.add(JSON.stringify([res.statusCode, res.json(), res.headers['content-type'], res.headers['content-length']]))
    }
  }

  t.test('the same status, body and headers for real, unknown, inactive and deleted addresses', async (t) => {
    t.same([...bodies], [JSON.stringify([200, { status: 200, success: true }, 'application/json; charset=utf-8', '29'])])
  })

  // That they take as long is timed in test/faults/enumeration.fault.ts (a few milliseconds each:
  // a busy machine's noise is as large, so the check runs with the fault tests, one file at a time).

  t.test('only the real address gets a token; every request queues a mail job and is recorded', async (t) => {
    const [{ jobs }] = await app.sql`select count(*)::int as jobs from graphile_worker.jobs where task_identifier = 'V1SendEmailTask'`
    t.equal(jobs, 180, 'one mail job per request (V1SendEmailTask drops those without a token)')
    t.same([...await app.sql`select user_id, purpose from user_tokens`], [{ user_id: real.id, purpose: 'sign_in' }])
    const [{ n }] = await app.sql`select count(*)::int as n from audit_events where event = 'signin_link.requested' and account_id is null`
    t.equal(n, 135)
  })
})

t.test('MAGIC_LINK_ENABLED=false: no sign-in links', async (t) => {
  const app = await build(t, { env: { ...ENV, MAGIC_LINK_ENABLED: 'false' } })
  assertError(t, await requestLink(app, uniqueEmail('off')), 404, 'NOT_FOUND')
  assertError(t, await useLink(app, 'f'.repeat(64)), 404, 'NOT_FOUND')
})
