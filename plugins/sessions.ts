import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type Account, type AccountType, type AccountTypeName, type Client } from './accounts.js'
import { AppError } from './errors.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { prepared, type Database } from './db.js'
import { uuidv7 } from '../random.js'
import type { PublicAccount } from '../schemas/accounts.js'

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

/** Channel of the owner-revocation notices (logout-all, theft) that close live sockets. */
export const REVOKE_CHANNEL = 'latchkey_revoke'

const OWNER_FIELDS = (t: string) => ['id', 'email', 'is_active', 'is_email_confirmed', 'login_count', 'last_login',
  'last_login_at', 'created_at', 'updated_at', 'token_version', 'deleted_at'].map((c) => `${t}.${c}`).join(', ')

/**
 * SQL of one account type, built once from its registry entry. Hot paths are single prepared
 * statements (see `prepared`), and every multi-row change is one statement or one transaction.
 */
export function statements (kind: AccountType) {
  const o = `"${kind.ownerTable}"`
  const s = `"${kind.sessionTable}"`
  const owner = `"${kind.ownerColumn}"`
  const newSession = `insert into ${s} (id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address)
    values ($2, $1, $3, $4, $5, $6, $7, $8)`
  return {
    credentials: `select id, password, is_active, is_email_confirmed, deleted_at from ${o} where email = $1`,
    // Login bookkeeping and the new session in one atomic statement.
    login: `with s as (${newSession})
      update ${o} set login_count = login_count + 1, last_login = now(), last_login_at = now(), updated_at = now()
      where id = $1 returning ${OWNER_FIELDS(o)}`,
    // Registration counts as the first login: the account and its session in one statement.
    register: `with a as (insert into ${o} (id, email, password, login_count, last_login, last_login_at)
        values ($1, $9, $10, 1, now(), now()) returning *),
      s as (${newSession})
      select ${OWNER_FIELDS('a')} from a`,
    // The common case in one statement (one round trip): an active session of an active owner is
    // locked, a successor inserted and the session marked rotated. A concurrent refresh of the
    // same token waits on the row lock, then finds it revoked and returns nothing.
    rotateActive: `with c as (select s.id as session_id, s.client, s.platform, ${OWNER_FIELDS('o')}
        from ${s} s join ${o} o on o.id = s.${owner}
        where s.refresh_token_hash = $1 and s.revoked_at is null and s.expires_at > now()
          and o.is_active and o.deleted_at is null
        for update of s),
      n as (insert into ${s} (id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address)
        select $2, c.id, $3, $4, c.client, c.platform, $5, $6 from c),
      r as (update ${s} set revoked_at = now(), replaced_by_session_id = $2, last_used_at = now()
        where id = (select session_id from c))
      select * from c`,
    // Everything else, in a transaction: the session and its owner, read together; the session
    // row stays locked until commit.
    lockSession: `select s.id as session_id, s.revoked_at, s.replaced_by_session_id, s.expires_at <= now() as expired, s.client,
        s.platform, ${OWNER_FIELDS('o')}
      from ${s} s join ${o} o on o.id = s.${owner}
      where s.refresh_token_hash = $1 for update of s`,
    revokeSession: `update ${s} set revoked_at = coalesce(revoked_at, now()) where id = $1`,
    revokeOwnSession: `update ${s} set revoked_at = now()
      where refresh_token_hash = $1 and ${owner} = $2 and revoked_at is null`,
    // Every session of the owner and all its access tokens at once; sockets hear it on commit.
    revokeAll: `with r as (update ${s} set revoked_at = now() where ${owner} = $1 and revoked_at is null)
      update ${o} set token_version = token_version + 1, updated_at = now() where id = $1
      returning token_version, pg_notify('${REVOKE_CHANNEL}', json_build_object('type', '${kind.type}', 'id', id)::text)`,
    authenticate: `select token_version, is_active, deleted_at from ${o} where id = $1`
  }
}

type Row = Record<string, any>

function iso (d: Date | null): string | null {
  return d ? d.toISOString() : null
}

export function presentAccount (row: Row): PublicAccount {
  return {
    id: row.id,
    email: row.email,
    isActive: row.is_active,
    isEmailConfirmed: row.is_email_confirmed,
    loginCount: row.login_count,
    lastLogin: iso(row.last_login),
    lastLoginAt: iso(row.last_login_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString()
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const REFRESH_TOKEN = /^[0-9a-f]{64}$/

export function normalizeEmail (email: string): string {
  return email.trim().toLowerCase()
}

export function createSessions (app: FastifyInstance) {
  const { sql, tokens, config } = app
  const queries = Object.fromEntries(Object.values(ACCOUNT_TYPES).map((k) => [k.type, statements(k)]))
  const q = (kind: AccountType) => queries[kind.type]
  const err = (kind: AccountType, rest: string) => new AppError(`${kind.errorPrefix}_${rest}`)

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
      try {
        const [row] = await prepared(sql, q(kind).register, [...params, normalizeEmail(email), await hashPassword(password)])
        return issue(kind, row, meta.client, refreshToken)
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw err(kind, 'BAD_REQUEST_USER_ALREADY_EXISTS')
        throw e
      }
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
      return { type: kind.type as AccountTypeName, id: claims.sub, tokenVersion: claims.tokenVersion, client }
    }
  }
}

/** Creates an active account (the CLI's `user create`); the email is stored lower-case. */
export async function createAccount (db: Database, kind: AccountType, email: string, password: string) {
  const [account] = await db.insert(kind.owners)
    .values({ email: normalizeEmail(email), password: await hashPassword(password) })
    .returning()
  return account
}

export default fp(async (app) => {
  app.decorate('sessions', createSessions(app))
}, { name: 'sessions', dependencies: ['db', 'tokens', 'config'] })
