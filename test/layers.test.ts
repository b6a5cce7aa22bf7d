/**
 * The layering of plugins/, read from the import specifiers of every source file (static
 * `import ... from`, `export ... from`, side-effect `import '...'` and dynamic `import(...)`):
 * accounts knows none of the domains that plug into it (factors, admin, passkeys, federation, orgs),
 * factors knows no admin, and core (the wiring) knows no domain at all. schemas/ and db/ are
 * anyone's.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import t from 'tap'
import { ROOT } from '../paths.js'

const PLUGINS = join(ROOT, 'plugins')

/** Every .ts file under `dir` (declaration files included), as absolute paths. */
function tsFiles (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return tsFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

// A statement that starts a line: `import x from '...'`, `import type { a,\n b } from '...'`, `export * from '...'`.
const FROM = /^[ \t]*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm
const BARE = /^[ \t]*import\s*['"]([^'"]+)['"]/gm
// `import('...')` or `import(`...`)` anywhere; a template with `${` cannot be resolved and is reported.
const DYNAMIC = /\bimport\s*\(\s*(?:'([^']+)'|"([^"]+)"|`([^`$]+)`|`([^`]*)`)\s*\)/g

/** The specifiers a source imports; `unresolvable`: relative dynamic imports built at run time. */
export function specifiers (source: string): { specs: string[], unresolvable: string[] } {
  const specs: string[] = []
  const unresolvable: string[] = []
  for (const m of source.matchAll(FROM)) specs.push(m[1])
  for (const m of source.matchAll(BARE)) specs.push(m[1])
  for (const m of source.matchAll(DYNAMIC)) {
    const spec = m[1] ?? m[2] ?? m[3]
    if (spec !== undefined) specs.push(spec)
    else if (m[4].startsWith('.')) unresolvable.push(m[4])
  }
  return { specs, unresolvable }
}

/** The file a relative specifier names (`./x.js` is `./x.ts`), relative to the root with forward slashes; null for a package. */
function resolveSpec (from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const target = resolve(dirname(from), spec)
  const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.d.ts'), `${target}.ts`, join(target, 'index.ts'), target]
  const file = candidates.find((c) => existsSync(c) && !c.endsWith(sep)) ?? target
  return relative(ROOT, file).split(sep).join('/')
}

/** Every edge of the import graph of plugins/: [importer, imported], both relative to the root. */
function edges (): { edges: Array<[string, string]>, unresolvable: string[] } {
  const out: Array<[string, string]> = []
  const unresolvable: string[] = []
  for (const file of tsFiles(PLUGINS)) {
    const from = relative(ROOT, file).split(sep).join('/')
    const found = specifiers(readFileSync(file, 'utf8'))
    for (const spec of found.specs) {
      const to = resolveSpec(file, spec)
      if (to) out.push([from, to])
    }
    unresolvable.push(...found.unresolvable.map((spec) => `${from}: import(\`${spec}\`)`))
  }
  return { edges: out, unresolvable }
}

/** The domain a path belongs to (`plugins/<domain>/...`), or null outside plugins/. */
const domainOf = (path: string): string | null => /^plugins\/([^/]+)\//.exec(path)?.[1] ?? null
const DOMAINS = readdirSync(PLUGINS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)

/** What each layer must not import: plugins/<key> imports none of plugins/<value>. */
const FORBIDDEN: Record<string, string[]> = {
  accounts: ['factors', 'admin', 'passkeys', 'federation', 'orgs'],
  factors: ['admin'],
  core: DOMAINS.filter((d) => d !== 'core')
}

t.test('the parser finds every form of import', async (t) => {
  const { specs, unresolvable } = specifiers([
    "import a from './a.js'",
    "import type { B } from '../b.js'",
    'import {\n  c,\n  d\n} from "./cd.js"',
    "export { e } from './e.js'",
    "export * from './f.js'",
    "import './g.js'",
    "const h = () => import('./h.js')",
    'const i = await import(`./i.js`)',
    'const j = await import(`./j/$' + '{name}.js`)',
    "const k = 'not an import from here'"
  ].join('\n'))
  t.same(specs.sort(), ['../b.js', './a.js', './cd.js', './e.js', './f.js', './g.js', './h.js', './i.js'])
  t.same(unresolvable, ['./j/$' + '{name}.js'])
})

t.test('plugins/ keeps its layers', async (t) => {
  const graph = edges()
  t.ok(graph.edges.length > 200, `${graph.edges.length} imports read`)
  t.ok(graph.edges.some(([from, to]) => from === 'plugins/accounts/login.ts' && to === 'plugins/accounts/registry.ts'), 'a known import is found')
  t.same(graph.unresolvable, [], 'every relative import can be resolved')
  t.same(graph.edges.filter(([, to]) => to.startsWith('plugins/') && !existsSync(join(ROOT, to))), [], 'every import names a file')
  for (const [layer, forbidden] of Object.entries(FORBIDDEN)) {
    const crossing = graph.edges
      .filter(([from, to]) => domainOf(from) === layer && forbidden.includes(domainOf(to) ?? ''))
      .map(([from, to]) => `${from} -> ${to}`)
    t.same(crossing, [], `plugins/${layer} imports none of ${forbidden.map((d) => `plugins/${d}`).join(', ')}`)
  }
})
