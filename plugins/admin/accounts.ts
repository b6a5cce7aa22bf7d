import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../accounts/registry.js'
import { OWNER_FIELDS, presentAccount } from '../accounts/queries.js'
import { prepared } from '../core/db.js'
import { AppError } from '../core/errors.js'
import { recordEvent, type AuditContext, type AuditEventName } from '../audit/events.js'
import type { AdminAccountView } from '../../schemas/admin.js'

declare module 'fastify' {
  interface FastifyInstance { accountAdmin: ReturnType<typeof createAccountAdmin> }
}

/** What an admin (or the CLI) can do to an account, and what it records. */
export const ACCOUNT_ACTIONS = {
  deactivate: { set: 'is_active = false', revoke: true, event: 'admin.user_deactivated' },
  activate: { set: 'is_active = true', revoke: false, event: 'admin.user_activated' },
  delete: { set: 'deleted_at = coalesce(deleted_at, now())', revoke: true, event: 'admin.user_deleted' },
  restore: { set: 'deleted_at = null', revoke: false, event: 'admin.user_restored' },
  signout: { set: null, revoke: true, event: 'admin.user_signed_out' },
  confirmemail: { set: 'is_email_confirmed = true', revoke: false, event: 'admin.user_email_confirmed' }
} as const satisfies Record<string, { set: string | null, revoke: boolean, event: AuditEventName }>
export type AccountActionName = keyof typeof ACCOUNT_ACTIONS

export type AccountStatus = 'active' | 'inactive' | 'deleted' | 'all'

/** `after`: the last id of the previous page (null for the first). */
export interface ListQuery { q?: string, status: AccountStatus, limit: number, after: string | null }

type Row = Record<string, any>

/** The account as admins see it: the public fields plus deletedAt and tokenVersion. */
export function presentAdminView (row: Row): AdminAccountView {
  return { ...presentAccount(row), deletedAt: row.deleted_at?.toISOString() ?? null, tokenVersion: row.token_version }
}

/** Cursors are opaque to clients: the last id of a page. */
export const encodeCursor = (id: string) => Buffer.from(id).toString('base64url')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
function decodeCursor (cursor: string | undefined): string | null | undefined {
  if (cursor === undefined) return null
  const id = Buffer.from(cursor, 'base64url').toString()
  return UUID.test(id) ? id : undefined
}

/** The id a cursor stands for; a cursor this service did not hand out is a 400 naming it. */
export function cursorArg (cursor: string | undefined): string | null {
  const after = decodeCursor(cursor)
  if (after === undefined) {
    throw new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { params: { names: 'cursor' }, fields: [{ name: 'cursor', message: 'is not a cursor of this list' }] })
  }
  return after
}

function statements (kind: AccountType) {
  const o = `"${kind.ownerTable}"`
  const fields = OWNER_FIELDS(o)
  const updates = Object.fromEntries(Object.entries(ACCOUNT_ACTIONS).map(([name, { set }]) => [name,
    set ? `update ${o} set ${set}, updated_at = now() where id = $1 returning id` : `select id from ${o} where id = $1 for update`]))
  return {
    // Newest first by id (UUIDv7); a page starts below the previous page's last id, so rows
    // inserted meanwhile (newer ids) never shift it.
    list: `select ${fields} from ${o}
      where ($1::text is null or email like '%' || $1 || '%' escape '\\')
        and ($2 = 'all' or ($2 = 'active' and is_active and deleted_at is null)
          or ($2 = 'inactive' and not is_active and deleted_at is null) or ($2 = 'deleted' and deleted_at is not null))
        and ($3::uuid is null or id < $3)
      order by id desc limit $4`,
    get: `select ${fields} from ${o} where id = $1`,
    byEmail: `select id from ${o} where email = $1`,
    updates
  }
}

export function createAccountAdmin (app: FastifyInstance) {
  const { sql, sessions } = app
  const queries = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, statements(kind)]))
  const q = (kind: AccountType) => queries.get(kind)!

  return {
    /** A page of accounts and the cursor of the next one (null on the last page). */
    async list (kind: AccountType, query: ListQuery): Promise<{ accounts: AdminAccountView[], nextCursor: string | null }> {
      // Substring search on the lower-cased emails, with LIKE's wildcards taken literally.
      const needle = query.q ? query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) : null
      // Planned with the values (not prepared): the optional filters fold away.
      const rows = await sql.unsafe(q(kind).list, [needle, query.status, query.after, query.limit + 1])
      const page = rows.slice(0, query.limit)
      return {
        accounts: page.map(presentAdminView),
        nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].id) : null
      }
    },

    async get (kind: AccountType, id: string): Promise<AdminAccountView | null> {
      const [row] = await prepared(sql, q(kind).get, [id])
      return row ? presentAdminView(row) : null
    },

    async idByEmail (kind: AccountType, email: string): Promise<string | null> {
      const [row] = await prepared(sql, q(kind).byEmail, [email.trim().toLowerCase()])
      return row?.id ?? null
    },

    /**
     * One admin action in one transaction: the change, for deactivate, delete and signout the
     * revocation of every session with a tokenVersion bump (access tokens and sockets end on
     * every instance at commit), and its audit event. Null when there is no such account.
     */
    async apply (kind: AccountType, id: string, action: AccountActionName, context: AuditContext): Promise<AdminAccountView | null> {
      const { revoke, event } = ACCOUNT_ACTIONS[action]
      return sql.begin(async (tx) => {
        const [changed] = await prepared(tx, q(kind).updates[action], [id])
        if (!changed) return null
        if (revoke) await sessions.revokeAll(tx, kind, id)
        await recordEvent(tx, { event, accountType: kind.type, accountId: id }, context)
        const [row] = await prepared(tx, q(kind).get, [id])
        return presentAdminView(row)
      })
    }
  }
}

export default fp(async (app) => {
  app.decorate('accountAdmin', createAccountAdmin(app))
}, { name: 'account-admin', dependencies: ['db', 'sessions'] })

