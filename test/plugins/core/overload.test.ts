import t from 'tap'
import { setImmediate } from 'node:timers/promises'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
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



/** Resolves once the request started before it holds the one slot (inject does not keep the order of its calls). */
async function slotTaken (app: FastifyInstance) {
  while (app.passwordHashing() < 1) await setImmediate()
}

t.test('PASSWORD_HASH_QUEUE=1: one hashing request at a time, the others 503 at once', async (t) => {
  const app = await build(t, { env: { ...ENV, PASSWORD_HASH_QUEUE: '1' } })
  const account = await createTestAccount(app, user)
  const first = await signIn(app, user, account)

  t.test('five concurrent logins: one 201, four 503 SERVICE_UNAVAILABLE with Retry-After: 1', async (t) => {
    const responses = await Promise.all(Array.from({ length: 5 }, () =>
      login(app, user, { email: account.email, password: account.password })))
    t.same(statuses(responses), { 201: 1, 503: 4 })
    assertRefused(t, responses)
    t.equal(app.passwordHashing(), 0, 'every slot is free again')
    const sessions = await app.sql`select count(*)::int as n from user_sessions where user_id = ${account.id}`
    t.equal(sessions[0].n, 2, 'the refused logins opened no session (the first sign-in and the one login that ran)')
  })

  t.test('the refused ones are answered before the running hash is done', async (t) => {
    const started = Date.now()
    const running = login(app, user, { email: account.email, password: 'a wrong password' }).then((res) => ({ res, at: Date.now() }))
    await slotTaken(app)
    const refused = await Promise.all(Array.from({ length: 3 }, () =>
      login(app, user, { email: account.email, password: account.password }).then((res) => ({ res, at: Date.now() }))))
    const done = await running
    t.equal(done.res.statusCode, 400, 'the running one is a wrong password')
    t.same(refused.map((r) => r.res.statusCode), [503, 503, 503])
    t.ok(refused.every((r) => r.at <= done.at), `the 503s came first (${refused.map((r) => r.at - started)} ms vs ${done.at - started} ms)`)
    t.equal(app.passwordHashing(), 0, 'a failed login frees its slot')
  })

  t.test('register, reset and change password share the bound; refresh, /health and authenticated routes do not', async (t) => {
    const slow = login(app, user, { email: account.email, password: account.password })
    await slotTaken(app)
    const others = await Promise.all([
      app.inject({ method: 'POST', url: route(user, 'register'), payload: { email: uniqueEmail('flood'), password: PASSWORD } }),
      app.inject({ method: 'POST', url: route(user, 'resetpassword'), payload: { token: 'x'.repeat(43), password: NEW_PASSWORD } }),
      authed(app, user, 'changepassword', first.token, { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }),
      login(app, admin, { email: 'someone@latchkey.test', password: PASSWORD }),
      refresh(app, user, { body: { refreshToken: first.refreshToken } }),
      app.inject({ method: 'GET', url: '/health' }),
      authed(app, user, 'me', first.token)
    ])
    t.equal((await slow).statusCode, 201)
    const [register, reset, change, adminLogin, refreshed, health, me] = others
    t.same([register, reset, change, adminLogin].map((r) => r.statusCode), [503, 503, 503, 503], 'the hashing routes are refused')
    assertRefused(t, [register, reset, change, adminLogin])
    t.same([refreshed, health, me].map((r) => r.statusCode), [200, 200, 200], 'the others are served')
    t.equal(await app.sql`select 1 from users where email like 'flood-%'`.then((r) => r.length), 0, 'the refused registration stored nothing')
  })

  t.test('a refused request leaves no slot taken: logins one after another all succeed', async (t) => {
    for (let i = 0; i < 3; i++) t.equal((await login(app, user, { email: account.email, password: account.password })).statusCode, 201)
    t.equal(app.passwordHashing(), 0)
  })

  t.test('the message follows the language of the request', async (t) => {
    const running = login(app, user, { email: account.email, password: account.password })
    await slotTaken(app)
    const b = await login(app, user, { email: account.email, password: account.password }, { 'accept-language': 'es' })
    const a = await running
    t.equal(a.statusCode, 201)
    t.equal(b.statusCode, 503)
    t.equal(b.json().message, 'El servicio no está disponible')
  })
})

t.test('the default bound (64) lets 20 concurrent logins through', async (t) => {
  const app = await build(t, { env: ENV })
  t.equal(app.config.passwordHashQueue, 64, 'PASSWORD_HASH_QUEUE defaults to 64')
  const account = await createTestAccount(app, user)
  const responses = await Promise.all(Array.from({ length: 20 }, () =>
    login(app, user, { email: account.email, password: account.password })))
  t.same(statuses(responses), { 201: 20 })
})
