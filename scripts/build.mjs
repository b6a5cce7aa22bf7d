/**
 * `npm run build` (also run by `npm install` through `prepare`): transpiles the service's
 * TypeScript to dist/ with esbuild, file by file, without type checking (`npm run typecheck` does
 * that), so a production install (`npm ci --omit=dev`) builds without TypeScript or @types.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCES = ['app.ts', 'server.ts', 'cli.ts', 'paths.ts', 'random.ts', 'plugins', 'routes', 'schemas', 'db', 'workers']

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
