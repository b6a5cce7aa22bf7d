import { ACCOUNT_TYPES, type AccountType } from '../accounts/registry.js'
import { statement } from '../core/db.js'
import { tablesOf } from '../accounts/repository/shared.js'
import type { Row, userFactors, userMfaChallenges } from '../../db/schema.js'
import { factorTablesOf } from './tables.js'
import { queueNoticeSql } from '../mail/mailer.js'
import type { PublicFactor } from '../../schemas/factors.js'

type FactorRow = Omit<Row<typeof userFactors>, 'user_id'>
/** A factor as the statements return it: what is shown, never the secret or key. */
export type FactorView = Pick<FactorRow, 'id' | 'type' | 'name' | 'status' | 'created_at' | 'last_used_at'>
export type LockedTotp = FactorView & Pick<FactorRow, 'secret' | 'last_used_step'>
export type LockedChallenge = Pick<Row<typeof userMfaChallenges>, 'id' | 'method' | 'failed_attempts' | 'used_at'> & { owner_id: string, expired: boolean }
/** What an account has verified: decides the aal2 rule and FACTOR_EXISTS. */
export interface Verified { any_verified: boolean, has_totp: boolean }

const FIELDS = (t: string) => ['id', 'type', 'name', 'status', 'created_at', 'last_used_at'].map((c) => `${t}.${c}`).join(', ')

