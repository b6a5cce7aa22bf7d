import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { repositoryOf } from '../../../plugins/accounts/repository.js'
import { linkUsable } from '../../../plugins/accounts/repository/tokens.js'
import { federationStatements } from '../../../plugins/federation/repository.js'
import { auditInsert } from '../../../plugins/audit/events.js'
import { cloneDatabase } from '../../helpers/app.js'
import postgres from 'postgres'

const { url, drop } = await cloneDatabase()
const sql = postgres(url, { max: 1, onnotice: () => {} })
t.teardown(async () => {
  await sql.end({ timeout: 5 })
  await drop()
})

/** Every statement text of a repository, by its path (`sessions.rotateActive`). */
function texts (value: unknown, path: string[] = []): Array<[string, string]> {
  if (typeof value === 'string') return [[path.join('.'), value]]
  if (value && typeof value === 'object' && 'text' in value) return [[path.join('.'), (value as { text: string }).text]]
  return Object.entries(value as object).flatMap(([key, inner]) => texts(inner, [...path, key]))
}

t.test('every statement of every account type is valid SQL against the migrated schema', async (t) => {
  const all = [...Object.values(ACCOUNT_TYPES).flatMap((kind) => texts(repositoryOf(kind)).map(([name, text]) => [`${kind.type} ${name}`, text])),
    ['linkUsable', linkUsable.text], ...texts(federationStatements).map(([name, text]) => [`federation ${name}`, text])]
  t.ok(all.length > 30, `${all.length} statements`)
  for (const [name, text] of all) {
    // Parsed, analysed and described by PostgreSQL without running: a wrong column or table fails here.
    const described = await sql.unsafe(text, [], { prepare: true }).describe().then(() => 'ok', (err: Error) => err.message)
    t.equal(described, 'ok', name)
  }
})

t.test('an account type\'s statements name only its own tables', async (t) => {
  for (const kind of Object.values(ACCOUNT_TYPES)) {
    const others = Object.values(ACCOUNT_TYPES).filter((k) => k !== kind)
      .flatMap((k) => [k.ownerTable, k.sessionTable, k.tokenTable, k.ownerColumn])
    for (const [name, text] of texts(repositoryOf(kind))) {
      t.notOk(others.some((table) => text.includes(`"${table}"`) || text.includes(`.${table} `)), `${kind.type} ${name}`)
    }
  }
})

t.test('auditInsert places every value in its column, quoting names and leaving parameters alone', async (t) => {
  const one = auditInsert({ id: '$1', event: 'logout', accountType: 'user', accountId: '$2', sessionId: 'r.family_id' }, 'r')
  t.equal(one, 'insert into "audit_events" (id' + ", event, account_type, account_id, actor_type, actor_id, session_id, ip_address, user_agent, data) " +
    "select $1, 'logout', 'user', $2, null, null, r.family_id, null, null, '{}'::jsonb from r")
  t.match(auditInsert({ id: '$1', event: '$2', accountType: '$3', accountId: '$4', data: '$5' }), /values \(\$1, \$2, \$3, \$4, null, null, null, null, null, \$5\)$/)

  const [row] = await sql.unsafe(`with e as (${auditInsert({ id: '$1', event: 'logout', accountType: 'admin', accountId: '$2',
    actorType: "'cli'", ip: '$3', userAgent: '$4', data: "json_build_object('n', 1)" })} returning *) select * from e`,
  ['01890000-0000-7000-8000-000000000001', '01890000-0000-7000-8000-000000000002', '192.0.2.1', 'UA/1'])
  t.match(row, { event: 'logout', account_type: 'admin', account_id: '01890000-0000-7000-8000-000000000002', actor_type: 'cli',
    actor_id: null, session_id: null, ip_address: '192.0.2.1', user_agent: 'UA/1', data: { n: 1 } })
})
