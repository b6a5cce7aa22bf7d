import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type Account, type AccountType, type Client } from './registry.js'
import { AppError } from '../core/errors.js'
import { prepared } from '../core/db.js'
import { accountErrorCode, type AccountErrorName } from './errors.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { presentAccount, statements } from './queries.js'
import { uuidv7 } from '../../random.js'
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

type Row = Record<string, any>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const REFRESH_TOKEN = /^[0-9a-f]{64}$/

export function normalizeEmail (email: string): string {
  return email.trim().toLowerCase()
}

export function createSessions (app: FastifyInstance) {
  const { sql, tokens, config } = app
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

  function sessionParams (ownerId: string, meta: SessionMeta) {
    const refresh = tokens.newRefreshToken()
    const params = [ownerId, uuidv7(), refresh.hash, tokens.refreshExpiresAt(), meta.client, meta.platform,
      meta.userAgent, meta.ip]
    return { params, refreshToken: refresh.token }
  }

  function issue (kind: AccountType, row: Row, client: Client, refreshToken: string): Issued {
    return {
      account: presentAccount(row),
      token: tokens.sign(kind, { id: row.id, tokenVersion: row.token_version }, client),
      refreshToken
    }
  }

  return {
    /** Checks run in the contract's order: credentials, isActive, deletedAt, email confirmation. */
    async login (kind: AccountType, email: string, password: string, meta: SessionMeta): Promise<Issued> {
      const [found] = await prepared(sql, q(kind).credentials, [normalizeEmail(email)])
      if (!await verifyPassword(found?.password, password)) throw err(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
      if (!found.is_active) throw err(kind, 'BAD_REQUEST_ACCOUNT_INACTIVE')
      if (found.deleted_at) throw err(kind, 'BAD_REQUEST_ACCOUNT_DELETED')
      if (config.requireEmailConfirmed && !found.is_email_confirmed) throw err(kind, 'UNAUTHORIZED_EMAIL_NOT_CONFIRMED')
      const { params, refreshToken } = sessionParams(found.id, meta)
      const [row] = await prepared(sql, q(kind).login, params)
      // Deleted between the two statements: nothing was written for it.
      if (!row) throw err(kind, 'BAD_REQUEST_INVALID_LOGIN_CREDENTIALS')
      return issue(kind, row, meta.client, refreshToken)
    },

    /** Creates an active account and signs it in, like a login. */
    async register (kind: AccountType, email: string, password: string, meta: SessionMeta): Promise<Issued> {
      const { params, refreshToken } = sessionParams(uuidv7(), meta)
      const hash = await hashPassword(password)
      const row = await insertAccount(kind, () => prepared(sql, q(kind).register, [...params, normalizeEmail(email), hash]))
      return issue(kind, row, meta.client, refreshToken)
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
     * others see a rotated session: the theft signal.
     */
    async refresh (kind: AccountType, token: unknown, meta: Omit<SessionMeta, 'client' | 'platform'>): Promise<Issued> {
      if (typeof token !== 'string' || !REFRESH_TOKEN.test(token)) throw err(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')
      const hash = tokens.hashRefreshToken(token)
      const rotateActive = async () => {
        const next = tokens.newRefreshToken()
        const [active] = await prepared(sql, q(kind).rotateActive,
          [hash, uuidv7(), next.hash, tokens.refreshExpiresAt(), meta.userAgent, meta.ip])
        return active ? issue(kind, active, active.client, next.token) : null
      }
      const rotated = await rotateActive()
      if (rotated) return rotated

      // Not an active session of an active owner: find out which case it is, under the lock.
      const valid = await sql.begin(async (tx) => {
        const [row] = await prepared(tx, q(kind).lockSession, [hash])
        if (!row) return false
        if (row.revoked_at && row.replaced_by_session_id) {
          await prepared(tx, q(kind).revokeAll, [row.id])
          return false
        }
        if (row.revoked_at || row.expired || !row.is_active || row.deleted_at) {
          await prepared(tx, q(kind).revokeSession, [row.session_id])
          return false
        }
        return true
      })
      // Valid after all (its owner was reactivated in between): one more try at the rotation.
      const retried = valid ? await rotateActive() : null
      if (!retried) throw err(kind, 'UNAUTHORIZED_INVALID_REFRESH_TOKEN')
      return retried
    },

    /** Revokes the presented session when it belongs to the caller; anything else changes nothing. */
    async logout (kind: AccountType, ownerId: string, token: unknown): Promise<void> {
      if (typeof token !== 'string' || !REFRESH_TOKEN.test(token)) return
      await prepared(sql, q(kind).revokeOwnSession, [tokens.hashRefreshToken(token), ownerId])
    },

    /** The caller's own account (`me`); null when it was deleted since its token was checked. */
    async account (kind: AccountType, ownerId: string): Promise<PublicAccount | null> {
      const [row] = await prepared(sql, q(kind).account, [ownerId])
      return row ? presentAccount(row) : null
    },

    /** Revokes every session and bumps tokenVersion in one statement. */
    async logoutAll (kind: AccountType, ownerId: string): Promise<void> {
      await prepared(sql, q(kind).revokeAll, [ownerId])
    },

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
      return { type: kind.type, id: claims.sub, tokenVersion: claims.tokenVersion, client }
    }
  }
}

export default fp(async (app) => {
  app.decorate('sessions', createSessions(app))
}, { name: 'sessions', dependencies: ['db', 'tokens', 'config'] })
