/**
 * The nginx and HAProxy examples of docs/operations.md, taken from the file and run as written
 * (ports, addresses and certificate paths replaced) with Debian's nginx and haproxy in front of
 * `latchkey serve` with TRUST_PROXY=1 and LOGIN_RATE_LIMIT_MAX=3: a client's own
 * X-Forwarded-For never changes the address the limits count, two clients are counted apart,
 * the service sees the real Host and address, and the WebSocket goes through.
 */
import t from 'tap'
import WebSocket from 'ws'
import { serve } from './fixtures/serve.js'
import { cloneDatabase } from './helpers/app.js'
import { PASSWORD, uniqueEmail } from './helpers/accounts.js'
import { waitUntil } from './helpers/sockets.js'
import { docBlock, freePort, proxyDir, replace, selfSigned, startHaproxy, startNginx, viaProxy, type Proxy } from './helpers/proxies.js'

const DOC = 'docs/operations.md'

t.test('the proxy examples of docs/operations.md', async (t) => {
  const { url, drop } = await cloneDatabase()
  t.teardown(drop)
  const server = await serve(t, {
    DATABASE_URL: url, NODE_ENV: 'test', LOG_LEVEL: 'info', MIGRATE_ON_START: 'false', WORKER_ENABLED: 'false',
    TRUST_PROXY: '1', LOGIN_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '100000'
  })
  t.equal((await server.waitFor('/health'))?.status, 200, 'the service is up')

  const proxies: Record<string, (dir: string, port: number) => Promise<Proxy>> = {
    nginx: (dir, port) => {
      const tls = selfSigned(dir)
      let conf = docBlock(DOC, 'Behind nginx', 'nginx')
      conf = replace(conf, 'server 127.0.0.1:8000', `server 127.0.0.1:${server.port}`)
      conf = replace(conf, 'listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
      conf = replace(conf, '/etc/ssl/auth.example.com.pem', tls.cert)
      conf = replace(conf, '/etc/ssl/auth.example.com.key', tls.key)
      return startNginx(dir, conf, port)
    },
    haproxy: (dir, port) => {
      const tls = selfSigned(dir)
      let conf = docBlock(DOC, 'Behind HAProxy', 'haproxy')
      conf = replace(conf, 'bind :443 ssl crt /etc/haproxy/certs/auth.example.com.pem', `bind 127.0.0.1:${port} ssl crt ${tls.pem}`)
      // Within this machine's file descriptor limit; the three instances of the example are one here.
      conf = replace(conf, /maxconn 50000/, 'maxconn 4000')
      conf = replace(conf, /10\.0\.0\.1[1-3]:8000/g, `127.0.0.1:${server.port}`)
      return startHaproxy(dir, conf, port)
    }
  }

  for (const [name, start] of Object.entries(proxies)) {
    await t.test(name, async (t) => {
      const port = await freePort()
      const proxy = await start(proxyDir(name), port)
      t.teardown(proxy.stop)
      t.ok(await waitUntil(async () => (await viaProxy(port, '/ready').catch(() => null))?.status === 200, 'the proxy to pass requests', 15_000, 100),
        'GET /ready through the proxy answers 200')
      const email = uniqueEmail(name)
      t.equal((await viaProxy(port, '/v1/users/register', { payload: { email, password: PASSWORD } })).status, 201, 'a user registers')
      const wrong = (from: string, headers: Record<string, string> = {}, who = email) =>
        viaProxy(port, '/v1/users/login', { from, payload: { email: who, password: 'not the password' }, headers }).then((r) => r.status)

      const loginsBefore = server.output().split('\n').filter((l) => l.includes('"incoming request"') && l.includes('"/v1/users/login"')).length
      const spoofed: number[] = []
      for (let n = 1; n <= 5; n++) spoofed.push(await wrong('127.0.0.1', { 'x-forwarded-for': `198.51.100.${n}`, 'x-forwarded-host': 'evil.example' }))
      t.same(spoofed, [400, 400, 400, 429, 429], 'five wrong logins from five spoofed X-Forwarded-For: 429 from the fourth')

      const other = uniqueEmail(name)
      await viaProxy(port, '/v1/users/register', { payload: { email: other, password: PASSWORD } })
      const first = [await wrong('127.0.0.1', {}, other), await wrong('127.0.0.1', {}, other), await wrong('127.0.0.1', {}, other)]
      t.same(first, [400, 400, 400], 'three wrong logins from 127.0.0.1')
      t.equal(await wrong('127.0.0.2', {}, other), 400, 'a second client (127.0.0.2) is counted apart: 400, not 429')
      t.equal(await wrong('127.0.0.1', {}, other), 429, 'the first one is limited: 429')

      const logged = () => server.output().split('\n').flatMap((l) => { try { return [JSON.parse(l)] } catch { return [] } })
        .filter((l) => l.msg === 'incoming request' && l.req?.url === '/v1/users/login')
      // The service's log reaches us through a pipe, maybe after the answers.
      await waitUntil(async () => logged().length >= loginsBefore + 10, 'the log lines', 5000, 20).catch(() => {})
      const mine = logged().slice(-10)
      t.equal(mine.length, 10, 'the service logged the ten logins')
      t.same([...new Set(mine.map((l) => l.req.host))], ['auth.example.com'], 'Host arrives as the client sent it (auth.example.com), X-Forwarded-Host is not the client\'s')
      t.same([...new Set(mine.map((l) => l.req.remoteAddress))].sort(), ['127.0.0.1', '127.0.0.2'], 'the logged addresses are the real ones')

      const login = await viaProxy(port, '/v1/users/login', { from: '127.0.0.2', payload: { email, password: PASSWORD } })
      t.equal(login.status, 201, 'the right password from the other client logs in')
      const socket = new WebSocket(`wss://127.0.0.1:${port}/v1/ws`, {
        headers: { host: 'auth.example.com', authorization: `jwt-user ${login.body.token}` }, servername: 'auth.example.com', rejectUnauthorized: false
      } as WebSocket.ClientOptions)
      t.teardown(() => socket.terminate())
      const frames: any[] = []
      socket.on('message', (data) => frames.push(JSON.parse(String(data))))
      await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject) })
      socket.send(JSON.stringify({ type: 'join', room: 'FEED' }))
      t.ok(await waitUntil(async () => frames.some((f) => f.type === 'joined'), 'joined', 5000, 20), 'the WebSocket upgrade goes through: joined FEED')
    })
  }
})
