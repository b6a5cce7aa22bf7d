/**
 * The shape of the code base, checked on every `npm test`: no import cycle (madge, with the
 * settings of `npm run lint` from package.json "madge") and no file past its size limit.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import t from 'tap'
import { ROOT } from '../paths.js'

const require = createRequire(import.meta.url)
// madge ships no types; this is the part of its API used here.
const madge = require('madge') as (path: string, config: object) => Promise<{ circular: () => string[][] }>
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { madge: Record<string, unknown> }

const SOURCE_LIMIT = 300
const TEST_LIMIT = 500
// Generated files (the SDK's types come from openapi.json) are not read by people.
const SKIPPED = new Set(['node_modules', 'dist', join('db', 'migrations'), join('client', 'sdk', 'openapi.d.ts')])

/** Every .ts and .tsx file under the root, as a path relative to it with forward slashes. */
function tsFiles (dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    const rel = relative(ROOT, path)
    if (entry.name.startsWith('.') || SKIPPED.has(rel)) return []
    if (entry.isDirectory()) return tsFiles(path)
    return /\.tsx?$/.test(entry.name) ? [rel.split(sep).join('/')] : []
  })
}

function lines (file: string): number {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

t.test('no module imports itself through others', async (t) => {
  const graph = await madge(ROOT, { ...pkg.madge, baseDir: ROOT, tsConfig: join(ROOT, String(pkg.madge.tsConfig)) })
  const cycles = graph.circular().map((cycle) => cycle.join(' > '))
  t.same(cycles, [], 'no import cycle')
})

t.test('files stay small enough to read', async (t) => {
  const files = tsFiles()
  t.ok(files.includes('app.ts') && files.includes('client/demo/main.tsx') && files.includes('test/structure.test.ts'), 'the walk finds sources, pages and tests')
  const over = (limit: number, isTest: boolean) => files
    .filter((file) => file.startsWith('test/') === isTest)
    .map((file) => ({ file, lines: lines(file) }))
    .filter((f) => f.lines > limit)
    .map((f) => `${f.file} (${f.lines} lines)`)
  t.same(over(SOURCE_LIMIT, false), [], `no source file over ${SOURCE_LIMIT} lines`)
  t.same(over(TEST_LIMIT, true), [], `no test file over ${TEST_LIMIT} lines`)
})
