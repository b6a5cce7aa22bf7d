/**
 * Latchkey behind PgBouncer in transaction mode (docs/operations.md#pgbouncer), the Debian
 * package started here on a free port in front of the test PostgreSQL: `latchkey serve` with
 * DATABASE_URL on PgBouncer (detected: no prepared statements) and DATABASE_DIRECT_URL straight
 * to PostgreSQL for migrations, LISTEN and graphile-worker. Accounts, sessions, concurrent
 * refreshes, mail and publish jobs, and room events all work; and the same requests with prepared
 * statements forced on fail or hang, which is what the detection prevents.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import WebSocket from 'ws'
import { serve } from '../fixtures/serve.js'
import { cloneDatabase } from '../helpers/app.js'
import { PASSWORD, uniqueEmail } from '../helpers/accounts.js'
import { startPgBouncer } from '../helpers/pgbouncer.js'
import { waitUntil } from '../helpers/sockets.js'
import { request } from 'node:http'
import { call } from './load.js'

/**
 * A POST on a connection of its own (no keep-alive). The refresh chains use it: twice, after
 * overload.fault.ts, fetch's kept-alive connection never delivered a 200 the service had logged
 * as sent within 5 ms (the next refresh, 10 s later, had no token); a lost answer there is the
 * client's, not what this test is about.
 */
function freshPost (base: string, path: string, payload: unknown): Promise<{ status: number, body: any }> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.on('data', (d) => { text += d })
      res.on('end', () => {
        let body: unknown = text
        try { body = JSON.parse(text) } catch {}
        resolve({ status: res.statusCode ?? 0, body })
      })
      res.on('error', () => resolve({ status: 0, body: null }))
    })
    req.setTimeout(10_000, () => req.destroy())
    req.on('error', () => resolve({ status: 0, body: null }))
    req.end(JSON.stringify(payload))
  })
}

