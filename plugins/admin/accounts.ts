import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { type AccountType, normalizeEmail, presentAccount, presentAdminView, repositoryOf, type StateChange, revocations, hashPassword, insertAccount } from '../accounts/index.js'
import { encodeCursor } from '../core/cursor.js'
import { recordEvent, type AuditContext, type AuditEventName } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import type { PublicAccount } from '../../schemas/accounts.js'
import type { AdminAccountView } from '../../schemas/admin.js'

declare module 'fastify' {
  interface FastifyInstance { accountAdmin: ReturnType<typeof createAccountAdmin> }
}

/**
 * What an admin (or the CLI) can do to an account: the state change (none: only the sessions), the
 * revocation, the event. `revoke`: `account` runs every domain's deactivate handler (sessions, provider grants and their
 * tokens, API keys it created: accounts/data.ts), `sessions` only revokes the sessions.
 */
export const ACCOUNT_ACTIONS = {
  deactivate: { change: 'deactivate', revoke: 'account', event: 'admin.user_deactivated' },
  activate: { change: 'activate', revoke: null, event: 'admin.user_activated' },
  delete: { change: 'delete', revoke: 'account', event: 'admin.user_deleted' },
  restore: { change: 'restore', revoke: null, event: 'admin.user_restored' },
  signout: { change: null, revoke: 'sessions', event: 'admin.user_signed_out' },
  confirmemail: { change: 'confirmEmail', revoke: null, event: 'admin.user_email_confirmed' }
} as const satisfies Record<string, { change: StateChange | null, revoke: 'account' | 'sessions' | null, event: AuditEventName }>
export type AccountActionName = keyof typeof ACCOUNT_ACTIONS

export type AccountStatus = 'active' | 'inactive' | 'deleted' | 'all'

/** `after`: the last id of the previous page (null for the first). */
export interface ListQuery { q?: string, status: AccountStatus, limit: number, after: string | null }

export function createAccountAdmin (app: FastifyInstance) {
  const { sql } = app

  return {
    /**
     * Creates an active account without signing it in (the CLI's `user create`); a taken email is
     * the type's USER_ALREADY_EXISTS. Admins exist only this way, with their email confirmed.
     */
    async create (kind: AccountType, email: string, password: string, opts: { emailConfirmed?: boolean } = {}): Promise<PublicAccount> {
      const hash = await hashPassword(password)
      const params = { id: uuidv7(), email: normalizeEmail(email), password: hash, confirmed: opts.emailConfirmed ?? false }
      return presentAccount(await insertAccount(kind, sql, repositoryOf(kind).owners.create, params))
    },

    /** A page of accounts and the cursor of the next one (null on the last page). */
    async list (kind: AccountType, query: ListQuery): Promise<{ accounts: AdminAccountView[], nextCursor: string | null }> {
      // Substring search on the lower-cased emails, with LIKE's wildcards taken literally.
      const needle = query.q ? query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) : null
      // Planned with the values (not prepared): the optional filters fold away.
      const rows = await repositoryOf(kind).owners.list.runUnprepared(sql, { needle, status: query.status, after: query.after, limit: query.limit + 1 })
      const page = rows.slice(0, query.limit)
      return {
        accounts: page.map(presentAdminView),
        nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].id) : null
      }
    },

    /** Every account, newest first by creation time, a batch at a time: one sort however many there are. */
    async * every (kind: AccountType, batch = 100): AsyncGenerator<AdminAccountView[]> {
      for await (const rows of repositoryOf(kind).owners.all.runUnprepared(sql, {}).cursor(batch)) yield rows.map(presentAdminView)
    },

    async get (kind: AccountType, id: string): Promise<AdminAccountView | null> {
      const [row] = await repositoryOf(kind).owners.get.run(sql, { id })
      return row ? presentAdminView(row) : null
    },

    async idByEmail (kind: AccountType, email: string): Promise<string | null> {
      const [row] = await repositoryOf(kind).owners.idByEmail.run(sql, { email: normalizeEmail(email) })
      return row?.id ?? null
    },

    /**
     * One admin action in one transaction: the change, for signout the revocation of every session
     * with a tokenVersion bump (access tokens and sockets end on every instance at commit), for
     * deactivate and delete that and what every domain's deactivate handler does (provider grants,
     * API keys), and its audit event (with the handlers' counts). Null when there is no such account.
     */
    async apply (kind: AccountType, id: string, action: AccountActionName, context: AuditContext): Promise<AdminAccountView | null> {
      const { change, revoke, event } = ACCOUNT_ACTIONS[action]
      const owners = repositoryOf(kind).owners
      return sql.begin(async (tx) => {
        const [changed] = await (change ? owners.change[change] : owners.lock).run(tx, { id })
        if (!changed) return null
        let data: Record<string, number> | undefined
        if (revoke === 'account') data = await app.accountData.deactivate(tx, kind, id)
        else if (revoke === 'sessions') await revocations.revokeAll(tx, kind, id)
        await recordEvent(tx, { event, accountType: kind.type, accountId: id, ...(data && { data }) }, context)
        const [row] = await owners.get.run(tx, { id })
        return presentAdminView(row)
      })
    }
  }
}

export default fp(async (app) => {
  app.decorate('accountAdmin', createAccountAdmin(app))
}, { name: 'account-admin', dependencies: ['db', 'account-data'] })
