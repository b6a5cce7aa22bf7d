import fp from 'fastify-plugin'
import type { AccountData, AccountType } from '../accounts/index.js'
import { statement, type Queryable } from '../core/db.js'
import { nameOf, roomPresence } from '../../db/schema.js'

const P = nameOf(roomPresence)
type ByUser = { userId: string }

const statements = {
  present: statement<{ room: string, since: Date }, ByUser>((p) => `select room, min(since) as since from ${P} where user_id = ${p.userId}
    group by room order by room`),
  remove: statement<{ n: number }, ByUser>((p) => `with d as (delete from ${P} where user_id = ${p.userId} returning 1) select count(*)::int as n from d`)
}

// The sockets themselves end with the sessions (4401, on every instance): their presence goes with them.
const nothing = async () => ({})
const remove = async (tx: Queryable, kind: AccountType, userId: string): Promise<Record<string, number>> =>
  kind.type === 'user' ? { presence: (await statements.remove.run(tx, { userId }))[0].n } : {}

/**
 * Presence of users' sockets in rooms (the PostgreSQL broker's rows; the NATS broker's live in
 * its key-value bucket, which expires with the socket). A claim and a deactivation close the
 * sockets (the accounts' revocation), which takes them out of their rooms; an erasure also
 * deletes rows an instance that died left behind; the export lists the rooms the user is in now.
 */
export const realtimeData: AccountData = {
  name: 'realtime',
  tables: [roomPresence],
  claim: nothing,
  deactivate: nothing,
  erase: remove,
  async export (db, kind, userId) {
    if (kind.type !== 'user') return {}
    const rows = await statements.present.run(db, { userId })
    return { presence: rows.map((row) => ({ room: row.room, since: row.since.toISOString() })) }
  }
}

/** What the rooms keep about accounts (accounts/data.ts), in both roles: the worker erases. */
export default fp(async (app) => {
  app.accountData.register(realtimeData)
}, { name: 'realtime-data', dependencies: ['account-data'] })
