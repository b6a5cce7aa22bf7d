import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { statement, type Statement } from '../core/db.js'
import { auditEvents, nameOf, type Row } from '../../db/schema.js'

const A = nameOf(auditEvents)
type ByAccount = { accountType: string, accountId: string }
type AuditRow = Row<typeof auditEvents>
// The data of an erased person's events keeps numbers and flags only (counts, reasons' absence): no text.
const NO_TEXT = `(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(data) where jsonb_typeof(value) in ('number', 'boolean'))`

const statements = {
  /**
   * The events about the person, or done by it, keep their ids, times and names: the account id
   * becomes the tombstone, and address, user agent, session and text go. Events of others that
   * name its address (a failed sign-in with it, an invitation to it) lose the address. `owners`:
   * the account type's table, where its address is read (before the account row goes).
   */
  erase: (owners: string) => statement<{ events: number }, ByAccount & { tombstoneId: string }>((p) => `with
    a as (select email from ${owners} where id = ${p.accountId}),
    own as (update ${A} set
        account_id = case when account_type = ${p.accountType} and account_id = ${p.accountId} then ${p.tombstoneId}::uuid else account_id end,
        actor_id = case when actor_type = ${p.accountType} and actor_id = ${p.accountId} then ${p.tombstoneId}::uuid else actor_id end,
        session_id = null, ip_address = null, user_agent = null, data = ${NO_TEXT}
      where (account_type = ${p.accountType} and account_id = ${p.accountId}) or (actor_type = ${p.accountType} and actor_id = ${p.accountId})
      returning 1),
    named as (update ${A} set data = replace(data::text, to_json((select email from a))::text, 'null')::jsonb
      where strpos(data::text, to_json((select email from a))::text) > 0
        and not coalesce((account_type = ${p.accountType} and account_id = ${p.accountId}) or (actor_type = ${p.accountType} and actor_id = ${p.accountId}), false))
    select (select count(*)::int from own) as events`),
  /** The events about the account still kept (AUDIT_RETENTION prunes older ones), oldest first. */
  about: statement<Omit<AuditRow, 'account_type' | 'account_id'>, ByAccount>((p) => `select id, created_at, event, actor_type, actor_id, session_id,
      ip_address, user_agent, data from ${A} where account_type = ${p.accountType} and account_id = ${p.accountId} order by id`)
}
/**
 * The contract of the accounts' registry, as its decorator declares it: audit sits below accounts
 * (every domain writes the log) and plugs in through the app, importing nothing above it.
 */
type AccountData = Parameters<FastifyInstance['accountData']['register']>[0]
type Kind = Parameters<AccountData['erase']>[1]
const ERASE = new Map<Kind, Statement<{ events: number }, ByAccount & { tombstoneId: string }>>()
const eraseOf = (kind: Kind) => ERASE.get(kind) ?? ERASE.set(kind, statements.erase(nameOf(kind.tables.owners))).get(kind)!

/**
 * The audit log keeps what happened (a claim's and a deactivation's events stay as they are);
 * an erasure keeps each event about the person under a tombstone id with nothing that names
 * it; the export lists the events about the account.
 */
export const auditData: AccountData = {
  name: 'audit',
  tables: [auditEvents],
  claim: async () => ({}),
  deactivate: async () => ({}),
  async erase (tx, kind, accountId, tombstoneId) {
    const [row] = await eraseOf(kind).run(tx, { accountType: kind.type, accountId, tombstoneId })
    return { auditEvents: row.events }
  },
  async export (db, kind, accountId) {
    const rows = await statements.about.run(db, { accountType: kind.type, accountId })
    return {
      auditEvents: rows.map((row) => ({
        id: row.id, createdAt: row.created_at.toISOString(), event: row.event, actorType: row.actor_type, actorId: row.actor_id,
        sessionId: row.session_id, ipAddress: row.ip_address, userAgent: row.user_agent, data: row.data
      }))
    }
  }
}

/** What the audit log keeps about accounts (accounts/data.ts), in both roles: the worker erases. */
export default fp(async (app) => {
  app.accountData.register(auditData)
}, { name: 'audit-data', dependencies: ['account-data'] })