t.test('every feature through PgBouncer in transaction mode', async (t) => {
  const { url, drop } = await cloneDatabase()
  const bouncer = await startPgBouncer(url, { poolSize: 3 })
  t.teardown(async () => {
    await bouncer.stop()
    await drop()
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-pgbouncer-data-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const server = await serve(t, {
    DATABASE_URL: bouncer.through(url), DATABASE_DIRECT_URL: url, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info',
    MIGRATE_ON_START: 'true', WORKER_ENABLED: 'true', PUBLISH_MODE: 'async', RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT_MAX: '1000000', LOGIN_LOCKOUT_THRESHOLD: '0'
  })
  const base = `http://127.0.0.1:${server.port}`
  t.equal((await server.waitFor('/ready'))?.status, 200, '/ready answers 200 (database and worker up)')
  const started = server.output().split('\n').filter(Boolean).map((l) => { try { return JSON.parse(l) } catch { return {} } })
    .find((l) => l.msg === 'latchkey started')
  t.equal(started?.pooler, 'transaction', 'the pooler is detected: no prepared statements on the request pool')
  const name = new URL(url).pathname.slice(1)
  t.match(bouncer.log(), new RegExp(`db=${name}`), 'the requests reach PostgreSQL through PgBouncer')

  const email = uniqueEmail('pgb')
  const registered = await call(base, '/v1/users/register', { email, password: PASSWORD })
  t.equal(registered.status, 201, 'register')
  const logged = await call(base, '/v1/users/login', { email, password: PASSWORD })
  t.equal(logged.status, 201, 'login')
  const auth = { authorization: `jwt-user ${logged.body.token}` }
  t.equal((await call(base, '/v1/users/me', undefined, auth)).status, 200, 'an authenticated route')

  // Many connections of the pool against 3 server connections: every query of a request lands
  // on whichever server connection is free, which breaks anything session-bound.
  const chains = await Promise.all(Array.from({ length: 8 }, () => call(base, '/v1/users/login', { email, password: PASSWORD })))
  t.same(chains.map((c) => c.status), chains.map(() => 201), 'eight more logins')
  const refreshed = await Promise.all(chains.map(async (c) => {
    let token: string = c.body.refreshToken
    const answers: Array<{ status: number, code?: string, ms: number, at: string }> = []
    for (let i = 0; i < 5; i++) {
      const sent = Date.now()
      const res = await freshPost(base, '/v1/users/refresh', { refreshToken: token })
      answers.push({ status: res.status, code: res.body?.code, ms: Date.now() - sent, at: new Date(sent).toISOString().slice(11, 23) })
      token = res.body?.refreshToken
    }
    return answers
  }))
  const statuses = refreshed.flat().map((a) => a.status)
  // Should one be missing again: which one, when and how long it took, in the line CI's tail shows.
  const odd = refreshed.flatMap((chain, c) => chain.flatMap((a, i) => a.status === 200 ? [] : [`chain ${c} refresh ${i}: ${a.status} ${a.code ?? ''} after ${a.ms} ms, sent ${a.at}`]))
  t.same(statuses, statuses.map(() => 200), `${statuses.length} concurrent refreshes, all 200${odd.length ? ` (${odd.join('; ')})` : ''}`)
  if (odd.length) t.comment(`service: ${server.output().split('\n').slice(-40).join('\n')}\npgbouncer: ${bouncer.log().split('\n').slice(-40).join('\n')}`)
  const sessions = await call(base, '/v1/users/listsessions', undefined, auth)
  t.equal(sessions.body.sessions?.length, 10, 'listsessions: ten devices (the registration and nine logins)')
  t.equal((await call(base, '/v1/users/logoutothers', {}, auth)).status, 200, 'logoutothers')
  t.equal((await call(base, '/v1/users/changepassword', { currentPassword: PASSWORD, newPassword: 'another long password' }, auth)).status, 200, 'changepassword')

  // A job through graphile-worker on the direct connection: the reset mail is written to DATA_DIR/mail.
  t.equal((await call(base, '/v1/users/requestpasswordreset', { email })).status, 200, 'requestpasswordreset')
  t.ok(await waitUntil(async () => {
    try {
      return readdirSync(join(dataDir, 'mail')).some((f) => f.includes('reset_password'))
    } catch {
      return false
    }
  }, 'the reset mail', 20_000, 100), 'the mail job ran (V1SendEmailTask)')

  // Room events: LISTEN on the direct connection, the publish job through the worker.
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/v1/ws`, { headers: auth })
  const frames: any[] = []
  socket.on('message', (data) => frames.push(JSON.parse(String(data))))
  await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject) })
  t.teardown(() => socket.terminate())
  socket.send(JSON.stringify({ type: 'join', room: 'FEED' }))
  t.ok(await waitUntil(async () => frames.some((f) => f.type === 'joined'), 'joined', 5000, 20), 'the socket joined FEED')
  const post = await call(base, '/v1/posts/create', { title: 'through PgBouncer' }, auth)
  t.equal(post.status, 201, 'a post is created')
  t.equal((await call(base, '/v1/posts/publish', { postId: post.body.post.id }, auth)).status, 202, 'published asynchronously (a job)')
  t.ok(await waitUntil(async () => frames.some((f) => f.type === 'event' && f.data?.postId === post.body.post.id), 'the event', 20_000, 50),
    'the socket hears POST_PUBLISHED: the job ran and NOTIFY reached the LISTEN connection')
  t.notMatch(server.output(), /prepared statement \S+ does not exist|"level":50/, 'no prepared-statement error, no error logged')
})

t.test('with prepared statements forced on (DATABASE_POOLER=none), PgBouncer in transaction mode breaks requests', async (t) => {
  const { url, drop } = await cloneDatabase()
  const bouncer = await startPgBouncer(url, { poolSize: 3 })
  t.teardown(async () => {
    await bouncer.stop()
    await drop()
  })
  const server = await serve(t, {
    DATABASE_URL: bouncer.through(url), DATABASE_DIRECT_URL: url, DATABASE_POOLER: 'none', NODE_ENV: 'test', LOG_LEVEL: 'warn',
    MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false', RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT_MAX: '1000000', LOGIN_LOCKOUT_THRESHOLD: '0', DB_POOL_SIZE: '8'
  })
  const base = `http://127.0.0.1:${server.port}`
  t.equal((await server.waitFor('/health'))?.status, 200)
  const email = uniqueEmail('pgb')
  const registered = await call(base, '/v1/users/register', { email, password: PASSWORD })
  const auth = { authorization: `jwt-user ${registered.body?.token}` }
  // Rounds of mixed requests (each route its own statements) until one goes wrong, at most five.
  const results: Array<{ status: number }> = []
  for (let round = 0; round < 5 && results.every((r) => r.status === 200); round++) {
    results.push(...await Promise.all(Array.from({ length: 40 }, (_, i) => i % 2
      ? call(base, '/v1/users/me', undefined, auth)
      : call(base, '/v1/users/listsessions', undefined, auth))))
  }
  // Statement names collide between client connections on one server connection: a request
  // runs another's statement (a 500 decoding the wrong rows) or waits for a reply that never comes.
  const counts = results.map((r) => r.status).reduce<Record<number, number>>((o, s) => ({ ...o, [s]: (o[s] ?? 0) + 1 }), {})
  t.ok(registered.status !== 201 || results.some((r) => r.status !== 200), `requests fail or hang (${JSON.stringify(counts)}; 0: no answer in 10 s)`)
})
