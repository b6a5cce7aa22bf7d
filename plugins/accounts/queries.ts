import type { AccountType } from './registry.js'
import { AUDIT_COLUMNS } from '../audit/events.js'
import type { PublicAccount } from '../../schemas/accounts.js'

/**
 * Channel of the revocation notices that close live sockets on every instance:
 * `{type, id}` for every session of an owner (logout-all, theft), `{type, id, family}` for one
 * session family, `{type, id, except}` for every family but one (logoutothers).
 */
export const REVOKE_CHANNEL = 'latchkey_revoke'
const notify = (type: string, owner: string, extra = '') =>
  `pg_notify('${REVOKE_CHANNEL}', json_build_object('type', '${type}', 'id', ${owner}${extra})::text)`

export const OWNER_FIELDS = (t: string) => ['id', 'email', 'is_active', 'is_email_confirmed', 'login_count', 'last_login',
  'last_login_at', 'created_at', 'updated_at', 'token_version', 'deleted_at'].map((c) => `${t}.${c}`).join(', ')

/**
 * SQL of one account type, built once from its registry entry. Hot paths are single prepared
 * statements (see `prepared`), and every multi-row change is one statement or one transaction.
 */
export function statements (kind: AccountType) {
  const o = `"${kind.ownerTable}"`
  const s = `"${kind.sessionTable}"`
  const owner = `"${kind.ownerColumn}"`
  const active = (t: string) => `${t}.revoked_at is null and ${t}.expires_at > now()`
  // A login opens a family named after its first session.
  const newSession = `insert into ${s} (id, family_id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address)
    values ($2, $2, $1, $3, $4, $5, $6, $7, $8)`
  return {
    credentials: `select id, password, is_active, is_email_confirmed, deleted_at from ${o} where email = $1`,
    // Login bookkeeping, the new session and its audit event ($9: the event id) in one atomic statement.
    login: `with s as (${newSession}),
      e as (insert into audit_events (${AUDIT_COLUMNS})
        values ($9, 'login.succeeded', '${kind.type}', $1, '${kind.type}', $1, $2, $8, $7, json_build_object('client', $5, 'platform', $6)))
      update ${o} set login_count = login_count + 1, last_login = now(), last_login_at = now(), updated_at = now()
      where id = $1 returning ${OWNER_FIELDS(o)}`,
    // Registration counts as the first login: the account, its session and the register event ($11) in one statement.
    register: `with a as (insert into ${o} (id, email, password, login_count, last_login, last_login_at)
        values ($1, $9, $10, 1, now(), now()) returning *),
      s as (${newSession}),
      e as (insert into audit_events (${AUDIT_COLUMNS})
        values ($11, 'register', '${kind.type}', $1, '${kind.type}', $1, $2, $8, $7, json_build_object('client', $5, 'platform', $6)))
      select ${OWNER_FIELDS('a')} from a`,
    // The same without a session ($4 the event id, $5 ip, $6 user agent, $7 client, $8 platform).
    registerWithoutSession: `with a as (insert into ${o} (id, email, password) values ($1, $2, $3) returning *),
      e as (insert into audit_events (${AUDIT_COLUMNS})
        values ($4, 'register', '${kind.type}', $1, '${kind.type}', $1, null, $5, $6, json_build_object('client', $7::text, 'platform', $8::text)))
      select ${OWNER_FIELDS('a')} from a`,
    // The common case in one statement (one round trip): an active session of an active owner is
    // locked, a successor inserted into its family and the session marked rotated, keeping the
    // sealed successor ($7, null without a reuse interval). A concurrent refresh of the same
    // token waits on the row lock, then finds it revoked and returns nothing.
    rotateActive: `with c as (select s.id as session_id, s.family_id, s.client, s.platform, ${OWNER_FIELDS('o')}
        from ${s} s join ${o} o on o.id = s.${owner}
        where s.refresh_token_hash = $1 and ${active('s')} and o.is_active and o.deleted_at is null
        for update of s),
      n as (insert into ${s} (id, family_id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address)
        select $2, c.family_id, c.id, $3, $4, c.client, c.platform, $5, $6 from c),
      r as (update ${s} set revoked_at = now(), replaced_by_session_id = $2, last_used_at = now(), successor_token = $7
        where id = (select session_id from c))
      select * from c`,
    // Everything else, in a transaction: the session and its owner, read together; the session
    // row stays locked until commit. $2: the reuse interval in seconds.
    lockSession: `select s.id as session_id, s.family_id, s.revoked_at, s.replaced_by_session_id, s.expires_at <= now() as expired,
        s.client, s.platform, s.successor_token,
        s.revoked_at > now() - make_interval(secs => $2) as in_reuse_window,
        exists (select 1 from ${s} f where f.family_id = s.family_id and f.${owner} = s.${owner} and ${active('f')}) as family_active,
        ${OWNER_FIELDS('o')}
      from ${s} s join ${o} o on o.id = s.${owner}
      where s.refresh_token_hash = $1 for update of s`,
    eraseSuccessors: `update ${s} set successor_token = null where refresh_token_hash = any($1::bpchar[]) and successor_token is not null`,
    revokeSession: `update ${s} set revoked_at = coalesce(revoked_at, now()) where id = $1`,
    // The presented session of the caller, and the logout event ($3 its id, $4 ip, $5 user agent).
    revokeOwnSession: `with r as (update ${s} set revoked_at = now()
        where refresh_token_hash = $1 and ${owner} = $2 and revoked_at is null
        returning family_id, ${notify(kind.type, owner, ", 'family', family_id")}),
      e as (insert into audit_events (${AUDIT_COLUMNS})
        select $3, 'logout', '${kind.type}', $2, '${kind.type}', $2, r.family_id, $4, $5, '{}'::jsonb from r)
      select family_id from r`,
    // The devices: one entry per family with an active session (normally one active row each).
    listSessions: `select distinct on (a.family_id) a.family_id, a.client, a.platform, a.user_agent, a.ip_address, a.expires_at,
        (select min(f.created_at) from ${s} f where f.family_id = a.family_id and f.${owner} = $1) as created_at,
        (select max(f.last_used_at) from ${s} f where f.family_id = a.family_id and f.${owner} = $1) as last_used_at
      from ${s} a where a.${owner} = $1 and ${active('a')}
      order by a.family_id, a.created_at desc`,
    // Revocations. A rotation that commits while a revoking statement waits for its row lock
    // inserts a successor that statement's snapshot cannot see; the service therefore counts
    // what is left with the matching remaining* statement and revokes again (see settle()).
    revokeFamily: `update ${s} set revoked_at = now()
      where ${owner} = $1 and family_id = $2 and ${active(s)}
      returning ${notify(kind.type, owner, ", 'family', family_id")}`,
    remainingInFamily: `select count(*)::int as n from ${s} where ${owner} = $1 and family_id = $2 and ${active(s)}`,
    // Every active family of the owner but $2 (null: every family); sockets hear it on commit.
    revokeOtherFamilies: `with r as (update ${s} set revoked_at = now()
        where ${owner} = $1 and family_id is distinct from $2::uuid and ${active(s)} returning family_id)
      select coalesce(array_agg(distinct family_id), '{}') as families,
        ${notify(kind.type, '$1::uuid', ", 'except', $2::uuid")} from r`,
    remainingOutsideFamily: `select count(*)::int as n from ${s}
      where ${owner} = $1 and family_id is distinct from $2::uuid and ${active(s)}`,
    // Every session of the owner and all its access tokens at once; sockets hear it on commit.
    revokeAll: `with r as (update ${s} set revoked_at = now() where ${owner} = $1 and revoked_at is null)
      update ${o} set token_version = token_version + 1, updated_at = now() where id = $1
      returning token_version, ${notify(kind.type, 'id')}`,
    revokeSessions: `update ${s} set revoked_at = now() where ${owner} = $1 and revoked_at is null
      returning ${notify(kind.type, owner)}`,
    remainingSessions: `select count(*)::int as n from ${s} where ${owner} = $1 and revoked_at is null`,
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
