/**
 * How the service writes SQL, checked on every `npm test`: parameters are named, and only
 * plugins/core/db.ts (`statement`, `parameterized`) turns names into `$n`; tables are named from
 * db/schema.ts (`nameOf`, the registry's drizzle tables), never written out in SQL.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { getTableName, is, Table } from 'drizzle-orm'
import t from 'tap'
import { ROOT } from '../paths.js'
import * as schema from '../db/schema.js'
import { parameterized } from '../plugins/core/db.js'

// The service's sources: what runs SQL (bench/, scripts/ and test/ are tools around it).
const SOURCES = ['plugins', 'routes', 'workers', 'db', 'cli.ts', 'commands.ts', 'app.ts']
const SKIPPED = new Set([join('db', 'migrations')])
// `$` and a digit that are not SQL: a bcrypt hash's prefix and regular expressions' replacement patterns.
const NOT_SQL = ['$2a$', '$2b$', '$2y$', '\\$2[aby]\\$', "'$2'", "'$1-$2-$3-$4-$5'", '`$1:', "'<$1>'"]

/** The .ts files under `path` (a folder or a file), relative to the root, with forward slashes. */
function tsFiles (path: string): string[] {
  const full = join(ROOT, path)
  if (path.endsWith('.ts')) return [path]
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = relative(ROOT, join(full, entry.name))
    if (SKIPPED.has(rel)) return []
    if (entry.isDirectory()) return tsFiles(rel)
    return entry.name.endsWith('.ts') ? [rel.split(sep).join('/')] : []
  })
}

/** Every line of the sources that matches `pattern`, as `file:line: text`. */
function offending (files: string[], pattern: RegExp, clean = (line: string) => line): string[] {
  return files.flatMap((file) => readFileSync(join(ROOT, file), 'utf8').split('\n')
    .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
    .filter(({ line }) => pattern.test(clean(line)))
    .map(({ line, at }) => `${at}: ${line.trim()}`))
}

const files = SOURCES.flatMap(tsFiles)

t.test('parameterized hands out one $n per name, in the order of first use', async (t) => {
  const fragment = (p: { b: string, c: string }) => `${p.c} or ${p.b}`
  const built = parameterized<{ a: number, b: string, c: string | null }>((p) => `select ${p.a}::int, ${fragment(p)}, ${p.a}`)
  t.equal(built.text, 'select $1::int, $2 or $3, $1', 'the same name, the same $n, whoever writes it')
  t.same(built.names, ['a', 'c', 'b'])
  t.same(built.values({ b: 'x', a: 7, c: null }), [7, null, 'x'], 'the values in $n order')
})

t.test('only plugins/core/db.ts writes $n placeholders: every other statement names its parameters', async (t) => {
  t.ok(files.includes('plugins/core/db.ts') && files.includes('cli.ts') && files.includes('db/schema.ts'), 'the walk finds the sources')
  t.notOk(files.some((file) => file.startsWith('db/migrations/')), 'migrations are not read')
  const withoutNotSql = (line: string) => NOT_SQL.reduce((rest, allowed) => rest.split(allowed).join(''), line)
  t.same(offending(files.filter((file) => file !== 'plugins/core/db.ts'), /\$\d/, withoutNotSql), [], 'no $<digit> outside plugins/core/db.ts')
})

t.test('no table of db/schema.ts is named in SQL outside it', async (t) => {
  const names = Object.values(schema).filter((value) => is(value, Table)).map((table) => getTableName(table as Table))
  t.ok(names.includes('users') && names.includes('login_attempts') && names.includes('admin_mfa_attempts'), 'the schema\'s tables are found')
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
  const inSql = new RegExp(`\\b(from|join|into|update|table|exists)\\s+"?(${escaped})"?(?![\\w$])`, 'i')
  t.same(offending(files.filter((file) => file !== 'db/schema.ts'), inSql), [], 'tables are named through nameOf (db/schema.ts)')
})
