import type { AccountType } from '../registry.js'
import { statement, type Placeholders, type Statement } from '../../core/db.js'
import { loginAttempts, nameOf } from '../../../db/schema.js'
import { auditInsert } from '../../audit/index.js'
import { queueLoginLockedSql, queueNoticeSql } from '../../mail/index.js'
import { active, notify, tablesOf } from './shared.js'
import type { Credentials } from './owners.js'

const ATTEMPTS = nameOf(loginAttempts)

/** The credentials of an address (null columns when there is no such account), and the attempt reserved for it. */
export type ReservedCredentials = { [K in keyof Credentials]: Credentials[K] | null } & {
  /** This attempt's number in the window (1 = the first), or null when the address is locked. */
  attempt: number | null
  /** Seconds until the window of a locked address ends (null: not known to this statement's snapshot). */
  retry_after: number | null
}

type ReserveParams = { email: string, threshold: number, windowSeconds: number }
export type LockParams = Omit<ReserveParams, 'threshold'> & { failures: number, accountId: string | null, eventId: string, ip: string | null, userAgent: string | null,
  locale: string, tokenId: string, tokenHash: string | null, link: string | null, linkLifetime: number | null }

/**
 * The password step's read with the lockout on (docs/behaviour.md#lockout): the address's
 * credentials and this attempt's number in one round trip. `pending`: the sign-in steps' column
 * (steps.ts), as in credentialsStatement.
 */
export function reserveStatement (kind: AccountType, pending: (ownerId: string) => string): Statement<ReservedCredentials, ReserveParams> {
  const { o } = tablesOf(kind)
  const type = kind.type
  const key = (email: string) => `account_type = '${type}' and email = ${email}`
  // One round trip, as the plain credentials read: the attempt is counted (reserved) before
  // the password is verified, under the row's lock, so of any number of concurrent attempts
  // no more than the threshold get a number and are verified. A window that is over starts
  // again at 1. A locked address gets no number and the row is left as it is.
  return statement<ReservedCredentials, ReserveParams>(({ email, threshold, windowSeconds }) => `with r as (insert into ${ATTEMPTS} as l (account_type, email, attempts, window_ends_at)
      values ('${type}', ${email}, 1, now() + make_interval(secs => ${windowSeconds}::int))
    on conflict (account_type, email) do update set
      attempts = case when l.window_ends_at <= now() then 1 else l.attempts + 1 end,
      window_ends_at = case when l.window_ends_at <= now() then now() + make_interval(secs => ${windowSeconds}::int) else l.window_ends_at end
    where l.window_ends_at <= now() or l.attempts < ${threshold}::int
    returning attempts)
  select o.id, o.password, o.is_active, o.is_email_confirmed, o.deleted_at, ${pending('o.id')} as pending,
    (select attempts from r) as attempt,
    (select greatest(ceil(extract(epoch from window_ends_at - now())), 1)::int from ${ATTEMPTS} where ${key(email)}) as retry_after
  from (select) x left join ${o} o on o.email = ${email}`)
}

/**
 * The other statements of the per-account lockout on `login_attempts`, keyed by account type and
 * the address tried, whether or not an account has it.
 */
export function lockoutStatements (kind: AccountType) {
  const { o, tk, owner } = tablesOf(kind)
  const type = kind.type
  const key = (email: string) => `account_type = '${type}' and email = ${email}`
  return {
    // The attempt that locked the address (`failures` failures, the window in seconds), in one
    // statement whether an account has it or not: login.locked (the account id or null) and, for
    // an active account, its owner's mail in `locale` saying for how long (the window's rest, in
    // whole minutes). With a sign-in token (`tokenHash` null: none) it carries the link (lasting
    // `linkLifetime` s) and supersedes the owner's unused ones, as requestsigninlink; without,
    // the mail names the reset.
    lock: statement<{ queued: number }, LockParams>(({ email, failures, windowSeconds, accountId, eventId, ip, userAgent, locale, tokenId, tokenHash, link,
      linkLifetime }) => `with o as (select id, email from ${o} where email = ${email} and is_active and deleted_at is null),
      d as (delete from ${tk} where ${tokenHash}::text is not null and ${owner} in (select id from o) and purpose = 'sign_in' and used_at is null),
      t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
        select ${tokenId}, o.id, 'sign_in', ${tokenHash}, o.email, now() + make_interval(secs => ${linkLifetime}::int) from o where ${tokenHash}::text is not null),
      j as (select ${queueLoginLockedSql('o.email', `${locale}::text`, `${link}::text`, `${linkLifetime}::int`, `coalesce((select (ceil(greatest(extract(epoch from
        window_ends_at - now()), 1) / 60) * 60)::int from ${ATTEMPTS} where ${key(email)}), ${windowSeconds}::int)`)} from o),
      e as (${auditInsert({ id: eventId, event: 'login.locked', accountType: type, accountId: `${accountId}::uuid`, ip, userAgent,
        data: `json_build_object('email', ${email}::text, 'failures', ${failures}::int, 'windowSeconds', ${windowSeconds}::int)` })})
      select (select count(*) from j)::int as queued`),
    // A successful password reset: the address starts afresh.
    clear: statement<never, { ownerId: string }>((p) => `delete from ${ATTEMPTS} where account_type = '${type}' and email = (select email from ${o} where id = ${p.ownerId})`)
  }
}

