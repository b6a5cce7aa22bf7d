import { spawnSync } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { buildApp } from '../../../app.js'
import { loadConfig } from '../../../plugins/core/config.js'
import { PASSWORD } from '../../helpers/accounts.js'
import { cloneDatabase, testConfig } from '../../helpers/app.js'
import { createPost, publish } from '../../helpers/posts.js'
import { authHeader, feedSocket, isPublished, registerUser, serve, start, waitUntil } from '../../helpers/sockets.js'

/** The value of one sample of the Prometheus text, or undefined when absent. */
function sample (text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[3])
  }
  return undefined
}

/**
 * Prometheus's own linter on a scrape: what it prints (nothing when the text passes). promtool
 * comes with Debian's prometheus package (.ci/run installs it); without it the test fails.
 */
function promtool (t: Test, text: string): string {
  const res = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' })
  if ((res.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    t.fail('promtool is not installed: apt-get install prometheus (Debian) provides it')
    return 'promtool missing'
  }
  if (res.error) throw res.error
  t.equal(res.status, 0, `promtool check metrics exits 0: ${res.stdout}${res.stderr}`)
  return `${res.stdout}${res.stderr}`
}

t.test('the metrics of section 16 on METRICS_PORT after real traffic, never on the public port', async (t) => {
  const { app, http, ws } = await serve(t, { env: { METRICS_PORT: '0', PUBLISH_MODE: 'async', WORKER_ENABLED: 'true' } })
  const { port } = app.metricsServer!.address() as AddressInfo
  t.not(port, (app.server.address() as AddressInfo).port)
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`)
    t.equal(res.status, 200)
    t.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/)
    return res.text()
  }

  const user = await registerUser(app)
  const login = (password: string) => app.inject({ method: 'POST', url: '/v1/users/login', payload: { email: user.email, password } })
  t.equal((await login(PASSWORD)).statusCode, 201)
  const wrong = await login('wrong password!')
  t.equal(wrong.statusCode, 400, wrong.body)
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email: 'not an email' } })).statusCode, 400)

  const socket = await feedSocket(t, ws, user.token)
  const post = await createPost(app, user.token)
  t.equal((await publish(app, user.token, post.id)).statusCode, 202)
  await socket.waitFor(isPublished(post.id), 5000, 'the published event')
  let text = await scrape()
  t.equal(sample(text, 'latchkey_websocket_connections'), 1, 'one open socket')
  t.ok(sample(text, 'latchkey_room_events_delivered_total')! >= 1, 'the event frame was counted')
  text = await waitUntil(async () => {
    const now = await scrape()
    return sample(now, 'latchkey_jobs_total', { task: 'V1PublishTask', outcome: 'success' }) === 1 ? now : null
  }, 'the publish job to be counted')

  const first = await app.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: user.refreshToken } })
  t.equal(first.statusCode, 200)
  t.equal((await app.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: user.refreshToken } })).statusCode, 401, 'a replay')
  t.equal((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode, 404)
  const publicMetrics = await fetch(`${http}/metrics`)
  t.equal(publicMetrics.status, 404, 'the public port does not serve them')
  t.match(await publicMetrics.json(), { success: false, status: 404 })
  t.equal((await socket.waitForClose(3000)).code, 4401, 'the replay signed the socket out')

  text = await scrape()
  t.equal(sample(text, 'latchkey_logins_total', { type: 'user', outcome: 'success' }), 1)
  t.equal(sample(text, 'latchkey_logins_total', { type: 'user', outcome: 'invalid_credentials' }), 1)
  t.equal(sample(text, 'latchkey_logins_total', { type: 'user', outcome: 'bad_request' }), 1)
  t.equal(sample(text, 'latchkey_refreshes_total', { type: 'user', outcome: 'success' }), 1)
  t.equal(sample(text, 'latchkey_refreshes_total', { type: 'user', outcome: 'invalid_token' }), 1)
  t.equal(sample(text, 'latchkey_refresh_reuse_detected_total', { type: 'user' }), 1)
  t.equal(sample(text, 'latchkey_http_request_duration_seconds_count', { operation: 'V1Login', status_class: '2xx' }), 1)
  t.equal(sample(text, 'latchkey_http_request_duration_seconds_count', { operation: 'V1Login', status_class: '4xx' }), 2)
  t.equal(sample(text, 'latchkey_http_request_duration_seconds_count', { operation: 'V1Refresh', status_class: '4xx' }), 1)
  t.equal(sample(text, 'latchkey_http_request_duration_seconds_count', { operation: 'V1Register', status_class: '2xx' }), 1)
  t.equal(sample(text, 'latchkey_http_request_duration_seconds_count', { operation: 'unknown', status_class: '4xx' }), 2,
    'unrouted paths share one label (/nowhere and the public /metrics), never the raw URL')
  t.notMatch(text, /nowhere/)
  t.equal(sample(text, 'latchkey_db_pool_waiting'), 0)
  await waitUntil(async () => sample(await scrape(), 'latchkey_websocket_connections') === 0, 'the gauge to drop to 0')
  t.ok(sample(text, 'process_resident_memory_bytes')! > 0, 'prom-client\'s process metrics')
  t.notMatch(text, new RegExp(user.email.replace(/[.+]/g, '\\$&')), 'no account data')
  t.equal(promtool(t, text), '', 'promtool check metrics finds nothing to say about the served text')
  t.notMatch(text, /^nodejs_active_(handles|requests|resources)_total/m, 'no gauge ends in _total (the by-type gauges stay)')
  t.ok(sample(text, 'nodejs_active_handles', { type: 'Socket' })! >= 1, 'the handles by type')
  t.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404)

  await app.close()
  await t.rejects(fetch(`http://127.0.0.1:${port}/metrics`), 'closed with the app')
})

t.test('without METRICS_PORT nothing listens and nothing is counted', async (t) => {
  const app = await start(t)
  t.equal(app.metrics, null)
  t.equal(app.metricsServer, null)
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: authHeader('x') })
  t.equal(res.statusCode, 404)
})

t.test('METRICS_PORT must differ from PORT', async (t) => {
  t.throws(() => loadConfig({ DATA_DIR: '.data', PORT: '9100', METRICS_PORT: '9100' }), /METRICS_PORT must differ from PORT/)
  t.equal(loadConfig({ DATA_DIR: '.data', METRICS_PORT: '9100' }).metricsPort, 9100)
  t.equal(loadConfig({ DATA_DIR: '.data' }).metricsPort, undefined)
  t.throws(() => loadConfig({ DATA_DIR: '.data', METRICS_PORT: 'x' }), /METRICS_PORT must be an integer/)
})

t.test('the worker role (latchkey worker) serves its metrics on METRICS_PORT too', async (t) => {
  const db = await cloneDatabase()
  const app = await buildApp({ config: testConfig({ METRICS_PORT: '0' }, db.url), role: 'worker' })
  t.teardown(async () => {
    await app.close()
    await db.drop()
  })
  t.ok(app.worker, 'the worker runs')
  t.ok(app.metricsServer?.listening, 'the metrics listener is open once the app is built')
  const { port } = app.metricsServer!.address() as AddressInfo
  const res = await fetch(`http://127.0.0.1:${port}/metrics`)
  t.equal(res.status, 200)
  const text = await res.text()
  t.match(text, '# TYPE latchkey_jobs_total counter', 'the job counter of this worker')
  t.ok(sample(text, 'process_resident_memory_bytes')! > 0, 'and the process metrics')
  t.equal(promtool(t, text), '', 'promtool check metrics passes the worker\'s text too')
})
