import type { AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { auditInsert } from '../../audit/events.js'
import { queueLoginLockedSql } from '../../mail/mailer.js'
import { active, notify, tablesOf } from './shared.js'
import { NOTHING_PENDING, type Credentials } from './owners.js'

/** The credentials of an address (null columns when there is no such account), and the attempt reserved for it. */
export type ReservedCredentials = { [K in keyof Credentials]: Credentials[K] | null } & {
  /** This attempt's number in the window (1 = the first), or null when the address is locked. */
  attempt: number | null
  /** Seconds until the window of a locked address ends (null: not known to this statement's snapshot). */
  retry_after: number | null
}

/**
 * The statements of the per-account lockout (docs/behaviour.md#lockout) on `login_attempts`,
 * keyed by account type and the address tried, whether or not an account has it. `pending`: the
 * sign-in steps' column of `reserve` (steps.ts), as in ownerStatements.
 */
export function lockoutStatements (kind: AccountType, pending: (ownerId: string) => string = NOTHING_PENDING) {
  const { o, tk, owner } = tablesOf(kind)
  const type = kind.type
  const key = `account_type = '${type}' and email = $1`
  return {
    // One round trip, as the plain credentials read: the attempt is counted (reserved) before
    // the password is verified, under the row's lock, so of any number of concurrent attempts
    // no more than the threshold ($2) get a number and are verified. A window ($3 s) that is
    // over starts again at 1. A locked address gets no number and the row is left as it is.
    reserve: statement<ReservedCredentials>(`with r as (insert into login_attempts as l (account_type, email, attempts, window_ends_at)
        values ('${type}', $1, 1, now() + make_interval(secs => $3::int))
      on conflict (account_type, email) do update set
        attempts = case when l.window_ends_at <= now() then 1 else l.attempts + 1 end,
        window_ends_at = case when l.window_ends_at <= now() then now() + make_interval(secs => $3::int) else l.window_ends_at end
      where l.window_ends_at <= now() or l.attempts < $2::int
      returning attempts)
    select o.id, o.password, o.is_active, o.is_email_confirmed, o.deleted_at, ${pending('o.id')} as pending,
      (select attempts from r) as attempt,
      (select greatest(ceil(extract(epoch from window_ends_at - now())), 1)::int from login_attempts where ${key}) as retry_after
    from (select) x left join ${o} o on o.email = $1`),
    // The attempt that locked the address ($1; $2 failures, $3 the window in seconds), in one
    // statement whether an account has it or not: login.locked ($4 account id or null, $5 event
    // id, $6 ip, $7 user agent) and, for an active account, its owner's mail in $8 (locale)
    // saying for how long (the window's rest, in whole minutes). With a sign-in token ($9 id, $10
    // hash, or null: none) it carries the link $11 (lasting $12 s) and supersedes the owner's
    // unused ones, as requestsigninlink; without, the mail names the reset.
    lock: statement<{ queued: number }>(`with o as (select id, email from ${o} where email = $1 and is_active and deleted_at is null),
      d as (delete from ${tk} where $10::text is not null and ${owner} in (select id from o) and purpose = 'sign_in' and used_at is null),
      t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
        select $9, o.id, 'sign_in', $10, o.email, now() + make_interval(secs => $12::int) from o where $10::text is not null),
      j as (select ${queueLoginLockedSql('o.email', '$8::text', '$11::text', '$12::int', `coalesce((select (ceil(greatest(extract(epoch from
        window_ends_at - now()), 1) / 60) * 60)::int from login_attempts where ${key}), $3::int)`)} from o),
      e as (${auditInsert({ id: '$5', event: 'login.locked', accountType: type, accountId: '$4::uuid', ip: '$6', userAgent: '$7',
        data: "json_build_object('email', $1::text, 'failures', $2::int, 'windowSeconds', $3::int)" })})
      select (select count(*) from j)::int as queued`),
    // A successful password reset: the address starts afresh ($1 the owner's id).
    clear: statement(`delete from login_attempts where account_type = '${type}' and email = (select email from ${o} where id = $1)`)
  }
}

/**
 * What opening a session does besides (`open`, repository/sessions.ts), as CTEs on `a`, the
 * owner row the statement updates; their parameters follow the statement's own, from `$first`:
 * - `$first` (boolean): a password was checked for this sign-in; its counted attempt is taken
 *   back (the row goes when it was the only one), so right passwords never lock an account;
 * - `$first+1`, `$first+2`: the current argon2id hash replacing the one of other parameters just verified
 *   (null: none), and that verified hash: the rehash happens in this statement, only if the
 *   hash is still the one verified;
 * - `$first+3`: MAX_SESSIONS_PER_ACCOUNT (0: no cap); the active families beyond it, least
 *   recently used first, are revoked (their sockets hear it on commit) and recorded as one
 *   `session.revoked` event (`$first+4` its id) with `data.reason` `max_sessions`.
 */
export function openExtras (kind: AccountType, first: number) {
  const { s, owner } = tablesOf(kind)
  const type = kind.type
  const [release, next, verified, cap, eventId] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`)
  const mine = `account_type = '${type}' and email = (select email from a)`
  return {
    /** The assignment that goes first in the `set` of `a`. */
    rehash: `password = case when ${next}::text is not null and password = ${verified}::text then ${next}::text else password end`,
    ctes: `l as (delete from login_attempts where ${release}::boolean and ${mine} and attempts <= 1),
      m as (update login_attempts set attempts = attempts - 1 where ${release}::boolean and ${mine} and attempts > 1),
      c as (update ${s} set revoked_at = now()
        where ${cap}::int > 0 and ${owner} = (select id from a) and ${active(s)} and family_id in (select family_id from ${s}
          where ${owner} = $1 and ${active(s)} order by created_at desc offset greatest(${cap}::int - 1, 0))
        returning family_id, ${notify(type, owner, ", 'family', family_id")}),
      k as (${auditInsert({ id: `${eventId}::uuid`, event: 'session.revoked', accountType: type, accountId: '$1', actorType: `'${type}'`,
        actorId: '$1', ip: '$8', userAgent: '$7', data: "json_build_object('reason', 'max_sessions', 'families', c.families)" },
        '(select array_agg(distinct family_id) as families from c) c where c.families is not null')})`
  }
}

/** Deletes lockout windows that are over, $1 rows at most per statement (V1PruneSessionsTask, hourly). */
export const pruneLoginAttempts = statement(`delete from login_attempts where ctid = any (array(
  select ctid from login_attempts where window_ends_at < now() limit $1))`)
