/**
 * The layering of the sources, read from the import specifiers of every source file (static
 * `import ... from`, `export ... from`, side-effect `import '...'` and dynamic `import(...)`):
 * plugins/core (the wiring) knows no domain; each domain of plugins/ knows only domains below it
 * in ORDER, and only through their door (`plugins/<domain>/index.ts`); routes/, workers/ and the
 * entry points sit above every domain and use doors too. schemas/ and db/ are anyone's and know no domain.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import t from 'tap'
import { ROOT } from '../paths.js'

/**
 * Every domain of plugins/, lowest first: a domain may use the ones before it. audit and mail are
 * written to by everyone; accounts is what the sign-in methods (factors, passkeys, federation) plug
 * into; organizations are below what acts in their name (the provider, webhooks, rooms); privacy
 * takes a person out of all of them.
 */
const ORDER = ['audit', 'mail', 'accounts', 'factors', 'passkeys', 'federation', 'admin', 'orgs', 'oidc', 'webhooks', 'realtime', 'posts', 'privacy']
// What sits above the domains and may use every door; and below them (no domain at all).
const ABOVE = ['routes', 'workers', 'app.ts', 'commands.ts', 'server.ts', 'cli.ts', 'scripts']
const BELOW = ['schemas', 'db', 'plugins/core']
const SOURCES = ['plugins', ...ABOVE, 'schemas', 'db']

/** Every .ts file under `path` (a folder or a file; declaration files included), relative to the root with forward slashes. */
function tsFiles (path: string): string[] {
  const full = join(ROOT, path)
  if (path.endsWith('.ts')) return [path]
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = relative(ROOT, join(full, entry.name)).split(sep).join('/')
    if (rel === 'db/migrations') return []
    if (entry.isDirectory()) return tsFiles(rel)
    return entry.name.endsWith('.ts') ? [rel] : []
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
  const target = resolve(dirname(join(ROOT, from)), spec)
  const candidates = [target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.d.ts'), `${target}.ts`, join(target, 'index.ts'), target]
  const file = candidates.find((c) => existsSync(c) && !c.endsWith(sep)) ?? target
  return relative(ROOT, file).split(sep).join('/')
}

/** Every edge of the import graph of the sources: [importer, imported], both relative to the root. */
function edges (): { edges: Array<[string, string]>, unresolvable: string[] } {
  const out: Array<[string, string]> = []
  const unresolvable: string[] = []
  for (const from of SOURCES.flatMap(tsFiles)) {
    const found = specifiers(readFileSync(join(ROOT, from), 'utf8'))
    for (const spec of found.specs) {
      const to = resolveSpec(from, spec)
      if (to) out.push([from, to])
    }
    unresolvable.push(...found.unresolvable.map((spec) => `${from}: import(\`${spec}\`)`))
  }
  return { edges: out, unresolvable }
}

/** The domain a path belongs to (`plugins/<domain>/...`, core included), or null outside plugins/. */
const domainOf = (path: string): string | null => /^plugins\/([^/]+)\//.exec(path)?.[1] ?? null
const isDoor = (path: string) => /^plugins\/[^/]+\/index\.ts$/.test(path)
const under = (path: string, tops: string[]) => tops.some((top) => path === top || path.startsWith(`${top}/`))

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

const graph = edges()
const list = (pairs: Array<[string, string]>) => pairs.map(([from, to]) => `${from} -> ${to}`)

t.test('the graph is read whole', async (t) => {
  t.ok(graph.edges.length > 500, `${graph.edges.length} imports read`)
  t.ok(graph.edges.some(([from, to]) => from === 'plugins/accounts/login.ts' && to === 'plugins/accounts/registry.ts'), 'a known import is found')
  t.ok(graph.edges.some(([from, to]) => from === 'routes/v1/orgs/create.ts' && to === 'plugins/orgs/index.ts'), 'a route\'s import of a door is found')
  t.same(graph.unresolvable, [], 'every relative import can be resolved')
  t.same(list(graph.edges.filter(([, to]) => !existsSync(join(ROOT, to)))), [], 'every import names a file')
})

t.test('ORDER names every domain of plugins/, once', async (t) => {
  const domains = readdirSync(join(ROOT, 'plugins'), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'core').map((e) => e.name)
  t.same([...ORDER].sort(), domains.sort(), 'every domain has its place, none left out')
  t.same(domains.filter((d) => !existsSync(join(ROOT, 'plugins', d, 'index.ts'))), [], 'every domain has its door, index.ts')
})

t.test('another domain is reached through its door only', async (t) => {
  const inner = graph.edges.filter(([from, to]) => {
    const target = domainOf(to)
    return target !== null && target !== 'core' && target !== domainOf(from) && !isDoor(to)
  })
  t.same(list(inner), [], 'no import of another domain\'s inner file (routes, workers and entry points included)')
  const ownDoor = graph.edges.filter(([from, to]) => isDoor(to) && domainOf(from) === domainOf(to) && !isDoor(from))
  t.same(list(ownDoor), [], 'a domain\'s files import each other, not their own door (no cycle through it)')
})

/** The names each door is imported for, by the sources (`import { a, type B as C } from '.../index.js'`, `const { a } = await import(...)`). */
function doorNames (): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>()
  const clause = /(?:import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*|const\s+\{([^}]*)\}\s*=\s*await\s+import\(\s*)['"]([^'"]+)['"]/g
  for (const from of SOURCES.flatMap(tsFiles)) {
    for (const m of readFileSync(join(ROOT, from), 'utf8').matchAll(clause)) {
      const door = resolveSpec(from, m[3])
      if (!door || !isDoor(door)) continue
      const set = names.get(door) ?? names.set(door, new Set()).get(door)!
      for (const part of (m[1] ?? m[2]).split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+|\s*:\s*/)[0]
        if (name) set.add(name)
      }
    }
  }
  return names
}

t.test('a door offers only what something imports', async (t) => {
  const used = doorNames()
  t.ok(used.get('plugins/orgs/index.ts')?.has('membersHoldingSql'), 'a known import of a door is read')
  const unused = ORDER.flatMap((domain) => {
    const door = `plugins/${domain}/index.ts`
    const exported = [...readFileSync(join(ROOT, door), 'utf8').matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)]
      .flatMap((m) => m[1].split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!).filter(Boolean))
    return exported.filter((name) => !used.get(door)?.has(name)).map((name) => `${door}: ${name}`)
  })
  t.same(unused, [], 'no export of a door that nothing imports')
})

t.test('each domain uses only the domains below it; core and schemas none', async (t) => {
  const upward = graph.edges.filter(([from, to]) => {
    const [a, b] = [domainOf(from), domainOf(to)]
    if (!a || !b || a === 'core' || b === 'core' || a === b) return false
    return ORDER.indexOf(b) > ORDER.indexOf(a)
  })
  t.same(list(upward), [], `a domain imports no domain above it (${ORDER.join(' < ')})`)
  const below = graph.edges.filter(([from, to]) => under(from, BELOW) && (domainOf(to) ?? 'core') !== 'core' && to.startsWith('plugins/'))
  t.same(list(below), [], 'plugins/core, schemas/ and db/ import no domain')
  const down = graph.edges.filter(([from, to]) => !under(from, ABOVE) && under(to, ABOVE.filter((top) => top !== 'scripts')))
  t.same(list(down), [], 'nothing below imports routes/, workers/ or the entry points')
})
