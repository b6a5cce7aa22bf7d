import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { buildApp } from '../../../app.js'
import { build, cloneDatabase, testConfig } from '../../helpers/app.js'
import {
  ENV, NEW_PASSWORD, PASSWORD, accountError, assertError, createTestAccount, login, requestReset, resetPassword, uniqueEmail, type TapTest
} from '../../helpers/accounts.js'
import { linkToken, smtpCatcher } from '../../helpers/mail.js'
import { waitForNoConnections } from '../../helpers/sockets.js'
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

/** Two instances on one database, for the count across instances. */
async function pair (t: TapTest, env: Record<string, string>) {
  const { url, drop } = await cloneDatabase()
  const apps: FastifyInstance[] = []
  t.teardown(async () => {
    await Promise.all(apps.map((app) => app.close()))
    await waitForNoConnections(url)
    await drop()
  })
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({ config: testConfig({ ...ENV, ...env }, url) })
    apps.push(app)
    await app.ready()
  }
  return apps
}

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
