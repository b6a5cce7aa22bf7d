/**
 * Redis going away (docs/operations.md#outages), against `latchkey serve` in a process of its own
 * and a private redis-server that this test freezes (SIGSTOP), kills and restarts: the rate limits
 * fail open without waiting for it (no request more than 100 ms slower), and /ready names the
 * cache within 1 s.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { freePort } from '../../db/embedded.js'
import { serve } from '../fixtures/serve.js'
import { cloneDatabase } from '../helpers/app.js'
import { call, loadLoop, type Timed } from './load.js'

const percentile = (results: Timed[], p: number) => {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b)
  return ms[Math.min(ms.length - 1, Math.floor(ms.length * p))]
}

async function startRedis (port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const ping = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] })
      let out = ''
      ping.stdout.on('data', (d) => { out += d })
      ping.on('exit', () => resolve(out.includes('PONG')))
    })
    if (up) return child
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('redis-server did not start')
}

const hasRedis = await new Promise<boolean>((resolve) => spawn('redis-server', ['--version']).on('error', () => resolve(false)).on('exit', (code) => resolve(code === 0)))

t.test('Redis frozen, killed and restarted under load', { skip: !hasRedis && 'redis-server is not installed' }, async (t) => {
  const port = await freePort()
  let redis = await startRedis(port)
  const db = await cloneDatabase()
  const dataDir = mkdtempSync(join(tmpdir(), 'latchkey-fault-redis-'))
  t.teardown(async () => {
    redis.kill('SIGKILL')
    await db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const server = await serve(t, {
    DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${port}`, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'error',
    MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false', RATE_LIMIT_MAX: '1000000'
  })
  const base = `http://127.0.0.1:${server.port}`
  t.equal((await server.waitFor('/ready'))?.status, 200, 'up, with the cache')
  // A rate-limited route that touches the database: a refresh with an unknown token (401).
  const route = ['/v1/users/refresh', { refreshToken: 'f'.repeat(64) }] as const
  const measure = async (ms: number) => {
    const load = loadLoop(base, route[0], route[1], {}, 4)
    await new Promise((resolve) => setTimeout(resolve, ms))
    return load.stop()
  }

  const healthy = await measure(1500)
  t.same([...new Set(healthy.map((r) => r.status))], [401], 'with Redis up every request is answered')
  const p99 = percentile(healthy, 0.99)

  await t.test('frozen (SIGSTOP): requests pass without waiting for it, /ready names the cache', async (t) => {
    redis.kill('SIGSTOP')
    const frozen = await measure(2000)
    const ready = await call(base, '/ready')
    redis.kill('SIGCONT')
    t.same([...new Set(frozen.map((r) => r.status))], [401], 'the limiter fails open: every request is answered')
    t.ok(percentile(frozen, 0.99) <= p99 + 100, `p99 ${percentile(frozen, 0.99)} ms against ${p99} ms with Redis up`)
    t.ok(Math.max(...frozen.map((r) => r.ms)) <= Math.max(...healthy.map((r) => r.ms)) + 100,
      `the slowest ${Math.max(...frozen.map((r) => r.ms))} ms, at most 100 ms more than with Redis up`)
    t.equal(ready.status, 503)
    t.ok(ready.ms < 1000, `/ready answered within 1 s (${ready.ms} ms)`)
    t.match(ready.body, { checks: { database: 'ok', cache: 'failed' } }, 'naming the cache')
  })

  await t.test('killed: the same, and once it is back /ready answers 200 again', async (t) => {
    redis.kill('SIGKILL')
    const gone = await measure(2000)
    t.same([...new Set(gone.map((r) => r.status))], [401], 'every request is answered')
    t.ok(Math.max(...gone.map((r) => r.ms)) <= Math.max(...healthy.map((r) => r.ms)) + 100,
      `the slowest ${Math.max(...gone.map((r) => r.ms))} ms, at most 100 ms more than with Redis up`)
    const ready = await call(base, '/ready')
    t.equal(ready.status, 503)
    t.ok(ready.ms < 1000, `/ready within 1 s (${ready.ms} ms)`)

    redis = await startRedis(port)
    const backAt = Date.now()
    let status = 0
    while (Date.now() - backAt < 5000 && status !== 200) {
      status = (await call(base, '/ready')).status
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    t.equal(status, 200, `/ready is 200 again (${Date.now() - backAt} ms)`)
    t.equal(server.child.exitCode, null, 'the process never stopped')
  })
})
