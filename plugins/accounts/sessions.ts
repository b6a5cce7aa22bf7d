import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type Account, type AccountType, type Client } from './registry.js'
import { AppError } from '../core/errors.js'
import { prepared, type Queryable } from '../core/db.js'
import { accountErrorCode, type AccountErrorName } from './errors.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { presentAccount, statements } from './queries.js'
import { OPAQUE_TOKEN, hashToken, newOpaqueToken } from './tokens.js'
import { uuidv7 } from '../../random.js'
import { recordEvent, type AuditContext, type AuditEvent } from '../audit/events.js'
import type { PublicAccount } from '../../schemas/accounts.js'

declare module 'fastify' {
  interface FastifyInstance { sessions: ReturnType<typeof createSessions> }
}

/** Where a session is opened from: stored on the session row. */
export interface SessionMeta {
  client: Client
  platform: string
  userAgent: string | null
  ip: string | null
}

export interface Issued {
  account: PublicAccount
  token: string
  refreshToken: string
}

/** One device: a session family with an active session (decisions.md section 13). */
export interface Device {
  id: string
  client: string
  platform: string
  userAgent: string | null
  ipAddress: string | null
  createdAt: string
  lastUsedAt: string | null
  expiresAt: string
  current: boolean
}

type Row = Record<string, any>

/** More work in the transaction that creates an account, given its id. */
export type Within = (tx: Queryable, ownerId: string) => Promise<unknown>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A rotated token replayed outside the reuse interval: the family's owner was signed out everywhere. */
const THEFT = Symbol('theft')

export function normalizeEmail (email: string): string {
  return email.trim().toLowerCase()
}

