import { statement, type Placeholder, type Queryable } from '../core/db.js'
import { uuidv7 } from '../../random.js'
import { AUDIT_EVENTS, type AuditEventName, type PublicAuditEvent } from '../../schemas/admin.js'
import type { FastifyRequest } from 'fastify'
import { admins, auditEvents, nameOf, users, type Row } from '../../db/schema.js'

export { AUDIT_EVENTS, type AuditEventName }
type AuditRow = Row<typeof auditEvents>

/** Who acted, from where: the account itself (its session family), an admin, or the CLI. */
export interface AuditContext {
  actorType: string | null
  actorId: string | null
  sessionId: string | null
  ip: string | null
  userAgent: string | null
}

/** The CLI acts without a request or an account. */
export const CLI_ACTOR: AuditContext = { actorType: 'cli', actorId: null, sessionId: null, ip: null, userAgent: null }

export interface AuditEvent {
  event: AuditEventName
  accountType: string
  accountId: string | null
  /** Never a secret: no password, token or link. */
  data?: Record<string, unknown>
}

/** A parameter of the statement (a placeholder), or a column or expression of the rows it inserts from. */
type Sql = string
/** 'user' or 'admin': the accounts' type names, as the authenticated caller carries them (audit imports nothing above it). */
type AccountTypeName = NonNullable<FastifyRequest['account']>['type']

/**
 * The values of an audit row, each an SQL expression; the event and account type are names,
 * or a parameter. Omitted values are null (`data`: an empty object).
 */
export interface AuditValues {
  id: Sql
  event: AuditEventName | Placeholder
  accountType: AccountTypeName | Placeholder
  accountId: Sql
  actorType?: Sql
  actorId?: Sql
  sessionId?: Sql
  ip?: Sql
  userAgent?: Sql
  data?: Sql
}

const COLUMNS: Record<keyof AuditValues, string> = {
  id: 'id',
  event: 'event',
  accountType: 'account_type',
  accountId: 'account_id',
  actorType: 'actor_type',
  actorId: 'actor_id',
  sessionId: 'session_id',
  ip: 'ip_address',
  userAgent: 'user_agent',
  data: 'data'
}
const AUDIT_EVENTS_TABLE = nameOf(auditEvents)
const name = (value: string) => value.startsWith('$') ? value : `'${value}'`

/**
 * The insert of one audit row, for a statement or a CTE of the change it records: one row, or one
 * per row of `from` (a CTE's name, optionally with joins) when given.
 */
export function auditInsert (values: AuditValues, from?: string): string {
  const row = { ...values, event: name(values.event), accountType: name(values.accountType), data: values.data ?? "'{}'::jsonb" }
  const keys = Object.keys(COLUMNS) as (keyof AuditValues)[]
  const list = keys.map((key) => row[key] ?? 'null').join(', ')
  return `insert into ${AUDIT_EVENTS_TABLE} (${keys.map((key) => COLUMNS[key]).join(', ')}) ${from ? `select ${list} from ${from}` : `values (${list})`}`
}

type InsertParams = { id: string, data: Record<string, unknown> } & Omit<AuditEvent, 'data'> & AuditContext
const INSERT = statement<never, InsertParams>((p) => auditInsert({
  id: p.id, event: p.event, accountType: p.accountType, accountId: p.accountId, actorType: p.actorType, actorId: p.actorId,
  sessionId: p.sessionId, ip: p.ip, userAgent: p.userAgent, data: p.data
}))

/** Records one event; pass the transaction of the change it records. */
export async function recordEvent (db: Queryable, event: AuditEvent, context: AuditContext): Promise<void> {
  await INSERT.run(db, { id: uuidv7(), event: event.event, accountType: event.accountType, accountId: event.accountId,
    actorType: context.actorType, actorId: context.actorId, sessionId: context.sessionId, ip: context.ip, userAgent: context.userAgent,
    data: event.data ?? {} })
}

/** A row of the audit log as listed: with the emails of its account and actor (null when none). */
export type ListedRow = AuditRow & { account_email: string | null, actor_email: string | null }

export function presentAuditEvent (row: ListedRow): PublicAuditEvent {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    event: row.event,
    accountType: row.account_type,
    accountId: row.account_id,
    actorType: row.actor_type,
    actorId: row.actor_id,
    accountEmail: row.account_email,
    actorEmail: row.actor_email,
    sessionId: row.session_id,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    data: row.data as Record<string, unknown>
  }
}

export interface AuditFilters {
  accountType?: string
  accountId?: string
  event?: string
  from?: string
  to?: string
  limit: number
  /** The last id of the previous page. */
  after: string | null
}

// Newest first by id (UUIDv7); `from` inclusive, `to` exclusive. The emails are looked up for
// the page's rows only, after the limit.
type ListParams = Record<'accountType' | 'accountId' | 'event' | 'from' | 'to' | 'after', string | null> & { limit: number }
/** The email of an account (user or admin) by its type and id, as SQL expressions: null for neither. */
export const emailOf = (type: string, id: string) => `case ${type} when 'user' then (select email from ${nameOf(users)} where id = ${id})
      when 'admin' then (select email from ${nameOf(admins)} where id = ${id}) end`
const LIST = statement<ListedRow, ListParams>((p) => `with page as (select * from ${AUDIT_EVENTS_TABLE}
    where (${p.accountType}::text is null or account_type = ${p.accountType}) and (${p.accountId}::uuid is null or account_id = ${p.accountId})
      and (${p.event}::text is null or event = ${p.event})
      and (${p.from}::timestamptz is null or created_at >= ${p.from}) and (${p.to}::timestamptz is null or created_at < ${p.to})
      and (${p.after}::uuid is null or id < ${p.after})
    order by id desc limit ${p.limit})
  select page.*,
    ${emailOf('page.account_type', 'page.account_id')} as account_email,
    ${emailOf('page.actor_type', 'page.actor_id')} as actor_email
  from page order by page.id desc`)

/** A page of events, newest first, and whether there are more (one row more is read). */
export async function listEvents (db: Queryable, filters: AuditFilters): Promise<{ events: PublicAuditEvent[], last: string | null }> {
  // Planned with the values (not prepared), so the filters that are absent fold away.
  const rows = await LIST.runUnprepared(db, { accountType: filters.accountType ?? null, accountId: filters.accountId ?? null,
    event: filters.event ?? null, from: filters.from ?? null, to: filters.to ?? null, after: filters.after, limit: filters.limit + 1 })
  const page = rows.slice(0, filters.limit)
  return { events: page.map(presentAuditEvent), last: rows.length > filters.limit ? page[page.length - 1].id : null }
}
