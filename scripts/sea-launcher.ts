/**
 * The main script of the single executable `dist/latchkey` (`npm run package`, scripts/package.ts).
 * esbuild bundles it, with the `tar` package, into the one CommonJS file Node's SEA runs.
 *
 * The executable carries the production install (dist/, node_modules, migrations, locales and
 * every other file of the package) as the asset `app.tgz`. The first start extracts it into a
 * per-user cache directory named after the archive's content hash; later starts find it there and
 * load dist/cli.js exactly as `node dist/cli.js` would. The directory is private (0700, ours, in
 * parents that nobody else can write) and appears all at once (extracted beside it, then renamed).
 *
 * dist/cli.js cannot tell that it runs from the executable, and need not: the launcher sets
 * DATA_DIR (sea-data-dir.ts) before loading it, so that nothing lands in the package root (the
 * cache) or in whatever folder the executable was started from.
 */
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, statSync, type Stats } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { getRawAsset } from 'node:sea'
import { pathToFileURL } from 'node:url'
import { x as extract } from 'tar'
import { executableDataDir } from './sea-data-dir.js'

// Replaced at build time (esbuild `define`).
declare const LATCHKEY_ARCHIVE: string

/**
 * Commands that open the database, which can only be DATABASE_URL's here; anything else is left to
 * the CLI (which prints its usage). So do `start`, `serve` and no command when NODE_ENV names
 * another mode; in production, their default, the CLI reports a missing DATABASE_URL with every
 * other missing setting at once.
 */
const DATABASE_COMMANDS = new Set(['start-dev', 'worker', 'migrate', 'user', 'import', 'oauth-client'])
const START = new Set([undefined, 'start', 'serve'])

/** DATABASE_URL is missing and the command would otherwise look for the embedded PostgreSQL. */
function lacksDatabase (argv: string[], env: NodeJS.ProcessEnv): boolean {
  if (env.DATABASE_URL || env.DATABASE_URL_FILE || argv.some((arg) => arg === '--help' || arg === '-h')) return false
  return DATABASE_COMMANDS.has(argv[0]) || (START.has(argv[0]) && !!env.NODE_ENV && env.NODE_ENV !== 'production')
}

class LaunchError extends Error {}

/** Where versions are extracted: LATCHKEY_CACHE_DIR, systemd's CacheDirectory=, else the XDG cache. */
function cacheBase (): string {
  const { LATCHKEY_CACHE_DIR: explicit, CACHE_DIRECTORY: systemd, XDG_CACHE_HOME: xdg } = process.env
  if (explicit) return resolve(explicit)
  if (systemd) return resolve(systemd.split(':')[0])
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'latchkey')
}

/**
 * Nobody but us can change what `dir` holds: it is ours (`own`; otherwise ours or root's), and
 * neither others nor a group of someone else's can write to it. A sticky directory (/tmp) above
 * ours is fine: others may add entries there but not rename or remove ours.
 */
function checkSafe (dir: string, st: Stats, own: boolean, cache = dir): void {
  const uid = process.getuid!()
  const sticky = !own && (st.mode & 0o1000) !== 0
  const owner = st.uid === uid || (!own && st.uid === 0)
  const othersWrite = (st.mode & 0o002) !== 0 || ((st.mode & 0o020) !== 0 && st.gid !== process.getgid!())
  if (!owner || (othersWrite && !sticky)) {
    throw new LaunchError(`latchkey: refusing the cache directory ${cache}: ${dir === cache ? 'it' : `${dir}, above it,`} must belong ` +
      `to this user${own ? '' : ' or root'} and be writable by nobody else (or set LATCHKEY_CACHE_DIR to a private directory)`)
  }
}

/** The cache directory, created when missing; refused when someone else could change what we load. */
function privateBase (): string {
  const base = cacheBase()
  try {
    mkdirSync(base, { recursive: true, mode: 0o700 })
  } catch (err) {
    throw new LaunchError(`latchkey: cannot create the cache directory ${base} (${(err as NodeJS.ErrnoException).code}); ` +
      'set LATCHKEY_CACHE_DIR to a writable private directory')
  }
  const real = realpathSync(base)
  checkSafe(real, statSync(real), true)
  for (let dir = dirname(real); ; dir = dirname(dir)) {
    checkSafe(dir, statSync(dir), false, real)
    if (dirname(dir) === dir) break
  }
  return real
}

/** The extracted package of this executable (extracted now if this is its first start). */
function unpacked (): string {
  const base = privateBase()
  const target = join(base, LATCHKEY_ARCHIVE)
  try {
    checkSafe(target, statSync(target), true)
    return target
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const partial = mkdtempSync(join(base, `.${LATCHKEY_ARCHIVE}-`))
  try {
    // Synchronously: about 4,000 small files are written faster without a thread-pool round trip each.
    const unpack = extract({ cwd: partial, strict: true, sync: true })
    let failed: unknown
    unpack.on('error', (err: unknown) => { failed ??= err })
    unpack.end(Buffer.from(getRawAsset('app.tgz') as ArrayBuffer))
    if (failed) throw failed
    renameSync(partial, target)
  } catch (err) {
    rmSync(partial, { recursive: true, force: true })
    // Another process starting at the same time renamed its copy first: that one is used.
    if (!['ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err
    checkSafe(target, statSync(target), true)
  }
  return target
}

async function main (): Promise<void> {
  if (lacksDatabase(process.argv.slice(2), process.env)) {
    console.error('latchkey: set DATABASE_URL (or DATABASE_URL_FILE): the executable carries no embedded PostgreSQL')
    process.exit(2)
  }
  process.env.DATA_DIR = executableDataDir(process.env)
  const root = unpacked()
  // dist/cli.js reads process.argv.slice(2), which SEA leaves as the executable's arguments.
  await import(pathToFileURL(join(root, 'dist', 'cli.js')).href)
}

main().catch((err: unknown) => {
  console.error(err instanceof LaunchError ? err.message : err)
  process.exit(1)
})
