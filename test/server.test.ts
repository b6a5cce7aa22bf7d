import { connect, type AddressInfo, type Socket } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { ROOT } from '../paths.js'
import { build, captureLogs } from './helpers/app.js'
import { scratch } from './helpers/cli.js'
import { serve } from './fixtures/serve.js'
import { SLOW_MS, slow } from './fixtures/routes/v1/slow/wait.js'

const routeDirs = [join(ROOT, 'test', 'fixtures', 'routes')]

interface RawResponse { status: number, headers: Record<string, string>, body: any }

/** Splits what a server wrote on one HTTP/1.1 connection into its responses. */
function parseResponses (raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = []
  let rest = raw
  while (rest.length) {
    const headEnd = rest.indexOf('\r\n\r\n')
    if (headEnd < 0) break
    const [statusLine, ...lines] = rest.subarray(0, headEnd).toString('latin1').split('\r\n')
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const i = line.indexOf(':')
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
    }
    const length = Number(headers['content-length'] ?? 0)
    const body = rest.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8')
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) })
    rest = rest.subarray(headEnd + 4 + length)
  }
  return responses
}

/** One kept-alive connection: requests are written on it in order; `ended` gives every response. */
function keptAlive (port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  const chunks: Buffer[] = []
  socket.on('data', (chunk) => chunks.push(chunk))
  const ended = new Promise<RawResponse[]>((resolve, reject) => {
    socket.on('close', () => resolve(parseResponses(Buffer.concat(chunks))))
    socket.on('error', reject)
  })
  return {
    send (path: string) {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`)
    },
    /** Drops the connection, like a client that gave up waiting. */
    hangUp () {
      socket.destroy()
    },
    ended
  }
}

t.test('closing the app lets in-flight requests finish and answers 503 to requests that arrive meanwhile', async (t) => {
  const app = await build(t, { routeDirs })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo

  const probes = ['/health', '/ready', '/v1/echo/ping']
  const connections = probes.map(() => keptAlive(port))
  for (const c of connections) c.send('/v1/slow/wait')
  for (let waited = 0; slow.inFlight < probes.length && waited < 5000; waited++) await sleep(1)
  t.equal(slow.inFlight, probes.length, 'the slow requests are in their handler')

  const started = Date.now()
  const closed = app.close()
  for (let waited = 0; !app.closing && waited < 5000; waited++) await sleep(1)
  t.ok(app.closing, 'the app is closing')
  connections.forEach((c, i) => c.send(probes[i]))
  const answers = await Promise.all(connections.map((c) => c.ended))
  await closed
  t.ok(Date.now() - started >= SLOW_MS / 2, 'the close waited for the in-flight requests')

  answers.forEach((responses, i) => {
    t.equal(responses.length, 2, `two answers on the connection of ${probes[i]}`)
    const [first, late] = responses
    t.equal(first.status, 200, 'the in-flight slow request completes')
    t.same(first.body, { status: 200, success: true, waited: SLOW_MS })
    t.equal(late.status, 503, `${probes[i]} during the close is 503`)
    t.equal(late.headers.connection, 'close', 'with Connection: close')
    t.match(late.headers['x-request-id'], /^[0-9a-f-]{36}$/)
    t.equal(late.headers['x-frame-options'], probes[i].startsWith('/v1/') ? 'DENY' : undefined,
      `${probes[i]}: the security headers as its route sets them`)
    t.same(late.body, {
      status: 503,
      success: false,
      error: 'SERVICE_UNAVAILABLE',
      message: 'The service is unavailable',
      requestId: late.headers['x-request-id']
    })
  })

  const refused = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => { socket.destroy(); resolve('connected') })
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'))
  })
  t.equal(refused, 'ECONNREFUSED', 'a closed app accepts no new connections')
})

t.test('a close waits for a request whose client hung up, so its query still runs', async (t) => {
  const logs = captureLogs()
  const app = await build(t, { routeDirs, logger: { level: 'info', stream: logs.stream } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const queriedBefore = slow.queried

  const client = keptAlive(port)
  client.send('/v1/slow/wait')
  for (let waited = 0; slow.inFlight < 1 && waited < 5000; waited++) await sleep(1)
  t.equal(slow.inFlight, 1, 'the slow request is in its handler')
  client.hangUp()
  await client.ended

  const started = Date.now()
  await app.close()
  t.equal(slow.inFlight, 0, 'the handler had finished when the close resolved')
  t.equal(slow.queried, queriedBefore + 1, 'its query ran before the pool closed')
  t.ok(Date.now() - started >= SLOW_MS / 2, 'the close waited for it')
  // Had the close not waited, the handler would fail on the closed pool and log a 500 by now.
  for (let waited = 0; slow.inFlight > 0 && waited < 5000; waited++) await sleep(1)
  t.same(logs.lines.filter((l) => l.level >= 50), [], 'nothing was logged as an error')
})

t.test('a request whose own onSend hook fails is counted once: the next close does not wait for it', async (t) => {
  const app = await build(t, { routeDirs })
  const failed = await app.inject({ method: 'GET', url: '/v1/boom/on-send' })
  t.equal(failed.statusCode, 500, 'the onSend failure is answered as a 500')
  t.equal(failed.json().error, 'Error')
  const ok = await app.inject({ method: 'GET', url: '/health' })
  t.equal(ok.statusCode, 200)

  // Counted twice, the request would leave the count below zero and the close would wait its
  // whole 10 s for requests that are not there.
  const started = Date.now()
  await app.close()
  t.ok(Date.now() - started < 2000, `the close did not wait (${Date.now() - started} ms)`)
})

t.test('`latchkey serve` migrates, serves, and exits 0 after a graceful close on SIGTERM', async (t) => {
  // Teardowns run last-in first-out: these after serve's has stopped the process.
  const db = await scratch(t)
  const { dataDir } = db
  const server = await serve(t, {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    MIGRATE_ON_START: 'true',
    WORKER_ENABLED: 'true'
  })

  const health = await server.waitFor('/health', 30_000)
  t.equal(health?.status, 200, `/health answers 200 (${server.output().slice(-300)})`)
  t.same(health?.body, { status: 200, success: true })
  const ready = await server.get('/ready')
  t.equal(ready?.status, 200)
  t.same(ready?.body, { status: 200, success: true, checks: { database: 'ok', cache: 'disabled' } })
  const secret = await server.get('/health', {
    authorization: 'jwt-user process-secret-token',
    cookie: 'jwt-user-refresh=process-secret-cookie'
  })
  t.equal(secret?.status, 200)

  const signalled = Date.now()
  server.child.kill('SIGTERM')
  const code = await Promise.race([server.exited, sleep(15_000, 'timed out', { ref: false })])
  t.equal(code, 0, 'the process exits 0')
  t.ok(Date.now() - signalled < 15_000, 'within 15 s')

  const output = server.output()
  const lines = output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l))
  t.match(output, 'closing', 'the log says it is closing')
  t.ok(lines.some((l) => /signal received/.test(l.msg) && l.signal === 'SIGTERM'), 'the SIGTERM is logged')
  t.ok(lines.some((l) => l.component === 'worker'), 'the in-process worker ran')
  t.ok(lines.some((l) => /listening/i.test(l.msg ?? '')), 'the listening address is logged')
  const started = lines.find((l) => l.msg === 'latchkey started')
  const { hostname, port, pathname } = new URL(db.url)
  t.match(started, {
    version: /^\d+\.\d+\.\d+/, port: server.port, database: `${hostname}:${port}${pathname}`,
    embeddedDatabase: false, pooler: 'none', publishMode: 'direct', worker: true, redis: false
  }, 'one start-up line with version, port, database host, publish mode, worker and Redis')
  t.notMatch(JSON.stringify(started), 'postgres://', 'the database URL (and any password) is not in it')
  const base = `http://127.0.0.1:${server.port}`
  t.same(started.urls, { api: `${base}/v1/`, docs: `${base}/docs`, openapi: `${base}/openapi.json`, admin: `${base}/admin/` },
    'where to go: the API, the reference and the console (on in test), not the demo (development only)')
  t.notMatch(output, 'crontab', 'no complaint about a crontab file')
  t.equal(lines.at(-1)?.msg, 'closed', 'the last line says it closed')
  t.notMatch(output, 'process-secret-token', 'the Authorization header is not logged')
  t.notMatch(output, 'process-secret-cookie', 'the cookie is not logged')
})
