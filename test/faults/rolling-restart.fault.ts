/**
 * Three instances behind the HAProxy example of docs/operations.md (Debian's haproxy), under
 * steady load (logins, refreshes, authenticated requests, publishes, 300 sockets), restarted one
 * at a time with SIGTERM: no HTTP request fails (the balancer's /ready checks and retries), every
 * socket is closed with 1001 and reconnects through the balancer, and an event published after
 * the restarts reaches every socket.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { Agent } from 'node:https'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import WebSocket from 'ws'
import { ROOT } from '../../paths.js'
import { cloneDatabase } from '../helpers/app.js'
import { PASSWORD, uniqueEmail } from '../helpers/accounts.js'
import { waitUntil } from '../helpers/sockets.js'
import { docBlock, freePort, proxyCaller, proxyDir, replace, selfSigned, startHaproxy } from '../helpers/proxies.js'

const SOCKETS = 300
const USERS = 10

interface Instance { port: number, child: ChildProcess, exited: Promise<number | null>, output: () => string }

/** `node dist/cli.js serve` (what npm start runs) on `port`. */
function instance (port: number, env: Record<string, string>): Instance {
  const base: Record<string, string | undefined> = { ...process.env }
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete base[key]
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'serve'], {
    cwd: ROOT, env: { ...base, ...env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe']
  })
  let output = ''
  child.stdout!.on('data', (d) => { output += d })
  child.stderr!.on('data', (d) => { output += d })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { port, child, exited, output: () => output }
}

async function ready (port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(2000) })).status === 200
  } catch {
    return false
  }
}

