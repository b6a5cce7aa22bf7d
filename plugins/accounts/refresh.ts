import type { FastifyInstance } from 'fastify'
import type { Account, AccountType } from './registry.js'
import { OPAQUE_TOKEN, hashToken, newOpaqueToken } from './tokens.js'
import { repositoryOf } from './repository.js'
import { revocations } from './devices.js'
import { accountError } from './errors.js'
import type { createLogin, Issued, SessionMeta } from './login.js'
import { assuranceOf } from './assurance.js'
import { uuidv7 } from '../../random.js'
import { recordEvent } from '../audit/index.js'

/** A rotated token replayed outside the reuse interval: the family's owner was signed out everywhere. */
const THEFT = Symbol('theft')

/**
 * Refresh-token rotation with reuse detection (docs/behaviour.md#refresh-tokens) and the optional reuse interval
 * (REFRESH_TOKEN_REUSE_INTERVAL). The session row is locked for the whole rotation, so of N
 * concurrent refreshes of one token exactly one rotates it and the others see a rotated session:
 * the theft signal, unless it was rotated less than the interval ago, in which case they get the
 * successor that rotation issued (never a new one, which would fork the family and hide a theft).
 */
export function createRefresh (app: FastifyInstance, login: ReturnType<typeof createLogin>) {
  const { sql, tokens, config, accountMetrics: metrics } = app
  const reuseInterval = config.refreshTokenReuseInterval
  const eraser = successorEraser(app, (kind, hashes) => repositoryOf(kind).sessions.eraseSuccessors.run(sql, { hashes }))
  const invalid = (kind: AccountType) => accountError(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')

  /**
   * A presented token that no rotation took (not an active session of an active owner): which
   * case it is, under the row lock. A rotated token replayed within the reuse interval gets the
   * successor that rotation issued (a refresh; a switch answers null instead: the client refreshes),
   * after it is theft; 'retry': valid after all (its owner was reactivated in between). `caller`:
   * a switch's, whose token only it is looked at.
   */
  async function settle (kind: AccountType, hash: string, meta: Omit<SessionMeta, 'client' | 'platform'>,
    caller: Account | null = null): Promise<Issued | 'retry' | null> {
    const q = repositoryOf(kind).sessions
    const outcome = await sql.begin(async (tx): Promise<Issued | 'retry' | typeof THEFT | null> => {
      const [row] = await q.lockSession.run(tx, { hash, reuseInterval })
      if (!row || (caller && row.id !== caller.id)) return null
      const context = { actorType: kind.type, actorId: row.id, sessionId: row.family_id, ip: meta.ip, userAgent: meta.userAgent }
      if (row.revoked_at && row.replaced_by_session_id) {
        if (reuseInterval > 0 && row.in_reuse_window && row.successor_token) {
          if (caller) return null
          const successor = tokens.openSuccessor(row.successor_token, hash)
          // The family was revoked since (logout, another device's revocation): not a theft.
          if (successor && !(row.family_active && row.is_active && !row.deleted_at)) return null
          if (successor) {
            await recordEvent(tx, { event: 'refresh.reuse_allowed', accountType: kind.type, accountId: row.id }, context)
            return login.issue(kind, row, row.client as SessionMeta['client'], successor, row.family_id, assuranceOf(row), row.org)
          }
        }
        await revocations.revokeAll(tx, kind, row.id)
        await recordEvent(tx, { event: 'refresh.reuse_detected', accountType: kind.type, accountId: row.id }, context)
        return THEFT
      }
      if (row.revoked_at || row.expired || !row.is_active || row.deleted_at) {
        await q.revokeSession.run(tx, { sessionId: row.session_id })
        return null
      }
      // An active session of the caller's, but of another family than its access token's: not this session's switch.
      if (caller?.sessionId && row.family_id !== caller.sessionId) return null
      return 'retry'
    })
    if (outcome === THEFT) {
      metrics?.reuseDetected.inc({ type: kind.type })
      throw invalid(kind)
    }
    return outcome
  }

  return {
    async refresh (kind: AccountType, token: unknown, meta: Omit<SessionMeta, 'client' | 'platform'>): Promise<Issued> {
      if (typeof token !== 'string' || !OPAQUE_TOKEN.test(token)) throw invalid(kind)
      const q = repositoryOf(kind).sessions
      const hash = hashToken(token)
      const rotateActive = async () => {
        const next = newOpaqueToken()
        const sealed = reuseInterval > 0 ? tokens.sealSuccessor(next.token, hash) : null
        const [active] = await q.rotateActive.run(sql, { hash, sessionId: uuidv7(), nextHash: next.hash, expiresAt: tokens.refreshExpiresAt(),
          userAgent: meta.userAgent, ip: meta.ip, successor: sealed })
        if (!active) return null
        if (sealed) eraser.schedule(kind, hash)
        // The access token acts for the session's organization while the membership lasts (`org` re-read by the rotation).
        return login.issue(kind, active, active.client as SessionMeta['client'], next.token, active.family_id, assuranceOf(active), active.org)
      }
      const rotated = await rotateActive()
      if (rotated) return rotated
      const outcome = await settle(kind, hash, meta)
      const issued = outcome === 'retry' ? await rotateActive() : outcome
      if (!issued) throw invalid(kind)
      return issued
    },

    /**
     * switchorg: rotates the caller's session (the presented refresh token, of the caller's own
     * session family) into `organizationId` (null: none), with an access token whose `org` claim
     * is the caller's membership there. Null when the caller is not a member of that organization
     * (or it is unknown or deleted): nothing is rotated. A token that is not the caller's active
     * session is the refresh token's error, with refresh's theft detection.
     */
    async switchOrganization (kind: AccountType, caller: Account, token: unknown, organizationId: string | null,
      meta: Omit<SessionMeta, 'client' | 'platform'>): Promise<Issued | null> {
      if (typeof token !== 'string' || !OPAQUE_TOKEN.test(token)) throw invalid(kind)
      const hash = hashToken(token)
      const switchActive = async (): Promise<Issued | 'not_member' | null> => {
        const next = newOpaqueToken()
        const sealed = reuseInterval > 0 ? tokens.sealSuccessor(next.token, hash) : null
        const [row] = await repositoryOf(kind).sessions.switchActive.run(sql, { hash, sessionId: uuidv7(), nextHash: next.hash,
          expiresAt: tokens.refreshExpiresAt(), userAgent: meta.userAgent, ip: meta.ip, successor: sealed, ownerId: caller.id,
          familyId: caller.sessionId, organizationId })
        if (organizationId !== null && !row.org) return 'not_member'
        if (!row.switched || row.session_id === null) return null
        if (sealed) eraser.schedule(kind, hash)
        return login.issue(kind, row, row.client as SessionMeta['client'], next.token, row.family_id, assuranceOf(row), row.org)
      }
      let switched = await switchActive()
      if (switched === null) {
        const outcome = await settle(kind, hash, meta, caller)
        if (outcome === 'retry') switched = await switchActive()
      }
      if (switched === 'not_member') return null
      if (!switched) throw invalid(kind)
      return switched
    },

    close () {
      eraser.stop()
    }
  }
}

/**
 * Erases sealed successors once their reuse interval is over: one statement per account type
 * and second. A successor whose timer was lost (the process stopped) is erased by
 * V1PruneSessionsTask; either way it can no longer be used after the interval.
 */
function successorEraser (app: FastifyInstance, erase: (kind: AccountType, hashes: string[]) => Promise<unknown>) {
  const due = new Map<number, Map<AccountType, string[]>>()
  const timers = new Set<NodeJS.Timeout>()
  const intervalMs = app.config.refreshTokenReuseInterval * 1000

  async function flush (at: number) {
    const batch = due.get(at)
    due.delete(at)
    for (const [kind, hashes] of batch ?? []) {
      await erase(kind, hashes).catch((err) => app.log.warn({ err, count: hashes.length }, 'reuse successors not erased'))
    }
  }

  return {
    schedule (kind: AccountType, rotatedHash: string) {
      // The next whole second after the interval, so that one timer serves a second of rotations.
      const at = Math.ceil((Date.now() + intervalMs) / 1000) * 1000 + 100
      let batch = due.get(at)
      if (!batch) {
        due.set(at, (batch = new Map()))
        const timer = setTimeout(() => {
          timers.delete(timer)
          void flush(at)
        }, at - Date.now())
        timer.unref()
        timers.add(timer)
      }
      let hashes = batch.get(kind)
      if (!hashes) batch.set(kind, (hashes = []))
      hashes.push(rotatedHash)
    },
    stop () {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      due.clear()
    }
  }
}
