import t from 'tap'
import { getPriority } from 'node:os'
import { setImmediate, setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { backgroundHashes, inBackground } from '../../../plugins/accounts/passwords.js'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { HASHING_AT_ONCE, HASHING_UNDER_FLOOD, MAX_WAIT_MS, RUNNING_AT_ONCE, hashesAllowed, hashingTurn } from '../../../plugins/accounts/admission.js'
import { build } from '../../helpers/app.js'
import { threadsAtNice } from '../../helpers/threads.js'
import { type TapTest, ENV, NEW_PASSWORD, PASSWORD, authed, createTestAccount, login, refresh, route, signIn, uniqueEmail } from '../../helpers/accounts.js'

const user = ACCOUNT_TYPES.user
const admin = ACCOUNT_TYPES.admin

/** How many responses have each status, e.g. { 201: 1, 503: 4 }. */
function statuses (responses: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {}
  for (const res of responses) out[res.statusCode] = (out[res.statusCode] ?? 0) + 1
  return out
}

function assertRefused (t: TapTest, responses: LightMyRequestResponse[]) {
  for (const res of responses.filter((r) => r.statusCode === 503)) {
    t.equal(res.headers['retry-after'], '1', 'Retry-After: 1')
    const body = res.json()
    t.same(Object.keys(body).sort(), ['error', 'message', 'requestId', 'status', 'success'], 'the standard error body')
    t.match(body, { status: 503, success: false, error: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable' })
    t.equal(res.headers['x-request-id'], body.requestId, 'with its request id')
  }
}

/** `n` logins sent at once, each answer with the milliseconds it took. */
function timedLogins (app: FastifyInstance, payload: Record<string, unknown>, n: number) {
  const sent = Date.now()
  return Array.from({ length: n }, () => login(app, user, payload).then((res) => ({ res, ms: Date.now() - sent })))
}

/**
 * All 201, except that on a busy machine a login whose turn came after MAX_WAIT_MS is refused then
 * (by design); a 503 sooner would be one refused for the queue. The strict "every one 201" is in
 * test/faults/overload.fault.ts.
 */
async function servedInTurn (t: TapTest, timed: Array<Promise<{ res: LightMyRequestResponse, ms: number }>>) {
  const answers = await Promise.all(timed)
  const n = answers.length
  const late = answers.filter((a) => a.res.statusCode === 503)
  t.same(answers.filter((a) => a.res.statusCode !== 201 && a.res.statusCode !== 503).map((a) => a.res.statusCode), [], 'each one 201 or 503')
  t.ok(late.every((a) => a.ms >= MAX_WAIT_MS), `none refused before ${MAX_WAIT_MS} ms of waiting${late.length ? ` (refused after ${late.map((a) => a.ms)} ms)` : ''}`)
  t.ok(answers.length - late.length >= RUNNING_AT_ONCE, `${answers.length - late.length} of ${n} served`)
  if (late.length) t.comment(`${late.length} of ${n} waited past ${MAX_WAIT_MS} ms (a busy machine) and were refused then`)
}

/**
 * A flood on call that costs no CPU: an app whose hashing slots are all taken by logins waiting on
 * a lock of its users table (before any hash), so that its next login is refused at once.
 */
async function jammed (t: TapTest) {
  const app = await build(t, { env: { ...ENV, PASSWORD_HASH_QUEUE: '1', DB_POOL_SIZE: String(RUNNING_AT_ONCE + 2) } })
  let unlock = () => {}
  const held = new Promise<void>((resolve) => { unlock = resolve })
  let locked = () => {}
  const isLocked = new Promise<void>((resolve) => { locked = resolve })
  const tx = app.sql.begin(async (sql) => {
    await sql`lock table users in access exclusive mode`
    locked()
    await held
  })
  await isLocked
  const nobody = { email: 'nobody@latchkey.test', password: PASSWORD }
  const stuck = Array.from({ length: RUNNING_AT_ONCE + 1 }, () => login(app, user, nobody))
  while (app.passwordHashing().waiting < 1) await setImmediate()
  // Before the app's close (teardowns run last first): the stuck logins go on and are answered, the
  // waiting one refused for its long wait, a refusal whose second is let pass for the next test.
  t.teardown(async () => {
    unlock()
    await tx
    await Promise.all(stuck)
    await sleep(1100)
  })
  return { refuse: async () => (await login(app, user, nobody)).statusCode }
}

/**
 * Starts logins until every running slot is taken and one waits (the queue of 1 is full); resolves
 * with them once that is so (inject does not keep the order of its calls).
 */
async function fill (app: FastifyInstance, payload: Record<string, unknown>) {
  const started = Array.from({ length: RUNNING_AT_ONCE + 1 }, () => login(app, user, payload).then((res) => ({ res, at: Date.now() })))
  while (app.passwordHashing().waiting < 1) await setImmediate()
  return started
}

const idle = (app: FastifyInstance) => app.passwordHashing().running === 0 && app.passwordHashing().waiting === 0

t.test(`PASSWORD_HASH_QUEUE=1: ${RUNNING_AT_ONCE} hashing request(s) at a time (two per core), one waiting, the others 503 at once`, async (t) => {
  const app = await build(t, { env: { ...ENV, PASSWORD_HASH_QUEUE: '1' } })
  const account = await createTestAccount(app, user)
  const first = await signIn(app, user, account)

  t.test('concurrent logins: the running and the waiting one 201, four 503 SERVICE_UNAVAILABLE with Retry-After: 1', async (t) => {
    const n = RUNNING_AT_ONCE + 1 + 4
    const responses = await Promise.all(Array.from({ length: n }, () =>
      login(app, user, { email: account.email, password: account.password })))
    t.same(statuses(responses), { 201: RUNNING_AT_ONCE + 1, 503: 4 })
    assertRefused(t, responses)
    t.ok(idle(app), 'every slot is free again')
    const sessions = await app.sql`select count(*)::int as n from user_sessions where user_id = ${account.id}`
    t.equal(sessions[0].n, 1 + RUNNING_AT_ONCE + 1, 'the refused logins opened no session (the first sign-in and the logins that ran)')
  })

  t.test('the refused ones are answered before the running hash is done', async (t) => {
    const started = Date.now()
    const running = await fill(app, { email: account.email, password: 'a wrong password' })
    const refused = await Promise.all(Array.from({ length: 3 }, () =>
      login(app, user, { email: account.email, password: account.password }).then((res) => ({ res, at: Date.now() }))))
    const done = await Promise.all(running)
    t.same(done.map((d) => d.res.statusCode), done.map(() => 400), 'the running and waiting ones are wrong passwords')
    t.same(refused.map((r) => r.res.statusCode), [503, 503, 503])
    const first = Math.min(...done.map((d) => d.at))
    t.ok(refused.every((r) => r.at <= first), `the 503s came first (${refused.map((r) => r.at - started)} ms vs ${first - started} ms)`)
    t.ok(idle(app), 'failed logins free their slots')
  })

  t.test('register, reset and change password share the bound; refresh, /health and authenticated routes do not', async (t) => {
    const slow = await fill(app, { email: account.email, password: account.password })
    const others = await Promise.all([
      app.inject({ method: 'POST', url: route(user, 'register'), payload: { email: uniqueEmail('flood'), password: PASSWORD } }),
      app.inject({ method: 'POST', url: route(user, 'resetpassword'), payload: { token: 'x'.repeat(43), password: NEW_PASSWORD } }),
      authed(app, user, 'changepassword', first.token, { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }),
      login(app, admin, { email: 'someone@latchkey.test', password: PASSWORD }),
      refresh(app, user, { body: { refreshToken: first.refreshToken } }),
      app.inject({ method: 'GET', url: '/health' }),
      authed(app, user, 'me', first.token)
    ])
    t.same((await Promise.all(slow)).map((s) => s.res.statusCode), slow.map(() => 201))
    const [register, reset, change, adminLogin, refreshed, health, me] = others
    t.same([register, reset, change, adminLogin].map((r) => r.statusCode), [503, 503, 503, 503], 'the hashing routes are refused')
    assertRefused(t, [register, reset, change, adminLogin])
    t.same([refreshed, health, me].map((r) => r.statusCode), [200, 200, 200], 'the others are served')
    t.equal(await app.sql`select 1 from users where email like 'flood-%'`.then((r) => r.length), 0, 'the refused registration stored nothing')
  })

  t.test('a refused request leaves no slot taken: logins one after another all succeed', async (t) => {
    for (let i = 0; i < 3; i++) t.equal((await login(app, user, { email: account.email, password: account.password })).statusCode, 201)
    t.ok(idle(app))
  })

  t.test('the message follows the language of the request', async (t) => {
    const running = await fill(app, { email: account.email, password: account.password })
    const b = await login(app, user, { email: account.email, password: account.password }, { 'accept-language': 'es' })
    t.same((await Promise.all(running)).map((r) => r.res.statusCode), running.map(() => 201))
    t.equal(b.statusCode, 503)
    t.equal(b.json().message, 'El servicio no está disponible')
  })
})

t.test('the default bound (64) lets 20 concurrent logins through, in turn', async (t) => {
  const app = await build(t, { env: ENV })
  t.equal(app.config.passwordHashQueue, 64, 'PASSWORD_HASH_QUEUE defaults to 64')
  const account = await createTestAccount(app, user)
  await servedInTurn(t, timedLogins(app, { email: account.email, password: account.password }, 20))
})

t.test('waiting logins run in their turn, each one', async (t) => {
  const app = await build(t, { env: { ...ENV, PASSWORD_HASH_QUEUE: '8' } })
  const account = await createTestAccount(app, user)
  const all = timedLogins(app, { email: account.email, password: account.password }, RUNNING_AT_ONCE + 8)
  while (app.passwordHashing().waiting < 8) await setImmediate()
  t.equal(app.passwordHashing().running, RUNNING_AT_ONCE, 'as many running as allowed')
  await servedInTurn(t, all)
  t.ok(idle(app))
})

t.test(`while hashing requests are refused, ${HASHING_UNDER_FLOOD} hash(es) at once (a core left to the rest), ${HASHING_AT_ONCE} again a second later`, async (t) => {
  const app = await build(t, { env: { ...ENV, PASSWORD_HASH_QUEUE: '1' } })
  const account = await createTestAccount(app, user)
  const flood = await jammed(t)
  await sleep(1100) // the refusals of the tests above are over
  t.equal(hashesAllowed(), HASHING_AT_ONCE, 'nothing refused: one per core')
  // The hashes under a flood run on a thread of their own at the lowest priority (Linux), started
  // at the first flood (here, before it: its start under tsx takes a good part of a second).
  t.equal(await inBackground({ op: 'start' }), true, 'the background hashing threads start')
  const low = threadsAtNice(19)
  t.ok(process.platform === 'linux' ? low >= 1 : low === 0, `the background hashing thread runs at nice 19 (${low} thread(s))`)
  t.equal(getPriority(), 0, 'the event loop keeps its priority')
  const responses = await Promise.all(Array.from({ length: RUNNING_AT_ONCE + 5 }, () =>
    login(app, user, { email: account.email, password: account.password })))
  t.ok(statuses(responses)[503] > 0, 'some were refused')
  // The jammed app refuses before each check and every 20 ms while it runs: however slow the
  // machine, the flood's second does not run out under a check.
  t.equal(await flood.refuse(), 503, 'the jammed app refuses')
  t.equal(hashesAllowed(), HASHING_UNDER_FLOOD, 'one core fewer hashes')
  const underFlood = async <T>(check: () => Promise<T>): Promise<T> => {
    await flood.refuse()
    let done = false
    const result = check().finally(() => { done = true })
    while (!done) {
      await flood.refuse()
      await sleep(20)
    }
    return await result
  }
  const before = await backgroundHashes()
  t.equal((await underFlood(() => login(app, user, { email: account.email, password: account.password }))).statusCode, 201, 'the right password signs in under the flood')
  t.equal((await underFlood(() => login(app, user, { email: account.email, password: 'not the password at all' }))).statusCode, 400, 'a wrong one is refused')
  t.equal(await backgroundHashes(), before + 2, 'both verifications ran on the background thread, not on libuv\'s pool')
  await flood.refuse()
  t.equal(await hashingTurn(async (underFlood) => underFlood), true, 'a hash in its turn is told it runs under a flood')
  // hashingTurn itself keeps to it: of HASHING_AT_ONCE + 1 asked at once, HASHING_UNDER_FLOOD start.
  const release: Array<() => void> = []
  await flood.refuse()
  const asked = Array.from({ length: HASHING_AT_ONCE + 1 }, () => hashingTurn(() => new Promise<void>((resolve) => release.push(resolve))))
  await setImmediate()
  t.equal(release.length, HASHING_UNDER_FLOOD, `${HASHING_UNDER_FLOOD} hash(es) started, the others wait`)
  while (release.length) {
    release.shift()!()
    await setImmediate()
  }
  await Promise.all(asked)
  await sleep(1100)
  t.equal(hashesAllowed(), HASHING_AT_ONCE, 'a second without a refusal: one per core again')
  t.equal(await hashingTurn(async (underFlood) => underFlood), false, 'and on libuv\'s pool, at its priority')
  const after = await backgroundHashes()
  t.equal((await login(app, user, { email: account.email, password: account.password })).statusCode, 201)
  t.equal(await backgroundHashes(), after, 'a login with no flood on hashes on libuv\'s pool')
})

t.test(`the hashes themselves run ${HASHING_AT_ONCE} at a time (one per core), the others in order`, async (t) => {
  t.equal(hashesAllowed(), HASHING_AT_ONCE, 'no refusal in the last second')
  const release: Array<() => void> = []
  const order: number[] = []
  const all = Array.from({ length: HASHING_AT_ONCE + 3 }, (_, i) => hashingTurn(() => new Promise<number>((resolve) => {
    order.push(i)
    release.push(() => resolve(i))
  })))
  await setImmediate()
  t.same(order, Array.from({ length: HASHING_AT_ONCE }, (_, i) => i), 'only as many started as there are cores')
  while (release.length) {
    release.shift()!()
    await setImmediate()
  }
  // Each one released lets the next waiting one start, in the order they asked.
  t.same(await Promise.all(all), all.map((_, i) => i))
  t.same(order, all.map((_, i) => i), 'the waiting ones ran in order')
})

t.test('a login runs its hash in a turn: never more hashes at once than cores, while twice as many logins run', async (t) => {
  const app = await build(t, { env: { ...ENV, LOGIN_LOCKOUT_THRESHOLD: '0' } })
  const account = await createTestAccount(app, user)
  let most = 0
  let mostRunning = 0
  const watch = setInterval(() => {
    most = Math.max(most, app.passwordHashing().hashing)
    mostRunning = Math.max(mostRunning, app.passwordHashing().running)
  }, 1)
  const responses = await Promise.all(Array.from({ length: 4 * RUNNING_AT_ONCE }, () =>
    login(app, user, { email: account.email, password: account.password })))
  clearInterval(watch)
  t.same(statuses(responses), { 201: 4 * RUNNING_AT_ONCE })
  t.ok(most <= HASHING_AT_ONCE && most > 0, `at most ${HASHING_AT_ONCE} hashes at once (seen ${most})`)
  t.equal(mostRunning, RUNNING_AT_ONCE, `${RUNNING_AT_ONCE} logins ran at once`)
  t.equal(app.passwordHashing().hashing, 0, 'every turn handed back')
})