t.test('a rolling restart of three instances behind HAProxy under load', async (t) => {
  const { url, drop } = await cloneDatabase()
  t.teardown(drop)
  const env: Record<string, string> = {
    DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'warn', MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false',
    TRUST_PROXY: '1', RATE_LIMIT_MAX: '100000000', LOGIN_RATE_LIMIT_MAX: '100000000', LOGIN_LOCKOUT_THRESHOLD: '0',
    // One set of secrets for the three: a token from one instance is checked by another.
    ACCESS_TOKEN_SECRET: randomBytes(32).toString('hex'), REFRESH_TOKEN_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: proxyDir('rolling-data'),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `latchkey-rolling:${randomBytes(4).toString('hex')}:` } : {})
  }
  const ports = [await freePort(), await freePort(), await freePort()]
  const instances = ports.map((port) => instance(port, env))
  t.teardown(() => { for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL') })
  t.ok(await waitUntil(async () => (await Promise.all(ports.map(ready))).every(Boolean), 'three instances', 60_000, 200), 'three instances are ready')

  const dir = proxyDir('rolling-haproxy')
  const tls = selfSigned(dir)
  const port = await freePort()
  let conf = docBlock('docs/operations.md', 'Behind HAProxy', 'haproxy')
  conf = replace(conf, /maxconn 50000/, 'maxconn 4000')
  conf = replace(conf, 'bind :443 ssl crt /etc/haproxy/certs/auth.example.com.pem', `bind 127.0.0.1:${port} ssl crt ${tls.pem}`)
  for (const [i, p] of ports.entries()) conf = replace(conf, `10.0.0.1${i + 1}:8000`, `127.0.0.1:${p}`)
  const haproxy = await startHaproxy(dir, conf, port)
  t.teardown(haproxy.stop)

  const agent = new Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false })
  t.teardown(() => agent.destroy())
  const call = proxyCaller(port, agent)
  t.ok(await waitUntil(async () => (await call('/ready')).status === 200, 'HAProxy', 15_000, 100), 'HAProxy passes requests')

  const users = await Promise.all(Array.from({ length: USERS }, async () => {
    const email = uniqueEmail('rolling')
    const res = await call('/v1/users/register', { email, password: PASSWORD })
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`)
    return { email, token: res.body.token as string, refreshToken: res.body.refreshToken as string }
  }))

  // The sockets: each reconnects (through HAProxy) whenever it is closed, and joins FEED again.
  const closes: number[] = []
  const sockets = Array.from({ length: SOCKETS }, (_, n) => {
    const state = { n, socket: undefined as WebSocket | undefined, joined: false, events: new Set<string>(), reconnects: 0, closed: 0, stopped: false }
    const open = () => {
      const socket = new WebSocket(`wss://127.0.0.1:${port}/v1/ws`, {
        headers: { host: 'auth.example.com', authorization: `jwt-user ${users[n % USERS].token}` }, servername: 'auth.example.com', rejectUnauthorized: false
      } as WebSocket.ClientOptions)
      state.socket = socket
      socket.on('open', () => socket.send(JSON.stringify({ type: 'join', room: 'FEED' })))
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data))
        if (frame.type === 'joined') state.joined = true
        if (frame.type === 'event' && frame.data?.postId) state.events.add(frame.data.postId)
      })
      socket.on('error', () => {})
      socket.on('close', (code) => {
        state.joined = false
        if (state.stopped) return
        if (code !== 1006) { closes.push(code); state.closed++ }
        state.reconnects++
        setTimeout(open, 100 + Math.random() * 400)
      })
    }
    open()
    return state
  })
  t.teardown(() => { for (const s of sockets) { s.stopped = true; s.socket?.terminate() } })
  t.ok(await waitUntil(async () => sockets.every((s) => s.joined), 'every socket to join', 60_000, 100), `${SOCKETS} sockets joined FEED`)

  // Steady load: per user, a refresh chain, an authenticated request, a post published; logins.
  const results: Array<{ path: string, status: number }> = []
  let loading = true
  const loops = users.map(async (user) => {
    let refreshToken = user.refreshToken
    while (loading) {
      const refreshed = await call('/v1/users/refresh', { refreshToken })
      results.push({ path: 'refresh', status: refreshed.status })
      if (refreshed.status === 200) refreshToken = refreshed.body.refreshToken
      results.push({ path: 'me', status: (await call('/v1/users/me', undefined, { authorization: `jwt-user ${user.token}` })).status })
      const post = await call('/v1/posts/create', { title: 'rolling' }, { authorization: `jwt-user ${user.token}` })
      results.push({ path: 'create', status: post.status })
      if (post.status === 201) {
        results.push({ path: 'publish', status: (await call('/v1/posts/publish', { postId: post.body.post.id }, { authorization: `jwt-user ${user.token}` })).status })
      }
      if (Math.random() < 0.2) results.push({ path: 'login', status: (await call('/v1/users/login', { email: user.email, password: PASSWORD })).status })
      await sleep(50)
    }
  })

  for (const [i, old] of instances.entries()) {
    await sleep(1000)
    old.child.kill('SIGTERM')
    t.equal(await old.exited, 0, `instance ${i + 1} closed on SIGTERM (exit 0)`)
    instances[i] = instance(old.port, env)
    t.ok(await waitUntil(() => ready(old.port), `instance ${i + 1} to start again`, 60_000, 100), `instance ${i + 1} is back`)
    // HAProxy takes it back after two passing checks a second apart (rise 2, inter 1s).
    await sleep(2500)
  }
  await sleep(1000)
  loading = false
  await Promise.all(loops)

  const failed = results.filter((r) => r.status < 200 || r.status >= 300)
  const byPath = results.reduce<Record<string, number>>((o, r) => ({ ...o, [r.path]: (o[r.path] ?? 0) + 1 }), {})
  t.ok(results.length > 100, `${results.length} requests during the restarts (${JSON.stringify(byPath)})`)
  t.same(failed, [], 'no request failed')
  t.ok(closes.length >= SOCKETS, `every socket was closed at least once (${closes.length} closes)`)
  t.same([...new Set(closes)], [1001], 'every close was 1001 (going away)')
  t.ok(sockets.every((s) => s.closed > 0), 'each socket was closed')
  t.ok(await waitUntil(async () => sockets.every((s) => s.joined), 'every socket to be back', 60_000, 100), 'every socket reconnected and joined FEED again')

  const author = users[0]
  const post = await call('/v1/posts/create', { title: 'after the restart' }, { authorization: `jwt-user ${author.token}` })
  t.equal((await call('/v1/posts/publish', { postId: post.body.post.id }, { authorization: `jwt-user ${author.token}` })).status, 200, 'a post is published after the restart')
  t.ok(await waitUntil(async () => sockets.every((s) => s.events.has(post.body.post.id)), 'the event on every socket', 15_000, 50),
    `the event reached every socket (${sockets.filter((s) => s.events.has(post.body.post.id)).length} of ${SOCKETS})`)
  for (const i of instances) t.notMatch(i.output(), /"level":50/, `instance on ${i.port}: no error logged`)
})
