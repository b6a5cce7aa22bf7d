import type { AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { auditInsert } from '../../audit/events.js'
import { openExtras } from './safety.js'
import { OWNER_FIELDS, active, notify, tablesOf, type Owner, type Remaining, type SessionRow } from './shared.js'

type SessionOf = Pick<SessionRow, 'family_id' | 'client' | 'platform' | 'aal' | 'amr'> & { session_id: string }
export type ActiveSession = Owner & SessionOf
export type LockedSession = ActiveSession & Pick<SessionRow, 'revoked_at' | 'replaced_by_session_id' | 'successor_token'> & {
  expired: boolean
  in_reuse_window: boolean | null
  family_active: boolean
}
export type DeviceRow = Pick<SessionRow, 'family_id' | 'client' | 'platform' | 'aal' | 'user_agent' | 'ip_address' | 'expires_at' |
  'created_at' | 'last_used_at'>

/**
 * The session statements of one account type: opening, rotating and revoking sessions. Hot paths
 * are single statements (one round trip), and every multi-row change is one statement or runs in
 * the caller's transaction.
 */
export function sessionStatements (kind: AccountType) {
  const { o, s, owner } = tablesOf(kind)
  const type = kind.type
  const extras = openExtras(kind, 12)
  // A new session opens a family named after it: $1 owner, $2 session id, $3 hash, $4 expiry,
  // $5 client, $6 platform, $7 user agent, $8 ip, $9 aal, $10 amr; `from`: only for each row of that CTE.
  const newSession = (from?: string) => `insert into ${s} (id, family_id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address, aal, amr)
    ${from ? `select $2, $2, $1, $3, $4, $5, $6, $7, $8, $9, $10 from ${from}` : 'values ($2, $2, $1, $3, $4, $5, $6, $7, $8, $9, $10)'}`
  const opened = (id: string, event: 'login.succeeded' | 'register', from?: string) => auditInsert({
    id, event, accountType: type, accountId: '$1', actorType: `'${type}'`, actorId: '$1', sessionId: '$2', ip: '$8', userAgent: '$7',
    data: "json_build_object('client', $5, 'platform', $6)"
  }, from)
  return {
    // Login bookkeeping, the new session and its audit event ($11: the event id) in one atomic
    // statement, for an account still active and not deleted (else nothing is written).
    // $12-$16: the lockout, rehash and session cap (repository/safety.ts).
    open: statement<Owner>(`with a as (update ${o} set ${extras.rehash}, login_count = login_count + 1, last_login = now(), last_login_at = now(), updated_at = now()
        where id = $1 and is_active and deleted_at is null returning ${OWNER_FIELDS(o)}),
      s as (${newSession('a')}), e as (${opened('$11', 'login.succeeded', 'a')}),
      ${extras.ctes}
      select * from a`),
    // Registration counts as the first login: the account ($11 email, $12 hash), its session and
    // the register event ($13) in one statement.
    register: statement<Owner>(`with a as (insert into ${o} (id, email, password, login_count, last_login, last_login_at)
        values ($1, $11, $12, 1, now(), now()) returning *),
      s as (${newSession()}), e as (${opened('$13', 'register')})
      select ${OWNER_FIELDS('a')} from a`),
    // The common case in one statement (one round trip): an active session of an active owner is
    // locked, a successor inserted into its family and the session marked rotated, keeping the
    // sealed successor ($7, null without a reuse interval). A concurrent refresh of the same
    // token waits on the row lock, then finds it revoked and returns nothing.
    rotateActive: statement<ActiveSession>(`with c as (select s.id as session_id, s.family_id, s.client, s.platform, s.aal, s.amr, ${OWNER_FIELDS('o')}
        from ${s} s join ${o} o on o.id = s.${owner}
        where s.refresh_token_hash = $1 and ${active('s')} and o.is_active and o.deleted_at is null
        for update of s),
      n as (insert into ${s} (id, family_id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address, aal, amr)
        select $2, c.family_id, c.id, $3, $4, c.client, c.platform, $5, $6, c.aal, c.amr from c),
      r as (update ${s} set revoked_at = now(), replaced_by_session_id = $2, last_used_at = now(), successor_token = $7
        where id = (select session_id from c))
      select * from c`),
    // Everything else, in a transaction: the session and its owner, read together; the session
    // row stays locked until commit. $2: the reuse interval in seconds.
    lockSession: statement<LockedSession>(`select s.id as session_id, s.family_id, s.revoked_at, s.replaced_by_session_id,
        s.expires_at <= now() as expired, s.client, s.platform, s.aal, s.amr, s.successor_token,
        s.revoked_at > now() - make_interval(secs => $2) as in_reuse_window,
        exists (select 1 from ${s} f where f.family_id = s.family_id and f.${owner} = s.${owner} and ${active('f')}) as family_active,
        ${OWNER_FIELDS('o')}
      from ${s} s join ${o} o on o.id = s.${owner}
      where s.refresh_token_hash = $1 for update of s`),
    eraseSuccessors: statement(`update ${s} set successor_token = null
      where refresh_token_hash = any($1::bpchar[]) and successor_token is not null`),
    revokeSession: statement(`update ${s} set revoked_at = coalesce(revoked_at, now()) where id = $1`),
    // The presented session of the caller, and the logout event ($3 its id, $4 ip, $5 user agent).
    revokeOwnSession: statement<Pick<SessionRow, 'family_id'>>(`with r as (update ${s} set revoked_at = now()
        where refresh_token_hash = $1 and ${owner} = $2 and revoked_at is null
        returning family_id, ${notify(type, owner, ", 'family', family_id")}),
      e as (${auditInsert({ id: '$3', event: 'logout', accountType: type, accountId: '$2', actorType: `'${type}'`, actorId: '$2',
        sessionId: 'r.family_id', ip: '$4', userAgent: '$5' }, 'r')})
      select family_id from r`),
    // The devices: one entry per family with an active session (normally one active row each).
    listDevices: statement<DeviceRow>(`select distinct on (a.family_id) a.family_id, a.client, a.platform, a.aal, a.user_agent, a.ip_address, a.expires_at,
        (select min(f.created_at) from ${s} f where f.family_id = a.family_id and f.${owner} = $1) as created_at,
        (select max(f.last_used_at) from ${s} f where f.family_id = a.family_id and f.${owner} = $1) as last_used_at
      from ${s} a where a.${owner} = $1 and ${active('a')}
      order by a.family_id, a.created_at desc`),
    // Revocations. A rotation that commits while a revoking statement waits for its row lock
    // inserts a successor that statement's snapshot cannot see; the service therefore counts
    // what is left with the matching remaining* statement and revokes again (devices.ts: settle).
    revokeFamily: statement<Record<string, unknown>>(`update ${s} set revoked_at = now()
      where ${owner} = $1 and family_id = $2 and ${active(s)}
      returning ${notify(type, owner, ", 'family', family_id")}`),
    remainingInFamily: statement<Remaining>(`select count(*)::int as n from ${s} where ${owner} = $1 and family_id = $2 and ${active(s)}`),
    // Every active family of the owner but $2 (null: every family); sockets hear it on commit.
    revokeOtherFamilies: statement<{ families: string[] }>(`with r as (update ${s} set revoked_at = now()
        where ${owner} = $1 and family_id is distinct from $2::uuid and ${active(s)} returning family_id)
      select coalesce(array_agg(distinct family_id), '{}') as families,
        ${notify(type, '$1::uuid', ", 'except', $2::uuid")} from r`),
    remainingOutsideFamily: statement<Remaining>(`select count(*)::int as n from ${s}
      where ${owner} = $1 and family_id is distinct from $2::uuid and ${active(s)}`),
    // Every session of the owner and all its access tokens at once; sockets hear it on commit.
    revokeAll: statement<Pick<Owner, 'token_version'>>(`with r as (update ${s} set revoked_at = now() where ${owner} = $1 and revoked_at is null)
      update ${o} set token_version = token_version + 1, updated_at = now() where id = $1
      returning token_version, ${notify(type, 'id')}`),
    revokeSessions: statement<Record<string, unknown>>(`update ${s} set revoked_at = now() where ${owner} = $1 and revoked_at is null
      returning ${notify(type, owner)}`),
    remainingSessions: statement<Remaining>(`select count(*)::int as n from ${s} where ${owner} = $1 and revoked_at is null`)
  }
}
