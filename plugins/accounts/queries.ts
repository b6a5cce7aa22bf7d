import type { AccountType } from './registry.js'
import type { PublicAccount } from '../../schemas/accounts.js'

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
    authenticate: `select token_version, is_active, deleted_at from ${o} where id = $1`,
    account: `select ${OWNER_FIELDS(o)} from ${o} where id = $1 and deleted_at is null`,
    // An account without a session (the CLI).
    create: `insert into ${o} (id, email, password, is_email_confirmed) values ($1, $2, $3, $4) returning ${OWNER_FIELDS(o)}`
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
