/**
 * Admission to the hashing line (docs/behaviour.md#overload): a request joins it only once its
 * body has arrived and passed validation and the per-address limits, so clients that trickle a
 * body hold no place and malformed input is 400, never 503, while the line has room; when it is
 * full, a hashing request is refused at its headers (503, Retry-After: 1); REQUEST_TIMEOUT answers a request
 * whose headers or body do not arrive in time with 408 in the standard body and closes it. Real
 * sockets against a listening app.
 */
import t from 'tap'
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { RUNNING_AT_ONCE } from '../../../plugins/accounts/admission.js'
import { build, testConfig } from '../../helpers/app.js'
import { ENV, PASSWORD, createTestAccount, login, signIn, uniqueEmail, type TapTest } from '../../helpers/accounts.js'

const user = ACCOUNT_TYPES.user

/** A listening app: its port on 127.0.0.1. */
async function listening (t: TapTest, env: Record<string, string> = {}): Promise<{ app: FastifyInstance, port: number }> {
  const app = await build(t, { env: { ...ENV, ...env } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  return { app, port: (app.server.address() as { port: number }).port }
}

/**
 * A client that sends the headers of a JSON POST announcing `length` bytes and then only `sent`
 * of them, and keeps the connection open (closed when the test ends). Resolves once connected and
 * written; `answer` collects whatever the server sends back until it closes.
 */
async function trickle (t: TapTest, port: number, path: string, opts: { length?: number, body?: string, headersOnly?: boolean } = {}) {
  const socket: Socket = connect(port, '127.0.0.1')
  t.teardown(() => { socket.destroy() })
  socket.setNoDelay(true)
  await once(socket, 'connect')
  const { length = 1000, body = '{"email":"someone@latchkey.test","pass' } = opts
  if (opts.headersOnly) {
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n`)
  } else {
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`)
  }
  let data = ''
  socket.on('data', (chunk) => { data += chunk.toString() })
  socket.on('error', () => {})
  const answer = new Promise<{ text: string, at: number }>((resolve) => socket.on('close', () => resolve({ text: data, at: Date.now() })))
  return { socket, answer }
}

/** A real login over HTTP: its status and how long it took. */
async function timedLogin (port: number, email: string, password: string): Promise<{ status: number, ms: number }> {
  const started = performance.now()
  const res = await fetch(`http://127.0.0.1:${port}/v1/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), signal: AbortSignal.timeout(5000)
  })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

t.test('clients that trickle a body hold no hashing place', async (t) => {
  const { app, port } = await listening(t)
  const account = await createTestAccount(app, user)

  t.test(`${RUNNING_AT_ONCE} slow login bodies: a real login still answers at once`, async (t) => {
    await Promise.all(Array.from({ length: RUNNING_AT_ONCE }, () => trickle(t, port, '/v1/users/login')))
    const { status, ms } = await timedLogin(port, account.email, PASSWORD)
    t.equal(status, 201)
    t.ok(ms < 2000, `answered in ${Math.round(ms)} ms`)
    t.same(app.passwordHashing(), { running: 0, waiting: 0, hashing: 0 }, 'the slow ones hold no place')
  })

  t.test(`more slow bodies than the line holds (${RUNNING_AT_ONCE + 64 + 4}): login and register still 201, never 503`, async (t) => {
    await Promise.all(Array.from({ length: RUNNING_AT_ONCE + 64 + 4 }, (_, i) =>
      trickle(t, port, i % 2 ? '/v1/users/register' : '/v1/users/login')))
    t.equal((await timedLogin(port, account.email, PASSWORD)).status, 201)
    const res = await fetch(`http://127.0.0.1:${port}/v1/users/register`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: uniqueEmail('slow'), password: PASSWORD })
    })
    t.equal(res.status, 201, await res.text())
  })
})

