import fp from 'fastify-plugin'
import { ACCOUNT_TYPES, type AccountType } from './registry.js'
import type { AccountData } from './data.js'
import { loginAttempts } from '../../db/schema.js'
import { presentAdminView, repositoryOf } from './repository.js'
import { revocations } from './devices.js'
import { dataStatements } from './repository/data.js'

const STATEMENTS = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, dataStatements(kind)]))
const statementsOf = (kind: AccountType) => STATEMENTS.get(kind)!
const iso = (d: Date | null): string | null => d ? d.toISOString() : null

/**
 * The account's own rows (owner, sessions, one-time tokens) and the lockout windows of its
 * address. A claim's wipe of the owner row itself (password, confirmation, the registrant's profile) is claim.ts's.
 */
export const accountOwnData: AccountData = {
  name: 'accounts',
  tables: [...Object.values(ACCOUNT_TYPES).flatMap((kind) => [kind.tables.owners, kind.tables.sessions, kind.tables.tokens]), loginAttempts],

  async claim (tx, kind, ownerId) {
    const repo = repositoryOf(kind)
    const sessions = (await repo.sessions.listDevices.run(tx, { ownerId })).length
    await revocations.revokeAll(tx, kind, ownerId)
    const [tokens] = await repo.tokens.dropUnused.run(tx, { ownerId })
    return { sessions, pendingTokens: tokens.n }
  },

  // Every session, and tokenVersion once: access tokens and sockets end on every instance at commit.
  async deactivate (tx, kind, ownerId) {
    await revocations.revokeAll(tx, kind, ownerId)
    return {}
  },

  async erase (tx, kind, ownerId) {
    const [erased] = await statementsOf(kind).erase.run(tx, { ownerId })
    return { sessions: erased.sessions, mailedLinks: erased.tokens }
  },

  async export (db, kind, ownerId) {
    const q = statementsOf(kind)
    const [[owner], sessions, tokens] = await Promise.all([q.owner.run(db, { ownerId }), q.sessions.run(db, { ownerId }), q.tokens.run(db, { ownerId })])
    return {
      account: owner ? presentAdminView(owner) : null,
      sessions: sessions.map((row) => ({
        familyId: row.family_id,
        client: row.client,
        platform: row.platform,
        aal: row.aal,
        amr: row.amr,
        userAgent: row.user_agent,
        ipAddress: row.ip_address,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: iso(row.last_used_at),
        expiresAt: row.expires_at.toISOString(),
        revokedAt: iso(row.revoked_at)
      })),
      mailedLinks: tokens.map((row) => ({
        purpose: row.purpose, email: row.email, createdAt: row.created_at.toISOString(), expiresAt: row.expires_at.toISOString(), usedAt: iso(row.used_at)
      }))
    }
  }
}

export default fp(async (app) => {
  app.accountData.register(accountOwnData)
}, { name: 'account-own-data', dependencies: ['account-data'] })
