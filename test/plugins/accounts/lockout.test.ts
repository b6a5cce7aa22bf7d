import t from 'tap'
import { setTimeout } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { readyApps } from '../../helpers/cluster.js'
import {
  ENV, NEW_PASSWORD, PASSWORD, accountError, assertError, createTestAccount, login, requestReset, resetPassword, uniqueEmail, type TapTest
} from '../../helpers/accounts.js'
import { linkToken, smtpCatcher, type Catcher } from '../../helpers/mail.js'
import { sha256 } from '../../helpers/tokens.js'
import { waitUntil } from '../../helpers/sockets.js'
import { V1PruneSessionsTask } from '../../../workers/V1PruneSessionsTask.js'
import type { JobHelpers } from 'graphile-worker'

const THRESHOLD = 10
/** One client address per attempt, as a botnet would: behind one trusted proxy, X-Forwarded-For is the client. */
const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i + 1}` })
const wrong = (email: string) => ({ email, password: 'not the password at all' })

async function audit (app: FastifyInstance, event: string, email: string) {
  return app.sql`select * from audit_events where event = ${event} and data->>'email' = ${email} order by id`
}

function lockoutSuite (kind: AccountType): void {
  const err = (rest: string) => accountError(kind, rest)

  t.test(`per-account lockout (${kind.type})`, async (t) => {
    const mail = await smtpCatcher(t)
    const app = await build(t, { env: { ...ENV, TRUST_PROXY: '1', WORKER_ENABLED: 'true', SMTP_URL: mail.url } })

    t.test('20 addresses behind a trusted proxy: the 11th attempt on an account is 429, whatever the address, and so is an unknown email', async (t) => {
      const account = await createTestAccount(app, kind)
      const unknown = uniqueEmail('nobody')
      const answers: Record<string, Array<[number, string, string | undefined]>> = { known: [], unknown: [] }
      for (let i = 0; i < 20; i++) {
        for (const [name, email] of [['known', account.email], ['unknown', unknown]] as const) {
          const res = await login(app, kind, wrong(email), from(i))
          const body = res.json()
          answers[name].push([res.statusCode, body.error, res.headers['retry-after'] as string | undefined])
        }
      }
      const expected = [
        ...Array(THRESHOLD).fill([400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'), undefined]),
        ...Array(20 - THRESHOLD).fill([429, 'TOO_MANY_REQUESTS', 'any'])
      ]
      t.same(answers.known.map(([s, e, r]) => [s, e, r === undefined ? undefined : 'any']), expected)
      t.same(answers.unknown.map(([s, e, r]) => [s, e, r === undefined ? undefined : 'any']), expected,
        'an unknown address answers exactly the same (no enumeration)')
      for (const [, , retry] of answers.known.slice(THRESHOLD)) t.ok(Number(retry) > 0 && Number(retry) <= 900, `Retry-After ${retry} within the 15m window`)

      const right = await login(app, kind, { email: account.email, password: PASSWORD }, from(99))
      assertError(t, right, 429, 'TOO_MANY_REQUESTS')
      t.ok(Number(right.headers['retry-after']) > 0, 'the right password is refused too while the account is locked')

      const failed = await audit(app, 'login.failed', account.email)
      t.equal(failed.length, THRESHOLD, 'only the attempts before the lock were verified and recorded')
      t.same(failed.map((e) => e.ip_address), Array.from({ length: THRESHOLD }, (_, i) => `198.51.100.${i + 1}`), 'from ten client addresses')
      const locked = await audit(app, 'login.locked', account.email)
      t.equal(locked.length, 1, 'login.locked is recorded once, by the attempt that reached the threshold')
      t.match(locked[0], { account_id: account.id, account_type: kind.type, ip_address: '198.51.100.10', data: { failures: THRESHOLD, windowSeconds: 900 } })
      t.match(await audit(app, 'login.locked', unknown), [{ account_id: null }])
    })

    t.test('a right password takes its attempt back: right passwords never lock an account', async (t) => {
      const account = await createTestAccount(app, kind)
      for (let i = 0; i < THRESHOLD - 1; i++) assertError(t, await login(app, kind, wrong(account.email), from(i)), 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      for (let i = 0; i < 15; i++) t.equal((await login(app, kind, { email: account.email, password: PASSWORD }, from(i))).statusCode, 201)
      const [row] = await app.sql`select attempts from login_attempts where account_type = ${kind.type} and email = ${account.email}`
      t.equal(row.attempts, THRESHOLD - 1, 'the failures stay counted, the successes are not')
      assertError(t, await login(app, kind, wrong(account.email)), 400, err('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
      assertError(t, await login(app, kind, wrong(account.email)), 429, 'TOO_MANY_REQUESTS')
    })

    t.test('a fresh account that signs in leaves no row behind', async (t) => {
      const account = await createTestAccount(app, kind)
      t.equal((await login(app, kind, { email: account.email.toUpperCase(), password: PASSWORD })).statusCode, 201)
      t.same([...await app.sql`select * from login_attempts where email = ${account.email}`], [])
    })

    t.test('the lock lasts until the window is over, then the address starts afresh', async (t) => {
      const account = await createTestAccount(app, kind)
      for (let i = 0; i <= THRESHOLD; i++) await login(app, kind, wrong(account.email))
      assertError(t, await login(app, kind, { email: account.email, password: PASSWORD }), 429, 'TOO_MANY_REQUESTS')
      await app.sql`update login_attempts set window_ends_at = now() - interval '1 second' where email = ${account.email}`
      t.equal((await login(app, kind, { email: account.email, password: PASSWORD })).statusCode, 201)
    })

    t.test('a successful password reset clears the lock', async (t) => {
      const account = await createTestAccount(app, kind)
      for (let i = 0; i <= THRESHOLD; i++) await login(app, kind, wrong(account.email), from(i))
      assertError(t, await login(app, kind, { email: account.email, password: PASSWORD }), 429, 'TOO_MANY_REQUESTS')
      await mail.next(account.email) // the lock's own mail
      const after = mail.mails.length
      t.equal((await requestReset(app, kind, account.email)).statusCode, 200)
      const token = linkToken(await mail.next(account.email, { after }), '/reset-password')
      t.equal((await resetPassword(app, kind, token)).statusCode, 200)
      t.same([...await app.sql`select * from login_attempts where email = ${account.email}`], [], 'the row is gone')
      t.equal((await login(app, kind, { email: account.email, password: NEW_PASSWORD })).statusCode, 201)
    })
  })
}

for (const kind of [ACCOUNT_TYPES.user, ACCOUNT_TYPES.admin]) lockoutSuite(kind)

/** The mails to `email` accepted so far. */
const mailsTo = (mail: Catcher, email: string) => mail.mails.filter((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === email)

const LOCKED = 'Too many wrong passwords on your account'
const RESET = 'Reset your password'

/**
 * Locks the account of `email` with wrong passwords, then tries a few more, and asks for a reset:
 * its mail is queued after any the attempts queued. Waits for both mails, then a while longer
 * for any other (the worker sends several at once, in no set order), and answers the account's
 * lock mails.
 */
async function lockAndFence (app: FastifyInstance, mail: Catcher, kind: AccountType, email: string, headers: Record<string, string> = {}) {
  const before = mailsTo(mail, email).length
  for (let i = 0; i < THRESHOLD + 3; i++) await login(app, kind, wrong(email), { ...from(i), ...headers })
  await requestReset(app, kind, email)
  const subjects = (): string[] => mailsTo(mail, email).slice(before).map((m) => m.subject ?? '')
  await waitUntil(() => subjects().includes(RESET) && subjects().some((s) => s !== RESET), `the lock mail and the reset mail to ${email}`, 10_000)
  await setTimeout(500)
  return mailsTo(mail, email).slice(before).filter((m) => m.subject !== RESET)
}

t.test('the owner of a locked account gets one mail a window', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, TRUST_PROXY: '1', WORKER_ENABLED: 'true', SMTP_URL: mail.url, PUBLIC_APP_URL: 'http://app.test' } })
  const USER = ACCOUNT_TYPES.user

  t.test('a user: the mail says so and carries a sign-in link, which signs in while password sign-in is locked', async (t) => {
    const account = await createTestAccount(app, USER)
    const mails = await lockAndFence(app, mail, USER, account.email)
    t.equal(mails.length, 1, 'one mail for the lock, none for the attempts after it')
    const [locked] = mails
    t.equal(locked.subject, LOCKED)
    t.match(locked.text, 'paused for 15 minutes', 'with the time left of the window')
    const token = linkToken(locked, '/sign-in')
    t.match(locked.text, `http://app.test/sign-in?token=${token}`)
    const [row] = await app.sql`select * from user_tokens where token_hash = ${sha256(token)}`
    t.match(row, { purpose: 'sign_in', user_id: account.id, used_at: null }, 'a one-time sign-in token of section 18, stored hashed')
    assertError(t, await login(app, USER, { email: account.email, password: PASSWORD }), 429, 'TOO_MANY_REQUESTS')
    const res = await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } })
    t.equal(res.statusCode, 201, 'the link signs in')
    t.match(res.json().user, { id: account.id })
    t.equal((await app.inject({ method: 'POST', url: '/v1/users/signinwithlink', payload: { token } })).statusCode, 400, 'once')
  })

  t.test('a new window, a new mail', async (t) => {
    const account = await createTestAccount(app, USER)
    t.equal((await lockAndFence(app, mail, USER, account.email)).length, 1)
    await app.sql`update login_attempts set window_ends_at = now() - interval '1 second' where email = ${account.email}`
    t.same((await lockAndFence(app, mail, USER, account.email)).map((m) => m.subject), [LOCKED], 'one more')
  })

  t.test('an admin has no sign-in links: the mail names the password reset', async (t) => {
    const account = await createTestAccount(app, ACCOUNT_TYPES.admin)
    const mails = await lockAndFence(app, mail, ACCOUNT_TYPES.admin, account.email)
    t.equal(mails.length, 1)
    const [locked] = mails
    t.equal(locked.subject, LOCKED)
    t.match(locked.text, 'Forgot your password?')
    t.notMatch(locked.text, /https?:\/\//, 'no link')
  })

  t.test('in the language of the request that locked', async (t) => {
    const account = await createTestAccount(app, USER)
    const [locked] = await lockAndFence(app, mail, USER, account.email, { 'accept-language': 'es' })
    t.equal(locked.subject, 'Demasiadas contraseñas incorrectas en tu cuenta')
    t.match(locked.text, 'durante 15 minutos')
  })

  t.test('an unknown address gets the same answers and no mail; nor does an inactive or deleted account', async (t) => {
    const inactive = await createTestAccount(app, USER, { isActive: false })
    const deleted = await createTestAccount(app, USER, { deletedAt: new Date() })
    const account = await createTestAccount(app, USER)
    const unknown = uniqueEmail('nobody')
    for (let i = 0; i < THRESHOLD + 2; i++) {
      for (const email of [inactive.email, deleted.email]) await login(app, USER, wrong(email), from(i))
      const known = await login(app, USER, wrong(account.email), from(i))
      const other = await login(app, USER, wrong(unknown), from(i))
      const seen = (res: typeof known) => [res.statusCode, res.json().error, res.headers['retry-after'] !== undefined, res.statusCode === 400 ? res.body : 'any']
      t.same(seen(other), seen(known), `attempt ${i + 1} answers the same`)
    }
    // A mail queued after the locks': once it and the account's lock mail are there, and a while after, the others would be too.
    await requestReset(app, USER, account.email)
    await waitUntil(() => mailsTo(mail, account.email).length === 2, 'the lock and reset mails', 10_000)
    await setTimeout(500)
    for (const email of [inactive.email, deleted.email, unknown]) t.same(mailsTo(mail, email), [], `no mail to ${email}`)
    t.equal((await audit(app, 'login.locked', unknown)).length, 1, 'the lock is recorded all the same')
  })
})

