import type { AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { auditInsert } from '../../audit/index.js'
import { queueCancelDeletionSql } from '../../mail/index.js'
import { loginAttempts, nameOf } from '../../../db/schema.js'
import { OWNER_FIELDS, tablesOf, type Owner } from './shared.js'
import type { IssueParams } from './tokens.js'

const ATTEMPTS = nameOf(loginAttempts)
type ByOwner = { ownerId: string }

/** The job that erases an account when its delay has passed (workers/V1EraseAccountTask.ts); its key is the account's. */
export const ERASE_TASK = 'V1EraseAccountTask'
export const eraseJobKey = (type: string, id: string) => `erase:${type}:${id}`

/** A request of erasure: the account, the delay (seconds), then a token's issue as the mailed links' (its lifetime is the delay). */
export type ErasureParams = { ownerId: string, delay: number } & Omit<IssueParams, 'target' | 'lifetime'>

/** An account's own rows as its export shows them, and their erasure (plugins/accounts/own-data.ts). */
export function dataStatements (kind: AccountType) {
  const { o, s, tk, owner } = tablesOf(kind)
  return {
    /**
     * An active account's own request of erasure, in one statement: deactivated with its erasure
     * due in `delay` seconds, the link that cancels it (a one-time token lasting until then, earlier
     * ones superseded) mailed, the erasure job queued for then (keyed by the account: a cancel
     * removes it), account.deletion_requested recorded. No row: not active (or gone).
     */
    requestErasure: statement<{ erasure_due_at: Date, queued: number }, ErasureParams>((p) => `with
      a as (update ${o} set is_active = false, erasure_due_at = now() + make_interval(secs => ${p.delay}::int), updated_at = now()
        where id = ${p.ownerId} and is_active and deleted_at is null returning id, email, erasure_due_at),
      d as (delete from ${tk} where ${owner} in (select id from a) and purpose = 'cancel_deletion' and used_at is null),
      t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
        select ${p.tokenId}, a.id, 'cancel_deletion', ${p.hash}, a.email, a.erasure_due_at from a),
      j as (select ${queueCancelDeletionSql('a.email', `${p.locale}::text`, `${p.link}::text`, `${p.delay}::int`, 'a.erasure_due_at')} from a),
      w as (select graphile_worker.add_job('${ERASE_TASK}', json_build_object('accountType', '${kind.type}', 'accountId', a.id),
        run_at => a.erasure_due_at, max_attempts => 25, job_key => '${eraseJobKey(kind.type, '')}' || a.id) from a),
      e as (${auditInsert({ id: p.eventId, event: 'account.deletion_requested', accountType: kind.type, accountId: 'a.id', actorType: p.actorType,
        actorId: `${p.actorId}::uuid`, sessionId: `${p.sessionId}::uuid`, ip: p.ip, userAgent: p.userAgent,
        data: "json_build_object('erasureAt', a.erasure_due_at)" }, 'a')})
      select a.erasure_due_at, (select count(*) from j)::int + (select count(*) from w)::int as queued from a`),
    /**
     * The cancel link used, once, before the erasure: the account is active again, its erasure
     * job removed, account.deletion_cancelled recorded. `was_confirmed`: before this use (an
     * unconfirmed account is claimed by the link's holder, as a sign-in link). No row: unknown,
     * used, expired or superseded, or the account erased already.
     */
    cancelErasure: statement<{ id: string, was_confirmed: boolean }, { hash: string, eventId: string, ip: string | null, userAgent: string | null }>((p) => `with
      t as (update ${tk} k set used_at = now() from ${o} a
        where k.token_hash = ${p.hash} and k.purpose = 'cancel_deletion' and k.used_at is null and k.expires_at > now()
          and a.id = k.${owner} and a.email = k.email and a.deleted_at is null and a.erasure_due_at is not null
        returning k.${owner} as owner_id, a.is_email_confirmed as was_confirmed),
      u as (update ${o} set is_active = true, erasure_due_at = null, is_email_confirmed = true, updated_at = now()
        where id = (select owner_id from t) returning id),
      r as (select graphile_worker.remove_job('${eraseJobKey(kind.type, '')}' || u.id) from u),
      e as (${auditInsert({ id: p.eventId, event: 'account.deletion_cancelled', accountType: kind.type, accountId: 'u.id', actorType: `'${kind.type}'`,
        actorId: 'u.id', ip: p.ip, userAgent: p.userAgent }, 'u')})
      select u.id, t.was_confirmed, (select count(*) from r) as removed from u, t`),
    /** The account, locked, and whether its erasure is due (a job runs it then; an admin's erasure at once). */
    lockForErasure: statement<{ id: string, due: boolean }, ByOwner>((p) => `select id,
      coalesce(erasure_due_at <= now(), false) as due from ${o} where id = ${p.ownerId} for update`),
    removeErasureJob: statement<never, ByOwner>((p) => `select graphile_worker.remove_job('${eraseJobKey(kind.type, '')}' || ${p.ownerId}::text)`),
    owner: statement<Owner, ByOwner>((p) => `select ${OWNER_FIELDS(o)} from ${o} where id = ${p.ownerId}`),
    // Every session row of every family, revoked ones too: what the service kept of each device.
    sessions: statement<{ family_id: string, client: string, platform: string, aal: string, amr: string[], user_agent: string | null,
      ip_address: string | null, created_at: Date, last_used_at: Date | null, expires_at: Date, revoked_at: Date | null }, ByOwner>((p) =>
      `select family_id, client, platform, aal, amr, user_agent, ip_address, created_at, last_used_at, expires_at, revoked_at
       from ${s} where ${owner} = ${p.ownerId} order by created_at, id`),
    // The mailed links (their hashes are not the person's data, their addresses and times are).
    tokens: statement<{ purpose: string, email: string, created_at: Date, expires_at: Date, used_at: Date | null }, ByOwner>((p) =>
      `select purpose, email, created_at, expires_at, used_at from ${tk} where ${owner} = ${p.ownerId} order by created_at, id`),
    // The account and everything of it that the foreign keys cascade to, and the lockout windows of its address.
    erase: statement<{ sessions: number, tokens: number, attempts: number }, ByOwner>((p) => `with a as (select email from ${o} where id = ${p.ownerId} for update),
      l as (delete from ${ATTEMPTS} where account_type = '${kind.type}' and email = (select email from a) returning 1),
      s as (delete from ${s} where ${owner} = ${p.ownerId} returning 1),
      t as (delete from ${tk} where ${owner} = ${p.ownerId} returning 1),
      d as (delete from ${o} where id = ${p.ownerId} returning 1)
      select (select count(*)::int from s) as sessions, (select count(*)::int from t) as tokens, (select count(*)::int from l) as attempts`)
  }
}
