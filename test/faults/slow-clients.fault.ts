/**
 * Hostile clients against `latchkey serve` in a process of its own (docs/behaviour.md#overload):
 * 200 sockets that send the headers of a password route and then trickle its body hold no hashing
 * place, so real logins keep answering within 1 s at p99, and each slow socket is answered 408
 * REQUEST_TIMEOUT (standard body) and closed once REQUEST_TIMEOUT has passed; then 10,000
 * malformed requests on every hashing route, 100 at a time, get 4xx and never a 5xx.
 */
import { connect, type Socket } from 'node:net'
import { once } from 'node:events'
import t from 'tap'
import { serve } from '../fixtures/serve.js'
import { cloneDatabase } from '../helpers/app.js'
import { PASSWORD, uniqueEmail } from '../helpers/accounts.js'
import { call } from './load.js'

const SLOW_SOCKETS = 200
const REQUEST_TIMEOUT_S = 6
const HOSTILE = 10_000
const AT_ONCE = 100

const quantile = (ms: number[], q: number) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * q))]

/** A socket that sends a password route's headers, announces 1000 bytes, and sends one more byte every 500 ms. */
async function slowBody (port: number, path: string): Promise<{ socket: Socket, answer: Promise<{ text: string, at: number }> }> {
  const socket = connect(port, '127.0.0.1')
  socket.on('error', () => {})
  await once(socket, 'connect')
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"`)
  const drip = setInterval(() => { if (socket.writable) socket.write('a') }, 500)
  let text = ''
  socket.on('data', (chunk) => { text += chunk.toString() })
  const answer = new Promise<{ text: string, at: number }>((resolve) => socket.on('close', () => {
    clearInterval(drip)
    resolve({ text, at: Date.now() })
  }))
  return { socket, answer }
}

/** Deterministic malformed bodies: not JSON, wrong types, missing, unknown and oversized arguments, other media types. */
function malformed (i: number): { body: string, contentType: string } {
  const long = 'x'.repeat(5000)
  const bodies: Array<[string, string]> = [
    ['{"email":', 'application/json'],
    ['', 'application/json'],
    ['null', 'application/json'],
    ['"a string"', 'application/json'],
    ['{"email":1,"password":2}', 'application/json'],
    ['{"email":"not an address","password":"x"}', 'application/json'],
    [`{"email":"${long}@latchkey.test","password":"${long}"}`, 'application/json'],
    ['{"email":"a@latchkey.test","password":"pw\\u0000d"}', 'application/json'],
    ['{"unknown":true}', 'application/json'],
    [JSON.stringify({ token: 7, password: [], currentPassword: {}, newPassword: null, newEmail: false, factorId: 'nope', code: 'abc' }), 'application/json'],
    ['{"__proto__":{"admin":true}}', 'application/json'],
    ['email=a%40b.c&password=x', 'application/x-www-form-urlencoded'],
    ['<xml/>', 'application/xml'],
    ['{"email":"a@latchkey.test"}', 'text/plain']
  ]
  const [body, contentType] = bodies[i % bodies.length]
  return { body, contentType }
}

