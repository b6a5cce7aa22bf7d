import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpsRequest, type Agent } from 'node:https'
import { connect } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ROOT } from '../../paths.js'
import { freePort } from '../../db/embedded.js'

/** The Debian packages' binaries. */
export const NGINX = '/usr/sbin/nginx'
export const HAPROXY = '/usr/sbin/haproxy'

/**
 * The first ```<lang> block after the heading `## <heading>` of a Markdown file: the tests run the
 * documentation's own examples, so the two cannot drift apart.
 */
export function docBlock (file: string, heading: string, lang: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const at = text.indexOf(`\n## ${heading}\n`)
  if (at < 0) throw new Error(`${file} has no section "${heading}"`)
  const block = new RegExp('```' + lang + '\\n([\\s\\S]*?)\\n```').exec(text.slice(at))
  if (!block) throw new Error(`${file}, section "${heading}", has no ${lang} block`)
  return block[1]
}

/** Replaces `from` (a string or pattern) in `text`; throws when it is not there, so an edited example fails loudly. */
export function replace (text: string, from: string | RegExp, to: string | ((match: string) => string)): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text)
  if (!found) throw new Error(`the example no longer contains ${from}`)
  return text.replace(from instanceof RegExp ? new RegExp(from.source, from.flags.includes('g') ? from.flags : from.flags + 'g') : from, to as string)
}

/** A self-signed certificate for auth.example.com: key, cert and both in one PEM (HAProxy's form). */
export function selfSigned (dir: string): { key: string, cert: string, pem: string } {
  const key = join(dir, 'tls.key')
  const cert = join(dir, 'tls.crt')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
    '-subj', '/CN=auth.example.com', '-keyout', key, '-out', cert], { stdio: 'ignore' })
  const pem = join(dir, 'tls.pem')
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'))
  return { key, cert, pem }
}

export interface Proxy {
  port: number
  dir: string
  /** Its error log so far. */
  log: () => string
  stop: () => Promise<void>
}

const accepts = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1')
  socket.once('connect', () => { socket.destroy(); resolve(true) })
  socket.once('error', () => resolve(false))
})

async function started (child: ChildProcess, port: number, dir: string, log: () => string): Promise<Proxy> {
  let output = ''
  child.stdout?.on('data', (d) => { output += d })
  child.stderr?.on('data', (d) => { output += d })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const all = () => log() + output
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 15_000
  while (!await accepts(port)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = all()
      await stop()
      throw new Error(`the proxy did not start: ${text}`)
    }
    await sleep(50)
  }
  return { port, dir, log: all, stop }
}

/**
 * Debian's nginx with `http` (the example's upstream, map and server blocks) inside a main
 * configuration of its own: foreground, every path in a temporary directory, never the
 * system's configuration, default site or service.
 */
export async function startNginx (dir: string, http: string, port: number): Promise<Proxy> {
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub), { recursive: true })
  const conf = join(dir, 'nginx.conf')
  writeFileSync(conf, [
    ...(userInfo().uid === 0 ? ['user root;'] : []),
    'daemon off;', 'worker_processes 1;', `pid ${join(dir, 'nginx.pid')};`, `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${join(dir, 'body')}; proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')}; uwsgi_temp_path ${join(dir, 'uwsgi')}; scgi_temp_path ${join(dir, 'scgi')};`,
    http,
    '}'
  ].join('\n'))
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] })
  return started(child, port, dir, () => { try { return readFileSync(join(dir, 'error.log'), 'utf8') } catch { return '' } })
}

/** Debian's haproxy in the foreground with `config`. */
export async function startHaproxy (dir: string, config: string, port: number): Promise<Proxy> {
  const file = join(dir, 'haproxy.cfg')
  writeFileSync(file, config + '\n')
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  return started(child, port, dir, () => '')
}

/** A temporary directory for a proxy's files. */
export const proxyDir = (name: string) => mkdtempSync(join(tmpdir(), `latchkey-${name}-`))

export { freePort }

export interface Answer { status: number, body: any, headers: Record<string, string | string[] | undefined> }

export interface ProxyRequest {
  from?: string
  method?: string
  payload?: unknown
  headers?: Record<string, string>
  /** Kept-alive connections (a fresh one per request without). */
  agent?: Agent
  /** A request that fails or takes over 10 s answers status 0 instead of rejecting (an instance killed under it). */
  lenient?: boolean
}

/**
 * One HTTPS request to the proxy on 127.0.0.1:`port` for auth.example.com (the self-signed
 * certificate accepted), sent from the local address `from` (127.0.0.1, 127.0.0.2: two clients).
 */
export function viaProxy (port: number, path: string, opts: ProxyRequest = {}): Promise<Answer> {
  const body = opts.payload === undefined ? undefined : JSON.stringify(opts.payload)
  return new Promise((resolve, reject) => {
    const failed = opts.lenient ? () => resolve({ status: 0, body: null, headers: {} }) : reject
    const req = httpsRequest({
      host: '127.0.0.1', port, path, method: opts.method ?? (body ? 'POST' : 'GET'), localAddress: opts.from ?? '127.0.0.1',
      servername: 'auth.example.com', rejectUnauthorized: false, agent: opts.agent ?? false,
      headers: { host: 'auth.example.com', ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers }
    }, (res) => {
      let text = ''
      res.on('data', (d) => { text += d })
      res.on('end', () => {
        let parsed: unknown = text
        try {
          parsed = JSON.parse(text)
        } catch {}
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers })
      })
      res.on('error', failed)
    })
    if (opts.lenient) req.setTimeout(10_000, () => req.destroy())
    req.on('error', failed)
    req.end(body)
  })
}

/** Lenient calls through the proxy on `port` over `agent`: POST with a payload, else GET; a failure answers status 0. */
export const proxyCaller = (port: number, agent: Agent) =>
  (path: string, payload?: unknown, headers: Record<string, string> = {}) => viaProxy(port, path, { agent, payload, headers, lenient: true })
