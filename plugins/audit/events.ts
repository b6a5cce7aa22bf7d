import { prepared, type Queryable } from '../core/db.js'
import { uuidv7 } from '../../random.js'
import type { PublicAuditEvent } from '../../schemas/admin.js'

/** The events of the audit log (decisions.md section 15). */
export const AUDIT_EVENTS = [
  'login.succeeded', 'login.failed', 'register', 'refresh.reuse_detected', 'refresh.reuse_allowed', 'logout', 'logoutall',
  'session.revoked', 'sessions.revoked_others', 'email.verification_sent', 'email.verified', 'password.reset_requested',
  'password.reset', 'password.changed', 'admin.user_deactivated', 'admin.user_activated', 'admin.user_deleted',
  'admin.user_restored', 'admin.user_signed_out', 'admin.user_email_confirmed'
] as const
export type AuditEventName = typeof AUDIT_EVENTS[number]

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

export const AUDIT_COLUMNS = 'id, event, account_type, account_id, actor_type, actor_id, session_id, ip_address, user_agent, data'

const INSERT = `insert into audit_events (${AUDIT_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

/** Records one event; pass the transaction of the change it records. */
export async function recordEvent (db: Queryable, event: AuditEvent, context: AuditContext): Promise<void> {
  await prepared(db, INSERT, [uuidv7(), event.event, event.accountType, event.accountId, context.actorType, context.actorId,
    context.sessionId, context.ip, context.userAgent, event.data ?? {}])
}

type Row = Record<string, any>

export function presentAuditEvent (row: Row): PublicAuditEvent {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    event: row.event,
    accountType: row.account_type,
    accountId: row.account_id,
    actorType: row.actor_type,
    actorId: row.actor_id,
    sessionId: row.session_id,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    data: row.data
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

// Newest first by id (UUIDv7); `from` inclusive, `to` exclusive.
const LIST = `select * from audit_events
  where ($1::text is null or account_type = $1) and ($2::uuid is null or account_id = $2) and ($3::text is null or event = $3)
    and ($4::timestamptz is null or created_at >= $4) and ($5::timestamptz is null or created_at < $5)
    and ($6::uuid is null or id < $6)
  order by id desc limit $7`

/** A page of events, newest first, and whether there are more (one row more is read). */
export async function listEvents (db: Queryable, filters: AuditFilters): Promise<{ events: PublicAuditEvent[], last: string | null }> {
  // Planned with the values (not prepared), so the filters that are absent fold away.
  const rows = await db.unsafe(LIST, [filters.accountType ?? null, filters.accountId ?? null, filters.event ?? null,
    filters.from ?? null, filters.to ?? null, filters.after, filters.limit + 1])
  const page = rows.slice(0, filters.limit)
  return { events: page.map(presentAuditEvent), last: rows.length > filters.limit ? page[page.length - 1].id : null }
}
