import type { AccountType } from '../registry.js'
import { statement, type Placeholders } from '../../core/db.js'
import { auditInsert } from '../../audit/index.js'
import { openExtras, type OpenExtrasParams } from './safety.js'
import { OWNER_FIELDS, active, notify, tablesOf, type Owner, type Remaining, type SessionRow } from './shared.js'
import { orgClaimSql } from './organization.js'
import { profileInsert } from '../profile.js'
import type { OrgClaim } from '../registry.js'

type SessionOf = Pick<SessionRow, 'family_id' | 'client' | 'platform' | 'aal' | 'amr'> & { session_id: string }
/** A session about to get tokens, with the `org` claim of the organization its successor acts for (null: none). */
export type ActiveSession = Owner & SessionOf & { org: OrgClaim | null }
/** What switchorg's rotation found: the claim (null: not a member), and the session when it was the caller's and active. */
export type SwitchedSession = { org: OrgClaim | null, switched: boolean } & (ActiveSession | { [K in keyof ActiveSession]: null })
export type LockedSession = ActiveSession & Pick<SessionRow, 'revoked_at' | 'replaced_by_session_id' | 'successor_token'> & {
  expired: boolean
  in_reuse_window: boolean | null
  family_active: boolean
}
export type DeviceRow = Pick<SessionRow, 'family_id' | 'client' | 'platform' | 'aal' | 'user_agent' | 'ip_address' | 'expires_at' |
  'created_at' | 'last_used_at'>

/** A new session, which opens a family named after it (`sessionId`). */
export interface NewSessionParams {
  ownerId: string
  sessionId: string
  hash: string
  expiresAt: Date
  client: string
  platform: string
  userAgent: string | null
  ip: string | null
  aal: string
  amr: string[]
}
export type OpenParams = NewSessionParams & OpenExtrasParams & { eventId: string }
export type RegisterParams = NewSessionParams & { email: string, password: string, eventId: string, profile: Record<string, unknown> }
export type RotateParams = { hash: string, sessionId: string, nextHash: string, expiresAt: Date, userAgent: string | null, ip: string | null,
  successor: string | null }
/** A rotation into an organization (null: none) of the caller's session `familyId` (null: a token from before families). */
export type SwitchParams = RotateParams & { ownerId: string, familyId: string | null, organizationId: string | null }
type ByOwner = { ownerId: string }
type ByFamily = ByOwner & { familyId: string }
type OutsideFamily = ByOwner & { familyId: string | null }

// A new session opens a family named after it; `from`: only for each row of that CTE.
function newSession (kind: AccountType, p: Placeholders<NewSessionParams>, from?: string) {
  const { s, owner } = tablesOf(kind)
  const values = [p.sessionId, p.sessionId, p.ownerId, p.hash, p.expiresAt, p.client, p.platform, p.userAgent, p.ip, p.aal, p.amr].join(', ')
  return `insert into ${s} (id, family_id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address, aal, amr)
    ${from ? `select ${values} from ${from}` : `values (${values})`}`
}

function opened (kind: AccountType, p: Placeholders<NewSessionParams & { eventId: string }>, event: 'login.succeeded' | 'register', from?: string) {
  const type = kind.type
  return auditInsert({
    id: p.eventId, event, accountType: type, accountId: p.ownerId, actorType: `'${type}'`, actorId: p.ownerId, sessionId: p.sessionId, ip: p.ip,
    userAgent: p.userAgent, data: `json_build_object('client', ${p.client}, 'platform', ${p.platform})`
  }, from)
}

/**
 * Login bookkeeping, the new session and its audit event in one atomic statement, for an account
 * still active and not deleted (else nothing is written), with the lockout, rehash and session
 * cap (repository/safety.ts); without them for `extras` false (bench/lockout.ts measures them).
 */
export function openStatement (kind: AccountType, extras = true) {
  const { o } = tablesOf(kind)
  return statement<Owner, OpenParams>((p) => {
    const more = extras ? openExtras(kind, p) : null
    return `with a as (update ${o} set ${more ? `${more.rehash}, ` : ''}login_count = login_count + 1, last_login = now(), last_login_at = now(), updated_at = now()
        where id = ${p.ownerId} and is_active and deleted_at is null returning ${OWNER_FIELDS(o)}),
      s as (${newSession(kind, p, 'a')}), e as (${opened(kind, p, 'login.succeeded', 'a')})${more ? `,
      ${more.ctes}` : ''}
      select * from a`
  })
}

/**
 * The session statements of one account type: opening, rotating and revoking sessions. Hot paths
 * are single statements (one round trip), and every multi-row change is one statement or runs in
 * the caller's transaction.
 */