/** The hashing routes of an account type (an admin registers and changes its address through another admin). */
function hashingCalls (kind: AccountType, token: string) {
  const auth = { authorization: `${kind.scheme} ${token}` }
  const actions = kind.type === 'user'
    ? ['login', 'register', 'resetpassword', 'changepassword', 'requestemailchange', 'removefactor', 'regeneraterecoverycodes']
    : ['login', 'resetpassword', 'changepassword', 'removefactor', 'regeneraterecoverycodes']
  const open = new Set(['login', 'register', 'resetpassword'])
  return actions.map((action) => ({ url: `/v1/${kind.path}/${action}`, headers: open.has(action) ? {} : auth }))
}

/** Bodies no hashing route accepts: not JSON, the wrong types, unknown or missing arguments. */
const MALFORMED: Array<{ payload: string, contentType: string }> = [
  { payload: '{"email":', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: '{"email":1,"password":{},"currentPassword":[],"newPassword":null,"token":7,"newEmail":false,"factorId":"x","code":1}', contentType: 'application/json' },
  { payload: '{"unknown":"x"}', contentType: 'application/json' },
  { payload: 'a=b', contentType: 'text/plain' }
]

t.test('with every hashing place taken and room left in the line, malformed requests are 400 (or 415), never 503 nor 429', async (t) => {
  const app = (await listening(t, { PASSWORD_HASH_QUEUE: '2' })).app
  const tokens = new Map<AccountType, string>()
  for (const kind of Object.values(ACCOUNT_TYPES)) tokens.set(kind, (await signIn(app, kind, await createTestAccount(app, kind))).token)
  const account = await createTestAccount(app, user)

  // Real logins take every running place and one of the two waiting places.
  const busy = Array.from({ length: RUNNING_AT_ONCE + 1 }, () => login(app, user, { email: account.email, password: PASSWORD }))
  while (app.passwordHashing().waiting < 1) await new Promise((resolve) => setImmediate(resolve))

  const answers: Array<{ url: string, res: LightMyRequestResponse }> = []
  await Promise.all(Object.values(ACCOUNT_TYPES).flatMap((kind) => hashingCalls(kind, tokens.get(kind)!).flatMap((call) =>
    MALFORMED.map(async ({ payload, contentType }) => {
      const res = await app.inject({ method: 'POST', url: call.url, payload, headers: { ...call.headers, 'content-type': contentType } })
      answers.push({ url: call.url, res })
    }))))
  // 400 for what is not an argument list of the route, 415 for what is not JSON; a body that is
  // well-formed but proves nothing (no factor to regenerate) gets that route's own 4xx.
  const wrong = answers.filter(({ res }) => res.statusCode < 400 || res.statusCode >= 500 || res.statusCode === 429)
  t.same(wrong.map(({ url, res }) => `${url} ${res.statusCode} ${res.body}`), [], 'no malformed request is 5xx or 429')
  t.equal(answers.length, MALFORMED.length * 12, `${answers.length} malformed requests answered`)
  for (const { url, res } of answers.filter(({ res }) => res.statusCode === 400)) {
    t.match(res.json(), { status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS' }, url)
  }
  t.ok(answers.filter(({ res }) => res.statusCode === 400).length >= answers.length / 2, 'most are 400 BAD_REQUEST_INVALID_ARGUMENTS')
  t.same((await Promise.all(busy)).map((r) => r.statusCode), busy.map(() => 201), 'the logins in the line went through')
})

t.test('with the line full, a hashing request is refused at its headers: 503 and Retry-After before its body arrives', async (t) => {
  const { app, port } = await listening(t, { PASSWORD_HASH_QUEUE: '1', METRICS_PORT: '0' })
  const account = await createTestAccount(app, user)
  const busy = Array.from({ length: RUNNING_AT_ONCE + 1 }, () => login(app, user, { email: account.email, password: PASSWORD }))
  while (app.passwordHashing().waiting < 1) await new Promise((resolve) => setImmediate(resolve))

  // Headers and the start of a body that never ends: without the early refusal it would wait for
  // REQUEST_TIMEOUT (10 s) and be 408.
  const started = Date.now()
  const answers = await Promise.all(['/v1/users/login', '/v1/users/register'].map(async (path) => {
    const { socket } = await trickle(t, port, path)
    let text = ''
    await new Promise<void>((resolve) => socket.on('data', (chunk) => {
      text += chunk.toString()
      if (/\r\n\r\n\{.*\}$/s.test(text)) resolve()
    }))
    return { path, text }
  }))
  t.ok(Date.now() - started < 3000, `both answered in ${Date.now() - started} ms, long before REQUEST_TIMEOUT`)
  for (const { path, text } of answers) {
    const [head, body] = text.split('\r\n\r\n')
    t.match(head, /^HTTP\/1\.1 503 Service Unavailable\r\n/, `${path}: 503`)
    t.match(head, /\r\nretry-after: 1\r\n/i, `${path}: Retry-After: 1`)
    t.match(JSON.parse(body), { status: 503, success: false, error: 'SERVICE_UNAVAILABLE' }, `${path}: the standard body`)
  }
  t.equal(app.passwordHashing().waiting, 1, 'the refused requests took no place')
  // What an operator sees: the refusals by where they happened, the line, and the event loop's delay.
  const metrics = await (await fetch(`http://127.0.0.1:${(app.metricsServer!.address() as { port: number }).port}/metrics`)).text()
  t.match(metrics, /^latchkey_password_hashing_refused_total\{at="headers"\} 2$/m, 'two refused at their headers')
  t.match(metrics, /^latchkey_password_hashing_waiting 1$/m, 'one waiting')
  t.match(metrics, /^nodejs_eventloop_lag_p99_seconds \d/m, "the event loop's p99 delay")
  // A route that hashes nothing is served as ever. (The logins in the line go through as in the
  // test above, or, on a machine too loaded to hash them within a second, are refused in turn.)
  t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
  await Promise.all(busy)
  t.equal((await timedLogin(port, account.email, PASSWORD)).status, 201, 'once the line has room, a login is served')
})

t.test('REQUEST_TIMEOUT: headers or a body that do not arrive in time get 408 in the standard body, and the connection is closed', async (t) => {
  const { app, port } = await listening(t, { REQUEST_TIMEOUT: '1s' })
  const account = await createTestAccount(app, user)
  const started = Date.now()
  const slowBody = await trickle(t, port, '/v1/users/login')
  const slowHeaders = await trickle(t, port, '/v1/users/login', { headersOnly: true })
  for (const [what, { answer }] of [['a body', slowBody], ['headers', slowHeaders]] as const) {
    const { text, at } = await answer
    t.ok(at - started >= 900 && at - started < 3500, `${what}: closed after ${at - started} ms`)
    const [head, body] = text.split('\r\n\r\n')
    t.match(head, /^HTTP\/1\.1 408 Request Timeout\r\n/, `${what}: 408`)
    t.match(head, /\r\ncontent-type: application\/json; charset=utf-8/i)
    t.match(head, /\r\nconnection: close/i)
    t.match(head, /\r\nx-content-type-options: nosniff/i, 'with the security headers')
    t.same(JSON.parse(body), {
      status: 408, success: false, error: 'REQUEST_TIMEOUT',
      message: 'The request did not arrive in time: send the headers and the body within 1 s'
    })
  }
  t.same(app.passwordHashing(), { running: 0, waiting: 0, hashing: 0 })
  // A client that sends in time is not affected, also on a connection kept alive.
  t.equal((await timedLogin(port, account.email, PASSWORD)).status, 201)
})

t.test('REQUEST_TIMEOUT: a malformed duration is refused at start, 0 turns it off', async (t) => {
  t.throws(() => testConfig({ REQUEST_TIMEOUT: '10' }), /REQUEST_TIMEOUT/)
  t.equal(testConfig({ REQUEST_TIMEOUT: '0s' }).requestTimeoutMs, 0)
  t.equal(testConfig({}).requestTimeoutMs, 10_000, 'default 10 s')
})