export function createSessions (app: FastifyInstance) {
  const { sql, tokens, config, accountMetrics: metrics } = app
  const queries = Object.fromEntries(Object.values(ACCOUNT_TYPES).map((k) => [k.type, statements(k)]))
  const q = (kind: AccountType) => queries[kind.type]
  const err = (kind: AccountType, name: AccountErrorName) => new AppError(accountErrorCode(kind, name))

  /** Runs an insert of a new account; a taken email is the type's USER_ALREADY_EXISTS. */
  async function insertAccount (kind: AccountType, insert: () => Promise<Row[]>): Promise<Row> {
    try {
      const [row] = await insert()
      return row
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw err(kind, 'BAD_REQUEST_USER_ALREADY_EXISTS')
      throw e
    }
  }

  /** A registration's statement and `within` in one transaction. */
  function registerInTransaction (kind: AccountType, statement: string, params: unknown[], within?: Within): Promise<Row> {
    return sql.begin(async (tx) => {
      const row = await insertAccount(kind, () => prepared(tx, statement, params))
      await within?.(tx, row.id)
      return row
    })
  }

  /** A new session, which opens a family named after it. */
  function sessionParams (ownerId: string, meta: SessionMeta) {
    const refresh = newOpaqueToken()
    const familyId = uuidv7()
    const params = [ownerId, familyId, refresh.hash, tokens.refreshExpiresAt(), meta.client, meta.platform,
      meta.userAgent, meta.ip]
    return { params, familyId, refreshToken: refresh.token }
  }

  function issue (kind: AccountType, row: Row, client: Client, refreshToken: string, familyId: string): Issued {
    return {
      account: presentAccount(row),
      token: tokens.sign(kind, { id: row.id, tokenVersion: row.token_version }, familyId, client),
      refreshToken
    }
  }

  /** Every session of the owner and, once, its tokenVersion (logout-all, theft). */
  async function revokeAll (db: Queryable, kind: AccountType, ownerId: string) {
    await settle(async () => { await prepared(db, q(kind).revokeAll, [ownerId]) },
      async () => (await prepared(db, q(kind).remainingSessions, [ownerId]))[0].n,
      async () => { await prepared(db, q(kind).revokeSessions, [ownerId]) })
  }

  /** Every active family of the owner but `familyId` (null: every family), in the caller's transaction: how many. */
  async function revokeOtherFamilies (db: Queryable, kind: AccountType, ownerId: string, familyId: string | null): Promise<number> {
    const params = [ownerId, familyId]
    const families = new Set<string>()
    await settle(async () => {
      const [row] = await prepared(db, q(kind).revokeOtherFamilies, params)
      for (const family of row.families) families.add(family)
    }, async () => (await prepared(db, q(kind).remainingOutsideFamily, params))[0].n)
    return families.size
  }

  function audit (db: Queryable, kind: AccountType, event: AuditEvent['event'], accountId: string, context: AuditContext,
    data?: Record<string, unknown>) {
    return recordEvent(db, { event, accountType: kind.type, accountId, data }, context)
  }

  const reuseInterval = config.refreshTokenReuseInterval
  const eraser = successorEraser(app, (kind, hashes) => prepared(sql, q(kind).eraseSuccessors, [hashes]))

  return {
    /** Checks run in the contract's order: credentials, isActive, deletedAt, email confirmation. */
    async login (kind: AccountType, email: string, password: string, meta: SessionMeta): Promise<Issued> {
      const address = normalizeEmail(email)
      const [found] = await prepared(sql, q(kind).credentials, [address])
      // Recorded with the address tried and why, never the password.
      const fail = async (name: AccountErrorName, reason: string) => {
        await recordEvent(sql, { event: 'login.failed', accountType: kind.type, accountId: found?.id ?? null, data: { email: address, reason } },
          { actorType: null, actorId: null, sessionId: null, ip: meta.ip, userAgent: meta.userAgent })
        return err(kind, name)
      }
      if (!await verifyPassword(found?.password, password)) {
        throw await fail('BAD_REQUEST_INVALID_LOGIN_CREDENTIALS', found ? 'wrong_password' : 'unknown_email')
      }
      if (!found.is_active) throw await fail('BAD_REQUEST_ACCOUNT_INACTIVE', 'inactive')
      if (found.deleted_at) throw await fail('BAD_REQUEST_ACCOUNT_DELETED', 'deleted')
      if (config.requireEmailConfirmed && !found.is_email_confirmed) throw await fail('UNAUTHORIZED_EMAIL_NOT_CONFIRMED', 'email_not_confirmed')
      const { params, familyId, refreshToken } = sessionParams(found.id, meta)
      const [row] = await prepared(sql, q(kind).login, [...params, uuidv7()])
      // Deleted between the two statements: nothing was written for it.
      if (!row) throw err(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
      return issue(kind, row, meta.client, refreshToken, familyId)
    },

    /**
     * Creates an active account and signs it in, like a login; `within` runs in the same
     * transaction (the verification mail is queued there).
     */
    async register (kind: AccountType, email: string, password: string, meta: SessionMeta, within?: Within): Promise<Issued> {
      const { params, familyId, refreshToken } = sessionParams(uuidv7(), meta)
      const hash = await hashPassword(password)
      const row = await registerInTransaction(kind, q(kind).register, [...params, normalizeEmail(email), hash, uuidv7()], within)
      return issue(kind, row, meta.client, refreshToken, familyId)
    },

    /** Creates an active account without a session (REQUIRE_EMAIL_CONFIRMED: it signs in once confirmed). */
    async registerWithoutSession (kind: AccountType, email: string, password: string, meta: SessionMeta, within?: Within): Promise<PublicAccount> {
      const hash = await hashPassword(password)
      const params = [uuidv7(), normalizeEmail(email), hash, uuidv7(), meta.ip, meta.userAgent, meta.client, meta.platform]
      return presentAccount(await registerInTransaction(kind, q(kind).registerWithoutSession, params, within))
    },

    /** Creates an active account without signing it in (the CLI's `user create`). */
    async createAccount (kind: AccountType, email: string, password: string, opts: { emailConfirmed?: boolean } = {}): Promise<PublicAccount> {
      const hash = await hashPassword(password)
      const params = [uuidv7(), normalizeEmail(email), hash, opts.emailConfirmed ?? false]
      return presentAccount(await insertAccount(kind, () => prepared(sql, q(kind).create, params)))
    },

    /**
     * Rotates a refresh token (specification 4.2). The session row is locked for the whole
     * transaction, so of N concurrent refreshes of one token exactly one rotates it and the
     * others see a rotated session: the theft signal, unless it was rotated less than
     * REFRESH_TOKEN_REUSE_INTERVAL ago, in which case they get the successor that rotation
     * issued (never a new one, which would fork the family and hide a theft).
     */
    async refresh (kind: AccountType, token: unknown, meta: Omit<SessionMeta, 'client' | 'platform'>): Promise<Issued> {
      if (typeof token !== 'string' || !OPAQUE_TOKEN.test(token)) throw err(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')
      const hash = hashToken(token)
      const rotateActive = async () => {
        const next = newOpaqueToken()
        const sealed = reuseInterval > 0 ? tokens.sealSuccessor(next.token, hash) : null
        const [active] = await prepared(sql, q(kind).rotateActive,
          [hash, uuidv7(), next.hash, tokens.refreshExpiresAt(), meta.userAgent, meta.ip, sealed])
        if (!active) return null
        if (sealed) eraser.schedule(kind, hash)
        return issue(kind, active, active.client, next.token, active.family_id)
      }
      const rotated = await rotateActive()
      if (rotated) return rotated

      // Not an active session of an active owner: find out which case it is, under the lock.
      const outcome = await sql.begin(async (tx): Promise<Issued | 'retry' | typeof THEFT | null> => {
        const [row] = await prepared(tx, q(kind).lockSession, [hash, reuseInterval])
        if (!row) return null
        const context = { actorType: kind.type, actorId: row.id, sessionId: row.family_id, ip: meta.ip, userAgent: meta.userAgent }
        if (row.revoked_at && row.replaced_by_session_id) {
          if (reuseInterval > 0 && row.in_reuse_window && row.successor_token) {
            const successor = tokens.openSuccessor(row.successor_token, hash)
            // The family was revoked since (logout, another device's revocation): not a theft.
            if (successor && !(row.family_active && row.is_active && !row.deleted_at)) return null
            if (successor) {
              await recordEvent(tx, { event: 'refresh.reuse_allowed', accountType: kind.type, accountId: row.id }, context)
              return issue(kind, row, row.client, successor, row.family_id)
            }
          }
          await revokeAll(tx, kind, row.id)
          await recordEvent(tx, { event: 'refresh.reuse_detected', accountType: kind.type, accountId: row.id }, context)
          return THEFT
        }
        if (row.revoked_at || row.expired || !row.is_active || row.deleted_at) {
          await prepared(tx, q(kind).revokeSession, [row.session_id])
          return null
        }
        return 'retry'
      })
      if (outcome === THEFT) {
        metrics?.reuseDetected.inc({ type: kind.type })
        throw err(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')
      }
      // Valid after all (its owner was reactivated in between): one more try at the rotation.
      const issued = outcome === 'retry' ? await rotateActive() : outcome
      if (!issued) throw err(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')
      return issued
    },

    /**
     * Revokes the presented session when it belongs to the caller (anything else changes
     * nothing); the family's sockets are closed on every instance.
     */
    async logout (kind: AccountType, ownerId: string, token: unknown, context: AuditContext): Promise<void> {
      if (typeof token !== 'string' || !OPAQUE_TOKEN.test(token)) return
      await prepared(sql, q(kind).revokeOwnSession, [hashToken(token), ownerId, uuidv7(), context.ip, context.userAgent])
    },

    /** The caller's devices, newest activity first; `current` marks the caller's own family. */
    async listSessions (kind: AccountType, ownerId: string, currentFamily: string | null): Promise<Device[]> {
      const rows = await prepared(sql, q(kind).listSessions, [ownerId])
      return rows.map((row): Device & { activity: number } => {
        const createdAt = familyStart(row.family_id, row.created_at)
        return {
          id: row.family_id,
          client: row.client,
          platform: row.platform,
          userAgent: row.user_agent,
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
      const params = [ownerId, familyId]
      return sql.begin(async (tx) => {
        let found = false
        await settle(async () => {
          found = (await prepared(tx, q(kind).revokeFamily, params)).length > 0 || found
        }, async () => (await prepared(tx, q(kind).remainingInFamily, params))[0].n)
        if (found) await audit(tx, kind, 'session.revoked', ownerId, { ...context, sessionId: familyId })
        return found
      })
    },

    /** Revokes every active family of the owner but the caller's (tokenVersion stays): how many. */
    async logoutOthers (kind: AccountType, ownerId: string, context: AuditContext): Promise<number> {
      return sql.begin(async (tx) => {
        const revoked = await revokeOtherFamilies(tx, kind, ownerId, context.sessionId)
        await audit(tx, kind, 'sessions.revoked_others', ownerId, context, { revoked })
        return revoked
      })
    },

    /** The caller's own account (`me`); null when it was deleted since its token was checked. */
    async account (kind: AccountType, ownerId: string): Promise<PublicAccount | null> {
      const [row] = await prepared(sql, q(kind).account, [ownerId])
      return row ? presentAccount(row) : null
    },

    /** Revokes every session and bumps tokenVersion. */
    async logoutAll (kind: AccountType, ownerId: string, context: AuditContext): Promise<void> {
      await sql.begin(async (tx) => {
        await revokeAll(tx, kind, ownerId)
        await audit(tx, kind, 'logoutall', ownerId, context)
      })
    },

    revokeAll,
    revokeOtherFamilies,

    /**
     * The owner of an access token, or null: signature, exp and iss are checked by the verifier,
     * then type and audience against this route and request (`client` null accepts either of
     * the type's audiences, as the WebSocket does), then one indexed read of the owner.
     */
    async authenticate (kind: AccountType, token: string, client: Client | null): Promise<Account | null> {
      let claims
      try {
        claims = tokens.verify(token)
      } catch {
        return null
      }
      client ??= claims.aud === kind.audiences.app ? 'app' : 'web'
      if (claims.type !== kind.type || claims.aud !== kind.audiences[client] || !UUID.test(claims.sub)) return null
      const [owner] = await prepared(sql, q(kind).authenticate, [claims.sub])
      if (!owner || !owner.is_active || owner.deleted_at || owner.token_version !== claims.tokenVersion) return null
      const sessionId = typeof claims.sid === 'string' && UUID.test(claims.sid) ? claims.sid : null
      return { type: kind.type, id: claims.sub, tokenVersion: claims.tokenVersion, client, sessionId, expiresAt: claims.exp }
    },

    close () {
      eraser.stop()
    }
  }
}

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
function familyStart (familyId: string, oldestRow: Date): Date {
  if (familyId[14] !== '7') return oldestRow
  return new Date(parseInt(familyId.slice(0, 8) + familyId.slice(9, 13), 16))
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

export default fp(async (app) => {
  const sessions = createSessions(app)
  app.decorate('sessions', sessions)
  app.addHook('onClose', async () => sessions.close())
}, { name: 'sessions', dependencies: ['db', 'tokens', 'config', 'account-metrics'] })
