/**
 * `npm run build` (also run by `npm install` through `prepare`): transpiles the service's
 * TypeScript to dist/ with esbuild, file by file, without type checking (`npm run typecheck` does
 * that), so a production install (`npm ci --omit=dev`) builds without TypeScript or @types.
 *
 * Then the browser code of client/: the SDK as one ESM file (dist/client/latchkey.js, the
 * package's `./client` entry and `/client/latchkey.js`, with @simplewebauthn/browser inside) and
 * each page (client/<page>/main.ts(x)) as a bundle beside a copy of its static files
 * (index.html, css) in dist/client/<page>/.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCES = ['app.ts', 'server.ts', 'cli.ts', 'commands.ts', 'paths.ts', 'random.ts', 'plugins', 'routes', 'schemas', 'db', 'workers']
const CLIENT = join(root, 'client')
const CLIENT_OUT = join(root, 'dist', 'client')
/** The pages served under /<page>/ (plugins/core/pages.ts: the account pages at /account/<name>); oidc's under /oidc/pages/ (plugins/oidc/interactions.ts). */
const PAGES = ['demo', 'admin', 'oidc', 'account']
// Other addresses a page answers at: the demo at the mailed PUBLIC_APP_URL/accept-invite?token=...
// (when PUBLIC_APP_URL is the demo's), where the same app offers to accept the invitation.
const ALIASES = { demo: ['accept-invite'] }
/** What a page's folder holds besides code, copied as it is. */
const STATIC = /\.(html|css|svg|png|ico|json|txt|woff2?)$/

function tsFiles (path) {
  if (path.endsWith('.ts')) return path.endsWith('.d.ts') ? [] : [path]
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() || entry.name.endsWith('.ts') ? tsFiles(join(path, entry.name)) : [])
}

const entryPoints = SOURCES.flatMap((source) => tsFiles(join(root, source)))
// Stale output goes; the executable (dist/latchkey) is `npm run package`'s and stays.
for (const name of existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : []) {
  if (name !== 'latchkey') rmSync(join(root, 'dist', name), { recursive: true, force: true })
}
await build({
  entryPoints,
  outdir: join(root, 'dist'),
  outbase: root,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning'
})
console.log(`built ${entryPoints.length} files into ${relative(process.cwd(), join(root, 'dist')) || 'dist'}/`)

// The browser's code: bundled (one request per page), minified, with source maps.
const browser = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  legalComments: 'linked',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  logLevel: 'warning'
}
await build({ ...browser, entryPoints: [join(CLIENT, 'sdk', 'index.ts')], outfile: join(CLIENT_OUT, 'latchkey.js') })
for (const page of PAGES) {
  const dir = join(CLIENT, page)
  const main = ['main.ts', 'main.tsx'].map((name) => join(dir, name)).find((path) => existsSync(path))
  if (!main) throw new Error(`client/${page}/ has no main.ts or main.tsx`)
  const out = join(CLIENT_OUT, page)
  await build({ ...browser, entryPoints: [main], outfile: join(out, 'main.js') })
  copyStatic(dir, out)
  // The page's other addresses: its own index.html one folder down.
  for (const alias of ALIASES[page] ?? []) {
    mkdirSync(join(out, alias), { recursive: true })
    writeFileSync(join(out, alias, 'index.html'), readFileSync(join(dir, 'index.html'), 'utf8').replaceAll('"./', '"../'))
  }
}
await sdkDeclarations()
console.log(`built the SDK and ${PAGES.length} pages into ${relative(process.cwd(), CLIENT_OUT)}/`)

/** A page's static files. */
function copyStatic (dir, out) {
  mkdirSync(out, { recursive: true })
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && STATIC.test(entry.name)) copyFileSync(join(dir, entry.name), join(out, entry.name))
  }
}

/**
 * The SDK's types for the `./client` entry (dist/client/types/), when TypeScript is installed
 * (a production install, without devDependencies, needs the code only).
 */
async function sdkDeclarations () {
  const ts = await import('typescript').then((m) => m.default, () => null)
  if (!ts) return
  const sdk = join(CLIENT, 'sdk')
  const outDir = join(CLIENT_OUT, 'types')
  const program = ts.createProgram([join(sdk, 'index.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: sdk,
    outDir
  })
  const { diagnostics } = program.emit()
  if (diagnostics.length) throw new Error(ts.formatDiagnostics(diagnostics, ts.createCompilerHost({})))
  // Hand-written and generated declarations are not emitted: copied as they are.
  for (const name of readdirSync(sdk)) if (name.endsWith('.d.ts')) copyFileSync(join(sdk, name), join(outDir, name))
}