export function sessionStatements (kind: AccountType) {
  const { o, s, owner } = tablesOf(kind)
  const type = kind.type
  // A rotation's two writes, for the row of CTE `from`: its successor in the same family, acting
  // for `org` (an SQL expression), and the rotated row marked with it and the sealed successor.
  const successor = (p: Placeholders<RotateParams>, from: string, org: string) =>
    `insert into ${s} (id, family_id, ${owner}, refresh_token_hash, expires_at, client, platform, user_agent, ip_address, aal, amr, organization_id)
        select ${p.sessionId}, ${from}.family_id, ${from}.id, ${p.nextHash}, ${p.expiresAt}, ${from}.client, ${from}.platform, ${p.userAgent}, ${p.ip},
          ${from}.aal, ${from}.amr, ${org} from ${from}`
  const rotated = (p: Placeholders<RotateParams>, from: string) =>
    `update ${s} set revoked_at = now(), replaced_by_session_id = ${p.sessionId}, last_used_at = now(), successor_token = ${p.successor}
        where id = (select session_id from ${from})`
  return {
    open: openStatement(kind),
    // Registration counts as the first login: the account, its session and the register event in one statement.
    register: statement<Owner, RegisterParams>((p) => {
      const profile = profileInsert(p.profile)
      return `with a as (insert into ${o} (id, email, password, login_count, last_login, last_login_at, ${profile.columns})
        values (${p.ownerId}, ${p.email}, ${p.password}, 1, now(), now(), ${profile.values}) returning *),
      s as (${newSession(kind, p)}), e as (${opened(kind, p, 'register')})
      select ${OWNER_FIELDS('a')} from a`
    }),
    // The common case in one statement (one round trip): an active session of an active owner is
    // locked, a successor inserted into its family and the session marked rotated, keeping the
    // sealed successor (null without a reuse interval). A concurrent refresh of the same
    // token waits on the row lock, then finds it revoked and returns nothing. A session acting
    // for an organization re-reads the membership (`org`, organization.ts) and its successor
    // keeps the organization only while the claim exists: a removed member's, or a deleted
    // organization's, successor acts for none. Without an organization the claim reads nothing.
    rotateActive: statement<ActiveSession, RotateParams>((p) => `with c as (select s.id as session_id, s.family_id, s.client, s.platform, s.aal, s.amr, ${OWNER_FIELDS('o')},
          ${orgClaimSql(kind, 's.organization_id', 'o.id')} as org
        from ${s} s join ${o} o on o.id = s.${owner}
        where s.refresh_token_hash = ${p.hash} and ${active('s')} and o.is_active and o.deleted_at is null
        for update of s),
      n as (${successor(p, 'c', "(c.org->>'id')::uuid")}),
      r as (${rotated(p, 'c')})
      select * from c`),
    // switchorg: the same rotation, of the caller's own session (`ownerId`, and the family of its
    // access token), into `organizationId` (null: none), in one statement. The membership is read
    // first (`k`); when an organization is asked for and the claim is null (not a member, unknown
    // or deleted), nothing is rotated. Always one row: `switched` says whether it rotated.
    switchActive: statement<SwitchedSession, SwitchParams>((p) => `with k as (select ${orgClaimSql(kind, `${p.organizationId}::uuid`, `${p.ownerId}::uuid`)} as org),
      c as (select s.id as session_id, s.family_id, s.client, s.platform, s.aal, s.amr, ${OWNER_FIELDS('o')}
        from ${s} s join ${o} o on o.id = s.${owner}
        where s.refresh_token_hash = ${p.hash} and s.${owner} = ${p.ownerId} and (${p.familyId}::uuid is null or s.family_id = ${p.familyId})
          and ${active('s')} and o.is_active and o.deleted_at is null
        for update of s),
      go as (select c.* from c, k where ${p.organizationId}::uuid is null or k.org is not null),
      n as (${successor(p, 'go', `${p.organizationId}::uuid`)}),
      r as (${rotated(p, 'go')})
      select c.*, k.org, exists (select 1 from go) as switched from k left join c on true`),
    // Everything else, in a transaction: the session and its owner, read together; the session
    // row stays locked until commit. `reuseInterval`: in seconds.
    // `org`: the claim of the organization the successor acts for (the one a replay within the
    // reuse interval is answered with), else the session's own.
    lockSession: statement<LockedSession, { hash: string, reuseInterval: number }>((p) => `select s.id as session_id, s.family_id, s.revoked_at, s.replaced_by_session_id,
        s.expires_at <= now() as expired, s.client, s.platform, s.aal, s.amr, s.successor_token,
        s.revoked_at > now() - make_interval(secs => ${p.reuseInterval}) as in_reuse_window,
        exists (select 1 from ${s} f where f.family_id = s.family_id and f.${owner} = s.${owner} and ${active('f')}) as family_active,
        ${OWNER_FIELDS('o')},
        ${orgClaimSql(kind, `(case when s.replaced_by_session_id is null then s.organization_id
          else (select x.organization_id from ${s} x where x.id = s.replaced_by_session_id) end)`, 'o.id')} as org
      from ${s} s join ${o} o on o.id = s.${owner}
      where s.refresh_token_hash = ${p.hash} for update of s`),
    eraseSuccessors: statement<never, { hashes: string[] }>((p) => `update ${s} set successor_token = null
      where refresh_token_hash = any(${p.hashes}::bpchar[]) and successor_token is not null`),
    revokeSession: statement<never, { sessionId: string }>((p) => `update ${s} set revoked_at = coalesce(revoked_at, now()) where id = ${p.sessionId}`),
    // The presented session of the caller, and the logout event.
    revokeOwnSession: statement<Pick<SessionRow, 'family_id'>, { hash: string, ownerId: string, eventId: string, ip: string | null,
      userAgent: string | null }>((p) => `with r as (update ${s} set revoked_at = now()
        where refresh_token_hash = ${p.hash} and ${owner} = ${p.ownerId} and revoked_at is null
        returning family_id, ${notify(type, owner, ", 'family', family_id")}),
      e as (${auditInsert({ id: p.eventId, event: 'logout', accountType: type, accountId: p.ownerId, actorType: `'${type}'`, actorId: p.ownerId,
        sessionId: 'r.family_id', ip: p.ip, userAgent: p.userAgent }, 'r')})
      select family_id from r`),
    // The devices: one entry per family with an active session (normally one active row each).
    listDevices: statement<DeviceRow, ByOwner>((p) => `select distinct on (a.family_id) a.family_id, a.client, a.platform, a.aal, a.user_agent, a.ip_address, a.expires_at,
        (select min(f.created_at) from ${s} f where f.family_id = a.family_id and f.${owner} = ${p.ownerId}) as created_at,
        (select max(f.last_used_at) from ${s} f where f.family_id = a.family_id and f.${owner} = ${p.ownerId}) as last_used_at
      from ${s} a where a.${owner} = ${p.ownerId} and ${active('a')}
      order by a.family_id, a.created_at desc`),
    // Revocations. A rotation that commits while a revoking statement waits for its row lock
    // inserts a successor that statement's snapshot cannot see; the service therefore counts
    // what is left with the matching remaining* statement and revokes again (devices.ts: settle).
    revokeFamily: statement<Record<string, unknown>, ByFamily>((p) => `update ${s} set revoked_at = now()
      where ${owner} = ${p.ownerId} and family_id = ${p.familyId} and ${active(s)}
      returning ${notify(type, owner, ", 'family', family_id")}`),
    remainingInFamily: statement<Remaining, ByFamily>((p) => `select count(*)::int as n from ${s}
      where ${owner} = ${p.ownerId} and family_id = ${p.familyId} and ${active(s)}`),
    // Every active family of the owner but `familyId` (null: every family); sockets hear it on commit.
    revokeOtherFamilies: statement<{ families: string[] }, OutsideFamily>((p) => `with r as (update ${s} set revoked_at = now()
        where ${owner} = ${p.ownerId} and family_id is distinct from ${p.familyId}::uuid and ${active(s)} returning family_id)
      select coalesce(array_agg(distinct family_id), '{}') as families,
        ${notify(type, `${p.ownerId}::uuid`, `, 'except', ${p.familyId}::uuid`)} from r`),
    remainingOutsideFamily: statement<Remaining, OutsideFamily>((p) => `select count(*)::int as n from ${s}
      where ${owner} = ${p.ownerId} and family_id is distinct from ${p.familyId}::uuid and ${active(s)}`),
    // Every session of the owner and all its access tokens at once; sockets hear it on commit.
    revokeAll: statement<Pick<Owner, 'token_version'>, ByOwner>((p) => `with r as (update ${s} set revoked_at = now() where ${owner} = ${p.ownerId} and revoked_at is null)
      update ${o} set token_version = token_version + 1, updated_at = now() where id = ${p.ownerId}
      returning token_version, ${notify(type, 'id')}`),
    revokeSessions: statement<Record<string, unknown>, ByOwner>((p) => `update ${s} set revoked_at = now() where ${owner} = ${p.ownerId} and revoked_at is null
      returning ${notify(type, owner)}`),
    remainingSessions: statement<Remaining, ByOwner>((p) => `select count(*)::int as n from ${s} where ${owner} = ${p.ownerId} and revoked_at is null`)
  }
}
