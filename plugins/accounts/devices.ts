import type { FastifyInstance } from 'fastify'
import type { Static } from '@sinclair/typebox'
import type { AccountType } from './registry.js'
import type { Queryable } from '../core/db.js'
import { hashToken, OPAQUE_TOKEN } from './tokens.js'
import { repositoryOf } from './repository.js'
import { uuidv7 } from '../../random.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import type { SessionSchema } from '../../schemas/accounts.js'
import { deviceDescriber } from './user-agent.js'

/** One device: a session family with an active session (docs/behaviour.md#devices-session-families). */
export type Device = Static<typeof SessionSchema>

/**
 * Runs a revocation until nothing it should have revoked is left. A revoking statement that
 * waited for a rotation's row lock skips the rotated row and cannot see the successor that
 * rotation inserted (its snapshot is older); a new statement can, and any rotation in flight
 * on that successor is waited for in turn. Settles in one pass unless a refresh raced with it.
 */
async function settle (revoke: () => Promise<void>, remaining: () => Promise<number>, revokeAgain = revoke) {
  await revoke()
  for (let pass = 0; pass < 10 && await remaining() > 0; pass++) await revokeAgain()
}

/**
 * When a family started: the time in its id when that is a UUIDv7 (ours are, named after the
 * login's session, so it survives the pruning of that row), else its oldest remaining row.
 */
export function familyStart (familyId: string, oldestRow: Date): Date {
  if (familyId[14] !== '7') return oldestRow
  return new Date(parseInt(familyId.slice(0, 8) + familyId.slice(9, 13), 16))
}

/** Revocations in the caller's transaction, for the other services (admin actions, password changes). */
export const revocations = {
  /** Every session of the owner and, once, its tokenVersion (logout-all, theft, admin actions). */
  async revokeAll (db: Queryable, kind: AccountType, ownerId: string): Promise<void> {
    const q = repositoryOf(kind).sessions
    await settle(async () => { await q.revokeAll.run(db, { ownerId }) },
      async () => (await q.remainingSessions.run(db, { ownerId }))[0].n,
      async () => { await q.revokeSessions.run(db, { ownerId }) })
  },

  /** Every active family of the owner but `familyId` (null: every family): how many. */
  async revokeOtherFamilies (db: Queryable, kind: AccountType, ownerId: string, familyId: string | null): Promise<number> {
    const q = repositoryOf(kind).sessions
    const params = { ownerId, familyId }
    const families = new Set<string>()
    await settle(async () => {
      const [row] = await q.revokeOtherFamilies.run(db, params)
      for (const family of row.families) families.add(family)
    }, async () => (await q.remainingOutsideFamily.run(db, params))[0].n)
    return families.size
  }
}

/** The caller's devices and the ways to end them. */
export function createDevices (app: FastifyInstance) {
  const { sql } = app
  const { revokeAll, revokeOtherFamilies } = revocations

  return {
    /**
     * Revokes the presented session when it belongs to the caller (anything else changes
     * nothing); the family's sockets are closed on every instance.
     */
    async logout (kind: AccountType, ownerId: string, token: unknown, context: AuditContext): Promise<void> {
      if (typeof token !== 'string' || !OPAQUE_TOKEN.test(token)) return
      await repositoryOf(kind).sessions.revokeOwnSession.run(sql, { hash: hashToken(token), ownerId, eventId: uuidv7(),
        ip: context.ip, userAgent: context.userAgent })
    },

    /**
     * The caller's devices, newest activity first; `current` marks the caller's own family. Each
     * is described from its User-Agent here, when listed, rather than at every sign-in and refresh.
     */
    async listSessions (kind: AccountType, ownerId: string, currentFamily: string | null): Promise<Device[]> {
      const [rows, describe] = await Promise.all([repositoryOf(kind).sessions.listDevices.run(sql, { ownerId }), deviceDescriber()])
      return rows.map((row): Device & { activity: number } => {
        const createdAt = familyStart(row.family_id, row.created_at)
        return {
          id: row.family_id,
          client: row.client,
          platform: row.platform,
          aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
          userAgent: row.user_agent,
          ...describe(row.user_agent),
          ipAddress: row.ip_address,
          createdAt: createdAt.toISOString(),
          lastUsedAt: row.last_used_at?.toISOString() ?? null,
          expiresAt: row.expires_at.toISOString(),
          current: row.family_id === currentFamily,
          activity: (row.last_used_at ?? createdAt).getTime()
        }
      }).sort((a, b) => b.activity - a.activity || (a.id < b.id ? 1 : -1))
        .map(({ activity, ...device }) => device)
    },

    /** Revokes one of the owner's families; false when it is not theirs or has no active session. */
    async revokeSession (kind: AccountType, ownerId: string, familyId: string, context: AuditContext): Promise<boolean> {
      const q = repositoryOf(kind).sessions
      const params = { ownerId, familyId }
      return sql.begin(async (tx) => {
        let found = false
        await settle(async () => {
          found = (await q.revokeFamily.run(tx, params)).length > 0 || found
        }, async () => (await q.remainingInFamily.run(tx, params))[0].n)
        if (found) {
          await recordEvent(tx, { event: 'session.revoked', accountType: kind.type, accountId: ownerId }, { ...context, sessionId: familyId })
        }
        return found
      })
    },

    /** Revokes every active family of the owner but the caller's (tokenVersion stays): how many. */
    async logoutOthers (kind: AccountType, ownerId: string, context: AuditContext): Promise<number> {
      return sql.begin(async (tx) => {
        const revoked = await revokeOtherFamilies(tx, kind, ownerId, context.sessionId)
        await recordEvent(tx, { event: 'sessions.revoked_others', accountType: kind.type, accountId: ownerId, data: { revoked } }, context)
        return revoked
      })
    },

    /** Revokes every session and bumps tokenVersion. */
    async logoutAll (kind: AccountType, ownerId: string, context: AuditContext): Promise<void> {
      await sql.begin(async (tx) => {
        await revokeAll(tx, kind, ownerId)
        await recordEvent(tx, { event: 'logoutall', accountType: kind.type, accountId: ownerId }, context)
      })
    }
  }
}
