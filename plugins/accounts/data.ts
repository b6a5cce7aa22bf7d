import fp from 'fastify-plugin'
import type { Table } from 'drizzle-orm'
import { getTableName } from '../../db/drizzle.js'
import type { AccountType } from './registry.js'
import type { Queryable } from '../core/db.js'

declare module 'fastify' {
  interface FastifyInstance { accountData: ReturnType<typeof createAccountData> }
}

/** What a handler did, by kind of row (account.claimed records them): counts only, never data. */
export type Counts = Record<string, number>

/** The four things that happen to everything kept about an account (docs/behaviour.md#an-accounts-data). */
export const ACCOUNT_DATA_EVENTS = ['claim', 'deactivate', 'erase', 'export'] as const
export type AccountDataEvent = typeof ACCOUNT_DATA_EVENTS[number]

/**
 * What one domain keeps about accounts, and what it does with it when the account is claimed
 * (an unconfirmed account taken by whoever proved the address), deactivated (nothing of it acts
 * any more), erased (nothing about the person stays) or exported (everything about the person,
 * as JSON). Every handler runs in the caller's transaction; none of them answers a secret.
 * `tables`: the tables whose rows about accounts (a column naming one, or rows an account made)
 * this domain answers for; each such table is one domain's (test/plugins/accounts/data.test.ts).
 */
export interface AccountData {
  /** The domain; the key its counts are recorded under is its own choice. */
  name: string
  tables: readonly Table[]
  /** Besides the account row's own wipe (claim.ts): everything the one who registered the address set up. */
  claim: (tx: Queryable, kind: AccountType, ownerId: string) => Promise<Counts>
  /** Nothing of the account acts any more: sessions, grants and tokens, keys it created. The rows stay. */
  deactivate: (tx: Queryable, kind: AccountType, ownerId: string) => Promise<Counts>
  /**
   * Every row about the person deleted (rows of others that name it lose the name); `tombstoneId`
   * stands for the person where a record must stay (the audit log).
   */
  erase: (tx: Queryable, kind: AccountType, ownerId: string, tombstoneId: string) => Promise<Counts>
  /** This domain's part of the person's export: sections merged into one JSON document. */
  export: (db: Queryable, kind: AccountType, ownerId: string) => Promise<Record<string, unknown>>
}

/**
 * The registry of every domain's AccountData, created before the domains so that accounts
 * imports none of them: each registers its handlers while the app is built, in both roles (the
 * worker erases). Handlers run in the order registered, but erase runs in reverse order, so
 * that the accounts' own rows (registered first) go last.
 */
export function createAccountData () {
  const handlers: AccountData[] = []

  async function each (tx: Queryable, event: 'claim' | 'deactivate', kind: AccountType, ownerId: string): Promise<Counts> {
    const counts: Counts = {}
    for (const handler of handlers) Object.assign(counts, await handler[event](tx, kind, ownerId))
    return counts
  }

  return {
    register (handler: AccountData): void {
      for (const event of ACCOUNT_DATA_EVENTS) {
        if (typeof handler[event] !== 'function') throw new Error(`account data of ${handler.name}: no ${event} handler`)
      }
      const taken = handlers.flatMap((h) => h.tables.filter((t) => handler.tables.includes(t)).map((t) => `${getTableName(t)} (${h.name})`))
      if (handlers.some((h) => h.name === handler.name) || taken.length) {
        throw new Error(`account data of ${handler.name}: registered twice, or tables already answered for: ${taken.join(', ')}`)
      }
      handlers.push(handler)
    },

    /** Every handler, in the order registered. */
    get handlers (): readonly AccountData[] {
      return handlers
    },

    claim: (tx: Queryable, kind: AccountType, ownerId: string) => each(tx, 'claim', kind, ownerId),
    deactivate: (tx: Queryable, kind: AccountType, ownerId: string) => each(tx, 'deactivate', kind, ownerId),

    async erase (tx: Queryable, kind: AccountType, ownerId: string, tombstoneId: string): Promise<Counts> {
      const counts: Counts = {}
      for (const handler of [...handlers].reverse()) Object.assign(counts, await handler.erase(tx, kind, ownerId, tombstoneId))
      return counts
    },

    async export (db: Queryable, kind: AccountType, ownerId: string): Promise<Record<string, unknown>> {
      const document: Record<string, unknown> = {}
      for (const handler of handlers) Object.assign(document, await handler.export(db, kind, ownerId))
      return document
    }
  }
}

export default fp(async (app) => {
  app.decorate('accountData', createAccountData())
}, { name: 'account-data' })
