/**
 * Who writes which table: every table of db/schema.ts has one owner domain, and an `insert into`,
 * `update` or `delete from` of it is written in that domain's files only (others call its door,
 * or use a fragment of SQL its door offers, like audit's `auditInsert`). Read from the sources:
 * the table after each write keyword is resolved through the names the file gives tables
 * (`const O = nameOf(organizations)`, `const { o, tk } = tablesOf(kind)`), so a write this test
 * cannot resolve fails too.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { getTableName, is, Table } from 'drizzle-orm'
import t from 'tap'
import { ROOT } from '../paths.js'
import * as schema from '../db/schema.js'
import { ACCOUNT_TYPES } from '../plugins/accounts/index.js'

/** Each account type's tables (`kind.tables.<key>`) and every other table (its db/schema.ts export), with its owner. */
const OWNERS: Record<string, string> = {
  owners: 'accounts',
  sessions: 'accounts',
  tokens: 'accounts',
  mfaAttempts: 'accounts',
  loginAttempts: 'accounts',
  factors: 'factors',
  recoveryCodes: 'factors',
  mfaChallenges: 'factors',
  webauthnChallenges: 'factors',
  auditEvents: 'audit',
  oauthStates: 'federation',
  userIdentities: 'federation',
  oauthClients: 'oidc',
  oidcPayloads: 'oidc',
  organizations: 'orgs',
  roles: 'orgs',
  memberships: 'orgs',
  invitations: 'orgs',
  apiKeys: 'orgs',
  posts: 'posts',
  roomHeads: 'realtime',
  roomHistory: 'realtime',
  roomInstances: 'realtime',
  roomPresence: 'realtime',
  webhookEndpoints: 'webhooks',
  webhookDeliveries: 'webhooks'
}
// The keys of the helpers that name an account type's tables: tablesOf (accounts) and factorTablesOf (factors).
const HELPER_KEYS: Record<string, string> = { o: 'owners', s: 'sessions', tk: 'tokens', ma: 'mfaAttempts', f: 'factors', rc: 'recoveryCodes', mc: 'mfaChallenges' }
const SOURCES = ['plugins', 'routes', 'workers', 'commands.ts', 'app.ts']

function tsFiles (path: string): string[] {
  if (path.endsWith('.ts')) return [path]
  return readdirSync(join(ROOT, path), { withFileTypes: true }).flatMap((entry) => {
    const rel = relative(ROOT, join(ROOT, path, entry.name)).split(sep).join('/')
    return entry.isDirectory() ? tsFiles(rel) : entry.name.endsWith('.ts') ? [rel] : []
  })
}

const domainOf = (file: string) => /^plugins\/([^/]+)\//.exec(file)?.[1] ?? file

/** The table key an expression inside `${...}` names in `source`, or null. */
function tableOf (expr: string, source: string): string | null {
  const e = expr.trim()
  let m = /^nameOf\(\s*(?:\w+\.)?tables\.(\w+)\s*\)$/.exec(e) ?? /^(?:nameOf|getTableName|sql|tx)\(\s*(\w+)\s*\)$/.exec(e)
  if (m) return OWNERS[m[1]] ? m[1] : tableOf(m[1], source)
  if (!/^\w+$/.test(e)) return null
  if (OWNERS[e] && !HELPER_KEYS[e]) return e
  m = new RegExp(`\\bconst ${e} = ([^\\n]+)`).exec(source)
  if (m) return tableOf(m[1], source)
  // `const { o, tk } = tablesOf(kind)`, `const { f: USER_FACTORS } = factorTablesOf(...)`
  for (const d of source.matchAll(/\bconst \{([^}]+)\} = (?:tablesOf|factorTablesOf)\(/g)) {
    for (const part of d[1].split(',').map((p) => p.trim())) {
      const [key, local = key] = part.split(':').map((p) => p.trim())
      if (local === e && HELPER_KEYS[key]) return HELPER_KEYS[key]
    }
  }
  return null
}

const WRITE = /\b(insert\s+into|update|delete\s+from)\s+\$\{([^}]+)\}/gi

t.test('every table has one owner', async (t) => {
  const typed = new Set<unknown>(Object.values(ACCOUNT_TYPES).flatMap((kind) => Object.values(kind.tables)))
  const fixed = Object.entries(schema).filter(([, value]) => is(value, Table) && !typed.has(value)).map(([name]) => name)
  const perType = Object.keys(ACCOUNT_TYPES.user.tables)
  t.ok(fixed.includes('auditEvents') && fixed.includes('roomPresence') && perType.includes('webauthnChallenges'), 'the schema\'s tables are found')
  t.ok([...typed].some((table) => getTableName(table as Table) === 'admin_sessions'), 'both account types\' tables are known')
  t.same([...fixed, ...perType].filter((name) => !OWNERS[name]).sort(), [], 'no table without an owner')
  t.same(Object.keys(OWNERS).filter((name) => !fixed.includes(name) && !perType.includes(name)), [], 'and no owner of a table that is not there')
})

t.test('the resolver reads the forms the sources use', async (t) => {
  const source = 'const O = nameOf(organizations)\nconst { o, tk: TOKENS } = tablesOf(kind)\nconst { f } = factorTablesOf(kind)\nconst POSTS = getTableName(posts)'
  t.equal(tableOf('O', source), 'organizations')
  t.equal(tableOf('o', source), 'owners')
  t.equal(tableOf('TOKENS', source), 'tokens')
  t.equal(tableOf('f', source), 'factors')
  t.equal(tableOf('tx(POSTS)', source), 'posts')
  t.equal(tableOf('nameOf(kind.tables.webauthnChallenges)', source), 'webauthnChallenges')
  t.equal(tableOf('nameOf(auditEvents)', source), 'auditEvents')
  t.equal(tableOf('somethingElse', source), null)
})

t.test('a table is written by its owner only', async (t) => {
  const writes: Array<{ file: string, table: string | null, text: string }> = []
  for (const file of SOURCES.flatMap(tsFiles)) {
    const source = readFileSync(join(ROOT, file), 'utf8')
    for (const m of source.matchAll(WRITE)) writes.push({ file, table: tableOf(m[2], source), text: m[0] })
  }
  t.ok(writes.length > 80, `${writes.length} writes read`)
  t.same(writes.filter((w) => w.table === null).map((w) => `${w.file}: ${w.text}`), [], 'every write names a known table')
  const outside = writes.filter((w) => w.table && OWNERS[w.table] !== domainOf(w.file))
  t.same(outside.map((w) => `${w.file}: ${w.text} (${w.table} is ${OWNERS[w.table!]}'s)`), [], 'no write outside the owner')
})