/** The statements on one account type's factors, recovery codes and MFA challenges. */
function factorStatements (kind: AccountType) {
  const { f, rc, mc, ma, wc, owner } = factorTablesOf(kind)
  const { o } = tablesOf(kind)
  const verified = (id: string) => `exists (select 1 from ${f} where ${owner} = ${id} and status = 'verified') as any_verified,
    exists (select 1 from ${f} where ${owner} = ${id} and type = 'totp' and status = 'verified') as has_totp`
  return {
    list: statement<FactorView>(`select ${FIELDS('f')} from ${f} f where ${owner} = $1 order by id`),
    verified: statement<Verified>(`select ${verified('$1')}`),
    /** The owner's email and what it has verified, its row locked against a concurrent enrolment. */
    enrolling: statement<Verified & { email: string }>(`select o.email, ${verified('o.id')} from ${o} o where o.id = $1 for update`),
    // A second enrolment replaces an unverified one: $1 owner, $2 id, $3 name, $4 sealed secret.
    enrolTotp: statement<FactorView>(`with d as (delete from ${f} where ${owner} = $1 and type = 'totp' and status = 'unverified')
      insert into ${f} (id, ${owner}, type, name, secret) values ($2, $1, 'totp', $3, $4) returning ${FIELDS(f)}`),
    lockTotp: statement<LockedTotp>(`select ${FIELDS('f')}, f.secret, f.last_used_step from ${f} f
      where id = $1 and ${owner} = $2 and type = 'totp' for update`),
    lockVerifiedTotp: statement<LockedTotp>(`select ${FIELDS('f')}, f.secret, f.last_used_step from ${f} f
      where ${owner} = $1 and type = 'totp' and status = 'verified' for update`),
    /** A code was accepted: its step is remembered (a replay is refused) and the factor verified. */
    useStep: statement<FactorView>(`update ${f} set status = 'verified', last_used_step = $2, last_used_at = now()
      where id = $1 returning ${FIELDS(f)}`),
    remove: statement<FactorView>(`delete from ${f} where id = $1 and ${owner} = $2 returning ${FIELDS(f)}`),
    // The old codes die with the new ones: $1 owner, $2 ids, $3 hashes.
    replaceRecoveryCodes: statement(`with d as (delete from ${rc} where ${owner} = $1)
      insert into ${rc} (id, ${owner}, code_hash) select u.id, $1, u.hash from unnest($2::uuid[], $3::text[]) as u(id, hash)`),
    deleteRecoveryCodes: statement(`delete from ${rc} where ${owner} = $1`),
    // A concurrent use of the same code waits for this row lock, then finds it used.
    useRecoveryCode: statement<{ id: string }>(`update ${rc} set used_at = now() where ${owner} = $1 and code_hash = $2 and used_at is null returning id`),
    /**
     * A sign-in's second step: the challenge ($1 id, $2 owner, $3 token hash, $4 method, $5
     * lifetime in seconds) and the factors that can answer it, in one statement.
     */
    openChallenge: statement<FactorView>(`with c as (insert into ${mc} (id, ${owner}, token_hash, method, expires_at)
        values ($1, $2, $3, $4, now() + make_interval(secs => $5)))
      select ${FIELDS('f')} from ${f} f where ${owner} = $2 and type = 'totp' and status = 'verified' order by id`),
    // Concurrent answers to one challenge queue on this lock; the later ones find it used.
    lockChallenge: statement<LockedChallenge>(`select id, ${owner} as owner_id, method, failed_attempts, used_at, expires_at <= now() as expired
      from ${mc} where token_hash = $1 for update`),
    failChallenge: statement<{ failed_attempts: number }>(`update ${mc} set failed_attempts = failed_attempts + 1 where id = $1 returning failed_attempts`),
    useChallenge: statement(`update ${mc} set used_at = now() where id = $1`),
    /**
     * The account's count of wrong codes ($1 owner), its row locked (made when missing) so that
     * the account's answers queue on it whatever their challenge. A lock that is over is lifted
     * and the count starts afresh. `retry_after`: the seconds left of a lock (null: not locked).
     */
    lockAttempts: statement<{ failures: number, retry_after: number | null }>(`insert into ${ma} as m (${owner}) values ($1)
      on conflict (${owner}) do update set failures = case when m.locked_until <= now() then 0 else m.failures end,
        locked_until = case when m.locked_until <= now() then null else m.locked_until end
      returning failures, case when locked_until is not null then greatest(ceil(extract(epoch from locked_until - now())), 1)::int end as retry_after`),
    // A wrong code, under that lock: the one that reaches $2 (MFA_LOCKOUT_THRESHOLD) locks the
    // codes for $3 s and queues the owner's mail in $4 (locale). `locked`: this answer locked.
    failAttempt: statement<{ failures: number, locked: boolean, queued: number }>(`with m as (update ${ma} set failures = failures + 1,
        locked_until = case when failures + 1 >= $2::int then now() + make_interval(secs => $3::int) end
      where ${owner} = $1 returning failures, locked_until is not null as locked),
      n as (select ${queueNoticeSql("'mfa_locked'", 'o.email', '$4::text', { lockedFor: '$3::int' })} from m, ${o} o
        where m.locked and o.id = $1 and o.is_active and o.deleted_at is null)
      select failures, locked, (select count(*) from n)::int as queued from m`),
    /** A right code: the count starts afresh. */
    clearAttempts: statement(`delete from ${ma} where ${owner} = $1`),
    /** Everything second-factor of an owner (an admin's reset, a claim): factors and passkeys, codes, pending challenges, the count of wrong codes; how many factors and codes went. */
    resetAll: statement<{ totp: number, passkeys: number, recovery_codes: number }>(`with a as (delete from ${f} where ${owner} = $1 returning type),
      b as (delete from ${rc} where ${owner} = $1 returning 1),
      c as (delete from ${mc} where ${owner} = $1), d as (delete from ${wc} where ${owner} = $1), e as (delete from ${ma} where ${owner} = $1)
      select (select count(*) from a where type = 'totp')::int as totp, (select count(*) from a where type = 'webauthn')::int as passkeys,
        (select count(*) from b)::int as recovery_codes`),
    /** Challenges (MFA and WebAuthn) expired, `$1` at a time through the expiry indexes: how many. */
    pruneChallenges: statement<{ n: number }>(`with a as (delete from ${mc} where id in (select id from ${mc} where expires_at < now() limit $1) returning 1),
      b as (delete from ${wc} where id in (select id from ${wc} where expires_at < now() limit $1) returning 1)
      select (select count(*) from a)::int + (select count(*) from b)::int as n`)
  }
}
export type FactorRepository = ReturnType<typeof factorStatements>

const REPOSITORIES = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, factorStatements(kind)]))

export function factorRepositoryOf (kind: AccountType): FactorRepository {
  return REPOSITORIES.get(kind)!
}

export function presentFactor (row: FactorView): PublicFactor {
  return {
    id: row.id,
    type: row.type as PublicFactor['type'],
    name: row.name,
    status: row.status as PublicFactor['status'],
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null
  }
}