t.test('MAGIC_LINK_ENABLED=false: the mail has no link and names the password reset', async (t) => {
  const mail = await smtpCatcher(t)
  const app = await build(t, { env: { ...ENV, WORKER_ENABLED: 'true', SMTP_URL: mail.url, MAGIC_LINK_ENABLED: 'false' } })
  const account = await createTestAccount(app, ACCOUNT_TYPES.user)
  const mails = await lockAndFence(app, mail, ACCOUNT_TYPES.user, account.email)
  t.equal(mails.length, 1)
  const [locked] = mails
  t.equal(locked.subject, LOCKED)
  t.match(locked.text, 'paused for 15 minutes')
  t.match(locked.text, 'Forgot your password?')
  t.notMatch(locked.text, /https?:\/\//, 'no link in the text')
  t.notMatch(String(locked.html), /<a /, 'nor in the HTML')
  t.same([...await app.sql`select * from user_tokens where user_id = ${account.id} and purpose = 'sign_in'`], [], 'no sign-in token')
})

/** Two instances on one database, for the count across instances. */
const pair = (t: TapTest, env: Record<string, string>) => readyApps(t, [{ env }, { env }])

t.test('of 40 concurrent wrong attempts on two instances, exactly the threshold are verified (counted atomically)', async (t) => {
  const kind = ACCOUNT_TYPES.user
  const [one, two] = await pair(t, { TRUST_PROXY: '1' })
  const account = await createTestAccount(one, kind)
  const unknown = uniqueEmail('nobody')
  for (const email of [account.email, unknown]) {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(i % 2 ? one : two, kind, wrong(email), from(i))))
    const statuses = answers.map((res) => res.statusCode).sort()
    t.same(statuses, [...Array(THRESHOLD).fill(400), ...Array(40 - THRESHOLD).fill(429)], `${email === unknown ? 'unknown' : 'known'} address`)
    t.equal((await audit(one, 'login.failed', email)).length, THRESHOLD, 'no more than the threshold were verified')
    t.equal((await audit(one, 'login.locked', email)).length, 1)
  }
})

