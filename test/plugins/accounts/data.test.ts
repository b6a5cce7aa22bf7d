/**
 * One registry of what every domain keeps about accounts (plugins/accounts/data.ts): every table
 * of the migrated database is listed here with the domain whose claim, deactivate, erase and
 * export handlers answer for it, or with why it keeps nothing about an account. A table that
 * refers to users or admins (a foreign key, a column naming an account or holding an address,
 * an IP address or a user agent) and that no registered handler answers for fails, in both roles
 * (the worker erases), so the next capability cannot forget it.
 */
import t from 'tap'
import { getTableName } from 'drizzle-orm'
import { ACCOUNT_DATA_EVENTS, createAccountData } from '../../../plugins/accounts/data.js'
import { build } from '../../helpers/app.js'

/** Every table of the schema `public`: the domain that answers for its rows about accounts, or null and why not. */
const TABLES: Record<string, string | { none: string }> = {
  users: 'accounts',
  admins: 'accounts',
  user_sessions: 'accounts',
  admin_sessions: 'accounts',
  user_tokens: 'accounts',
  admin_tokens: 'accounts',
  login_attempts: 'accounts',
  user_factors: 'factors',
  admin_factors: 'factors',
  user_recovery_codes: 'factors',
  admin_recovery_codes: 'factors',
  user_mfa_challenges: 'factors',
  admin_mfa_challenges: 'factors',
  user_mfa_attempts: 'factors',
  admin_mfa_attempts: 'factors',
  user_webauthn_challenges: 'factors',
  admin_webauthn_challenges: 'factors',
  user_identities: 'federation',
  oidc_payloads: 'oidc',
  organizations: 'orgs',
  memberships: 'orgs',
  invitations: 'orgs',
  api_keys: 'orgs',
  webhook_endpoints: 'webhooks',
  room_presence: 'realtime',
  posts: 'posts',
  audit_events: 'audit',
  oauth_states: { none: 'a provider sign-in under way: state, nonce and verifier, before any account is known' },
  roles: { none: 'an organization\'s roles: names and permissions' },
  webhook_deliveries: { none: 'an audit event to an endpoint: ids, status and the receiver\'s answer' },
  oauth_clients: { none: 'applications registered by admins, an organization\'s at most' },
  room_heads: { none: 'a room\'s epoch and last offset' },
  room_history: { none: 'what was published in rooms: events name no account (a post\'s title, not its author)' },
  room_instances: { none: 'the instances serving sockets' }
}
// Columns that name an account, or hold what identifies a person.
const PERSONAL = ['user_id', 'admin_id', 'account_id', 'actor_id', 'created_by', 'invited_by', 'email', 'ip_address', 'user_agent']
// Rows that name an account inside a JSON column: no column tells.
const IN_JSON = ['oidc_payloads']

t.test('the registry refuses a handler without its four events, or a table answered for twice', async (t) => {
  const data = createAccountData()
  const handler = (name: string, tables: unknown[]) => ({
    name, tables, claim: async () => ({}), deactivate: async () => ({}), erase: async () => ({}), export: async () => ({})
  }) as never
  data.register(handler('a', ['x']))
  t.throws(() => data.register(handler('b', ['x'])), /already answered for/)
  t.throws(() => data.register(handler('a', ['y'])), /registered twice/)
  t.throws(() => data.register({ ...(handler('c', ['z']) as object), erase: undefined } as never), /no erase handler/)
  t.same(data.handlers.map((h) => h.name), ['a'])
})

for (const role of ['serve', 'worker'] as const) {
  t.test(`every table that refers to accounts has its domain's four handlers (${role})`, async (t) => {
    const app = await build(t, { role, routeDirs: [] })
    const tables = await app.sql<{ table_name: string }[]>`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\\_\\_%' order by table_name`
    const names = tables.map((r) => r.table_name)
    t.same(names.filter((n) => !(n in TABLES)), [], 'every table of the database is listed here')
    t.same(Object.keys(TABLES).filter((n) => !names.includes(n)), [], 'every table listed here is in the database')

    const referring = new Set(IN_JSON)
    const fks = await app.sql<{ table_name: string }[]>`select distinct tc.table_name from information_schema.table_constraints tc
      join information_schema.constraint_column_usage cu on cu.constraint_name = tc.constraint_name and cu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and cu.table_name in ('users', 'admins')`
    for (const row of fks) referring.add(row.table_name)
    const columns = await app.sql<{ table_name: string }[]>`select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = any(${PERSONAL})`
    for (const row of columns) referring.add(row.table_name)
    t.ok(referring.has('memberships') && referring.has('audit_events') && referring.has('room_presence') && referring.has('login_attempts'),
      'the tables that refer to accounts are found')
    t.same([...referring].filter((n) => typeof TABLES[n] !== 'string').sort(), [], 'no table that refers to accounts is listed as keeping nothing')

    const handlers = app.accountData.handlers
    const answered = new Map(handlers.flatMap((h) => h.tables.map((table) => [getTableName(table), h.name] as const)))
    for (const [table, owner] of Object.entries(TABLES)) {
      t.equal(answered.get(table) ?? null, typeof owner === 'string' ? owner : null,
        typeof owner === 'string' ? `${table}: ${owner} answers for it` : `${table}: nobody's (${owner.none})`)
    }
    for (const handler of handlers) {
      t.same(ACCOUNT_DATA_EVENTS.filter((event) => typeof handler[event] !== 'function'), [], `${handler.name}: claim, deactivate, erase and export`)
    }
    t.equal(handlers[0].name, 'accounts', 'the accounts\' own rows are registered first (and erased last)')
  })
}