/** The parameters of what opening a session does besides (`openExtras`). */
export interface OpenExtrasParams {
  /** A password was checked for this sign-in: its counted attempt is taken back. */
  release: boolean
  /** The current argon2id hash replacing the one just verified (null: none), and that verified hash. */
  rehashTo: string | null
  rehashFrom: string | null
  /** MAX_SESSIONS_PER_ACCOUNT (0: no cap). */
  maxSessions: number
  /** The id of the `session.revoked` event of the cap. */
  capEventId: string
}

/**
 * What opening a session does besides (`open`, repository/sessions.ts), as CTEs on `a`, the
 * owner row the statement updates, with the placeholders of that statement (`ownerId`, `ip`,
 * `userAgent` are the session's):
 * - `release`: a password was checked for this sign-in; its counted attempt is taken back (the
 *   row goes when it was the only one), so right passwords never lock an account;
 * - `rehashTo`, `rehashFrom`: the rehash happens in this statement, only if the hash is still
 *   the one verified;
 * - `maxSessions`: the active families beyond it, least recently used first, are revoked (their
 *   sockets hear it on commit) and recorded as one `session.revoked` event (`capEventId`) with
 *   `data.reason` `max_sessions`.
 */
export function openExtras (kind: AccountType, p: Placeholders<OpenExtrasParams & { ownerId: string, ip: string | null, userAgent: string | null }>) {
  const { s, owner } = tablesOf(kind)
  const type = kind.type
  const { release, rehashTo: next, rehashFrom: verified, maxSessions: cap } = p
  const mine = `account_type = '${type}' and email = (select email from a)`
  return {
    /** The assignment that goes first in the `set` of `a`. */
    rehash: `password = case when ${next}::text is not null and password = ${verified}::text then ${next}::text else password end`,
    ctes: `l as (delete from ${ATTEMPTS} where ${release}::boolean and ${mine} and attempts <= 1),
      m as (update ${ATTEMPTS} set attempts = attempts - 1 where ${release}::boolean and ${mine} and attempts > 1),
      c as (update ${s} set revoked_at = now()
        where ${cap}::int > 0 and ${owner} = (select id from a) and ${active(s)} and family_id in (select family_id from ${s}
          where ${owner} = ${p.ownerId} and ${active(s)} order by created_at desc offset greatest(${cap}::int - 1, 0))
        returning family_id, ${notify(type, owner, ", 'family', family_id")}),
      k as (${auditInsert({ id: `${p.capEventId}::uuid`, event: 'session.revoked', accountType: type, accountId: p.ownerId, actorType: `'${type}'`,
        actorId: p.ownerId, ip: p.ip, userAgent: p.userAgent, data: "json_build_object('reason', 'max_sessions', 'families', c.families)" },
        '(select array_agg(distinct family_id) as families from c) c where c.families is not null')})`
  }
}

/** Deletes lockout windows that are over, `batch` rows at most per statement (V1PruneSessionsTask, hourly). */
export const pruneLoginAttempts = statement<never, { batch: number }>((p) => `delete from ${ATTEMPTS} where ctid = any (array(
  select ctid from ${ATTEMPTS} where window_ends_at < now() limit ${p.batch}))`)

/**
 * The statements of the second-factor lockout (docs/behaviour.md#second-factor-lockout) on
 * `<type>_mfa_attempts`: the account's count of consecutive wrong codes across its challenges.
 */
export function mfaLockoutStatements (kind: AccountType) {
  const { o, ma, owner } = tablesOf(kind)
  return {
    /**
     * The account's count of wrong codes, its row locked (made when missing) so that the
     * account's answers queue on it whatever their challenge. A lock that is over is lifted and
     * the count starts afresh. `retry_after`: the seconds left of a lock (null: not locked).
     */
    lock: statement<{ failures: number, retry_after: number | null }, { ownerId: string }>((p) => `insert into ${ma} as m (${owner}) values (${p.ownerId})
      on conflict (${owner}) do update set failures = case when m.locked_until <= now() then 0 else m.failures end,
        locked_until = case when m.locked_until <= now() then null else m.locked_until end
      returning failures, case when locked_until is not null then greatest(ceil(extract(epoch from locked_until - now())), 1)::int end as retry_after`),
    // A wrong code, under that lock: the one that reaches `threshold` (MFA_LOCKOUT_THRESHOLD)
    // locks the codes for `seconds` and queues the owner's mail in `locale`. `locked`: this answer locked.
    fail: statement<{ failures: number, locked: boolean, queued: number }, { ownerId: string, threshold: number, seconds: number, locale: string }>(
      ({ ownerId, threshold, seconds, locale }) => `with m as (update ${ma} set failures = failures + 1,
        locked_until = case when failures + 1 >= ${threshold}::int then now() + make_interval(secs => ${seconds}::int) end
      where ${owner} = ${ownerId} returning failures, locked_until is not null as locked),
      n as (select ${queueNoticeSql("'mfa_locked'", 'o.email', `${locale}::text`, { lockedFor: `${seconds}::int` })} from m, ${o} o
        where m.locked and o.id = ${ownerId} and o.is_active and o.deleted_at is null)
      select failures, locked, (select count(*) from n)::int as queued from m`),
    /** A right code: the count starts afresh. */
    clear: statement<never, { ownerId: string }>((p) => clearMfaAttempts(kind, p.ownerId))
  }
}

/** The delete of an owner's count of wrong codes (`ownerId` an SQL expression), for a statement or CTE of another change (an admin's reset). */
export function clearMfaAttempts (kind: AccountType, ownerId: string): string {
  const { ma, owner } = tablesOf(kind)
  return `delete from ${ma} where ${owner} = ${ownerId}`
}