t.test('LOGIN_LOCKOUT_THRESHOLD=0 turns it off: nothing is counted', async (t) => {
  const kind = ACCOUNT_TYPES.user
  const app = await build(t, { env: { ...ENV, LOGIN_LOCKOUT_THRESHOLD: '0' } })
  const account = await createTestAccount(app, kind)
  for (let i = 0; i < 15; i++) assertError(t, await login(app, kind, wrong(account.email)), 400, accountError(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS'))
  t.equal((await login(app, kind, { email: account.email, password: PASSWORD })).statusCode, 201)
  t.same([...await app.sql`select * from login_attempts`], [])
})

t.test('a smaller threshold and window from the configuration', async (t) => {
  const kind = ACCOUNT_TYPES.user
  const app = await build(t, { env: { ...ENV, LOGIN_LOCKOUT_THRESHOLD: '3', LOGIN_LOCKOUT_WINDOW: '1m' } })
  const account = await createTestAccount(app, kind)
  const statuses = []
  for (let i = 0; i < 5; i++) statuses.push((await login(app, kind, wrong(account.email))).statusCode)
  t.same(statuses, [400, 400, 400, 429, 429])
  const res = await login(app, kind, wrong(account.email), { 'accept-language': 'es' })
  const body = assertError(t, res, 429, 'TOO_MANY_REQUESTS')
  t.ok(Number(res.headers['retry-after']) <= 60)
  t.match(body.message, `${res.headers['retry-after']} s`, 'the message says when to retry, in the language of the request')
})

t.test('V1PruneSessionsTask deletes the windows that are over, a batch at a time, and keeps the others', async (t) => {
  const app = await build(t, { env: ENV })
  await app.sql`insert into login_attempts (account_type, email, attempts, window_ends_at)
    select 'user', 'over-' || i || '@example.com', 3, now() - interval '1 second' from generate_series(1, 7) i`
  await app.sql`insert into login_attempts values ('user', 'live@example.com', 4, now() + interval '10 minutes')`
  await V1PruneSessionsTask(app, 3)({}, { job: { id: '1' } } as unknown as JobHelpers)
  t.same([...await app.sql`select email from login_attempts`], [{ email: 'live@example.com' }])
})