t.test('slow and malformed clients get 4xx and leave logins their latency', async (t) => {
  const { url, drop } = await cloneDatabase()
  t.teardown(drop)
  const server = await serve(t, {
    DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'warn', MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false',
    RATE_LIMIT_MAX: '100000000', LOGIN_RATE_LIMIT_MAX: '100000000', LOGIN_LOCKOUT_THRESHOLD: '0', REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_S}s`
  })
  const base = `http://127.0.0.1:${server.port}`
  t.equal((await server.waitFor('/health'))?.status, 200, 'the service is up')
  const email = uniqueEmail('slow')
  const registered = await call(base, '/v1/users/register', { email, password: PASSWORD })
  t.equal(registered.status, 201, 'a user registers')
  const authorization = `jwt-user ${registered.body.token}`

  t.test(`${SLOW_SOCKETS} slow bodies held open: logins answer within 1 s at p99, the slow ones get 408 after REQUEST_TIMEOUT`, async (t) => {
    const routes = ['/v1/users/login', '/v1/users/register', '/v1/admins/login', '/v1/users/resetpassword']
    const opened = Date.now()
    const slow = await Promise.all(Array.from({ length: SLOW_SOCKETS }, (_, i) => slowBody(server.port, routes[i % routes.length])))
    t.teardown(() => { for (const { socket } of slow) socket.destroy() })
    const ms: number[] = []
    const statuses: number[] = []
    while (Date.now() - opened < (REQUEST_TIMEOUT_S - 1) * 1000) {
      const started = performance.now()
      const res = await call(base, '/v1/users/login', { email, password: PASSWORD })
      ms.push(performance.now() - started)
      statuses.push(res.status)
    }
    const p99 = quantile(ms, 0.99)
    t.comment(`${ms.length} logins beside ${SLOW_SOCKETS} slow sockets: p50 ${Math.round(quantile(ms, 0.5))}, p99 ${Math.round(p99)}, max ${Math.round(Math.max(...ms))} ms`)
    t.ok(ms.length >= 10, `${ms.length} logins`)
    t.same([...new Set(statuses)], [201], 'every login succeeds')
    t.ok(p99 < 1000, `login p99 ${Math.round(p99)} ms < 1000 ms`)

    const answers = await Promise.all(slow.map((s) => s.answer))
    const late = answers.map((a) => a.at - opened)
    t.ok(Math.min(...late) >= REQUEST_TIMEOUT_S * 1000 - 500, `none closed before REQUEST_TIMEOUT (first after ${Math.min(...late)} ms)`)
    t.ok(Math.max(...late) <= REQUEST_TIMEOUT_S * 1000 + 3000, `all closed soon after it (last after ${Math.max(...late)} ms)`)
    const bodies = answers.map((a) => a.text.split('\r\n\r\n'))
    t.equal(bodies.filter(([head]) => head.startsWith('HTTP/1.1 408 ')).length, SLOW_SOCKETS, 'every slow socket got 408')
    t.same(JSON.parse(bodies[0][1]), {
      status: 408, success: false, error: 'REQUEST_TIMEOUT',
      message: `The request did not arrive in time: send the headers and the body within ${REQUEST_TIMEOUT_S} s`
    }, 'in the standard body')
  })

  t.test(`${HOSTILE} malformed requests on every hashing route, ${AT_ONCE} at a time: 4xx, never 5xx`, async (t) => {
    const routes: Array<{ path: string, auth: boolean }> = [
      { path: '/v1/users/login', auth: false }, { path: '/v1/users/register', auth: false }, { path: '/v1/users/resetpassword', auth: false },
      { path: '/v1/admins/login', auth: false }, { path: '/v1/admins/resetpassword', auth: false },
      { path: '/v1/users/changepassword', auth: true }, { path: '/v1/users/requestemailchange', auth: true },
      { path: '/v1/users/removefactor', auth: true }, { path: '/v1/users/regeneraterecoverycodes', auth: true }
    ]
    const counts: Record<string, number> = {}
    const fivexx: string[] = []
    let next = 0
    const started = Date.now()
    await Promise.all(Array.from({ length: AT_ONCE }, async () => {
      while (next < HOSTILE) {
        const i = next++
        const route = routes[i % routes.length]
        const { body, contentType } = malformed(Math.floor(i / routes.length))
        const res = await fetch(`${base}${route.path}`, {
          method: 'POST', body, headers: { 'content-type': contentType, ...(route.auth ? { authorization } : {}) }
        }).catch((err: Error) => ({ status: 0, text: async () => err.message }))
        const text = await res.text()
        counts[res.status] = (counts[res.status] ?? 0) + 1
        if (res.status >= 500 || res.status === 0) fivexx.push(`${route.path} ${res.status} ${text.slice(0, 200)}`)
      }
    }))
    t.comment(`${HOSTILE} malformed requests in ${Date.now() - started} ms: ${JSON.stringify(counts)}`)
    t.same(fivexx.slice(0, 10), [], 'no 5xx and no dropped connection')
    t.equal(Object.values(counts).reduce((a, b) => a + b, 0), HOSTILE)
    t.ok(Object.keys(counts).every((s) => Number(s) >= 400 && Number(s) < 500), `only 4xx: ${JSON.stringify(counts)}`)
    t.ok((counts[400] ?? 0) >= HOSTILE / 2, 'most are 400')
    // The service is whole afterwards.
    t.equal((await call(base, '/v1/users/login', { email, password: PASSWORD })).status, 201)
  })
})
