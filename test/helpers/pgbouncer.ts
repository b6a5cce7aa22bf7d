import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort } from '../../db/embedded.js'

/** The Debian package's binary (`apt install pgbouncer`). */
export const PGBOUNCER = '/usr/sbin/pgbouncer'

export interface PgBouncer {
  port: number
  /** `url` with its host and port replaced by PgBouncer's (same user, password and database). */
  through: (url: string) => string
  /** PgBouncer's log so far. */
  log: () => string
  stop: () => Promise<void>
  /** Signals it and removes its directory without waiting (for a process's `exit`). */
  kill: () => void
}

const accepts = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1')
  socket.once('connect', () => { socket.destroy(); resolve(true) })
  socket.once('error', () => resolve(false))
})

/**
 * PgBouncer in transaction mode on a free port in front of the PostgreSQL of `target` (every
 * database by name, no password asked: auth_type trust, the users of `target` in its userlist),
 * with its configuration, log and pid file in a temporary directory. It refuses to run as root:
 * started as root, it switches to the `postgres` user (its `user` setting).
 */
export async function startPgBouncer (target: string, opts: { poolSize?: number } = {}): Promise<PgBouncer> {
  const server = new URL(target)
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-pgbouncer-'))
  const root = userInfo().uid === 0
  const user = decodeURIComponent(server.username || userInfo().username)
  const password = decodeURIComponent(server.password)
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${password}"\n`)
  writeFileSync(join(dir, 'pgbouncer.ini'), [
    '[databases]',
    `* = host=${server.hostname} port=${server.port || 5432}${password ? ` password=${password}` : ''}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${opts.poolSize ?? 10}`,
    'max_client_conn = 2000',
    `logfile = ${join(dir, 'pgbouncer.log')}`,
    `pidfile = ${join(dir, 'pgbouncer.pid')}`,
    'ignore_startup_parameters = extra_float_digits,options',
    ...(root ? ['user = postgres'] : [])
  ].join('\n') + '\n')
  if (root) {
    const postgres = Number(execFileSync('id', ['-u', 'postgres']).toString())
    chownSync(dir, postgres, -1)
  }
  chmodSync(dir, 0o755)
  // Its messages go to its log file; unreferenced, it does not keep a test file's process alive.
  const child: ChildProcess = spawn(PGBOUNCER, [join(dir, 'pgbouncer.ini')], { stdio: 'ignore' })
  child.unref()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const log = () => {
    try {
      return readFileSync(join(dir, 'pgbouncer.log'), 'utf8')
    } catch {
      return ''
    }
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  while (!await accepts(port)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const output = log()
      await stop()
      throw new Error(`pgbouncer did not start: ${output}`)
    }
    await sleep(50)
  }
  const through = (url: string) => {
    const u = new URL(url)
    u.hostname = '127.0.0.1'
    u.port = String(port)
    return u.toString()
  }
  const kill = () => {
    child.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
  return { port, through, log, stop, kill }
}

let shared: Promise<PgBouncer> | undefined

/**
 * With TEST_PGBOUNCER=1, one PgBouncer per test file (each file is a process) in front of the test
 * PostgreSQL, stopped when the file ends; undefined otherwise.
 */
export function testPgBouncer (target: string): Promise<PgBouncer> | undefined {
  if (process.env.TEST_PGBOUNCER !== '1') return undefined
  if (!shared) {
    shared = startPgBouncer(target)
    shared.then((bouncer) => process.once('exit', bouncer.kill), () => {})
  }
  return shared
}
