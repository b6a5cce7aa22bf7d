import { ACCOUNT_TYPES, type AccountType, tablesOf, clearMfaAttempts } from '../accounts/index.js'
import { statement } from '../core/db.js'
import { auditInsert } from '../audit/index.js'
import { deleteWebauthnChallenges, MAX_PASSKEYS, pruneWebauthnChallenges } from './passkey-repository.js'
import type { Row, userFactors, userMfaChallenges } from '../../db/schema.js'
import { factorTablesOf } from './tables.js'
import type { PublicFactor } from '../../schemas/factors.js'

type FactorRow = Omit<Row<typeof userFactors>, 'user_id'>
/** A factor as the statements return it: what is shown, never the secret or key. */
export type FactorView = Pick<FactorRow, 'id' | 'type' | 'name' | 'status' | 'created_at' | 'last_used_at'>
export type LockedTotp = FactorView & Pick<FactorRow, 'secret' | 'last_used_step'>
export type LockedChallenge = Pick<Row<typeof userMfaChallenges>, 'id' | 'method' | 'failed_attempts' | 'used_at'> & { owner_id: string, expired: boolean }
/** What an account has verified: decides the aal2 rule and FACTOR_EXISTS. */
export interface Verified { any_verified: boolean, has_totp: boolean }

const FIELDS = (t: string) => ['id', 'type', 'name', 'status', 'created_at', 'last_used_at'].map((c) => `${t}.${c}`).join(', ')

type ByOwner = { ownerId: string }
type FactorOfOwner = { id: string, ownerId: string }
/** A new passkey: its factor id, owner, name, credential, and its passkey.registered event. */
export type PasskeyParams = { id: string, ownerId: string, name: string, credentialId: Buffer, publicKey: Buffer, signCount: number,
  transports: string[] | null, eventId: string, sessionId: string | null, ip: string | null, userAgent: string | null }
/** A passkey's sign-in: its factor id, new sign count, and the passkey.login event. */
export type PasskeyUseParams = { id: string, signCount: number, eventId: string, ip: string | null, userAgent: string | null, userVerified: boolean }

/** The statements on one account type's factors (TOTP and passkeys), recovery codes and MFA challenges. */
function factorStatements (kind: AccountType) {
  const { f, rc, mc, owner } = factorTablesOf(kind)
  const { o } = tablesOf(kind)
  const verified = (id: string) => `exists (select 1 from ${f} where ${owner} = ${id} and status = 'verified') as any_verified,
    exists (select 1 from ${f} where ${owner} = ${id} and type = 'totp' and status = 'verified') as has_totp`
  return {
    list: statement<FactorView, ByOwner>((p) => `select ${FIELDS('f')} from ${f} f where ${owner} = ${p.ownerId} order by id`),
    verified: statement<Verified, ByOwner>((p) => `select ${verified(p.ownerId)}`),
    /** The owner's email and what it has verified, its row locked against a concurrent enrolment. */
    enrolling: statement<Verified & { email: string }, ByOwner>((p) => `select o.email, ${verified('o.id')} from ${o} o where o.id = ${p.ownerId} for update`),
    // A second enrolment replaces an unverified one; `secret`: sealed.
    enrolTotp: statement<FactorView, FactorOfOwner & { name: string, secret: string }>((p) => `with d as (delete from ${f}
        where ${owner} = ${p.ownerId} and type = 'totp' and status = 'unverified')
      insert into ${f} (id, ${owner}, type, name, secret) values (${p.id}, ${p.ownerId}, 'totp', ${p.name}, ${p.secret}) returning ${FIELDS(f)}`),
    lockTotp: statement<LockedTotp, FactorOfOwner>((p) => `select ${FIELDS('f')}, f.secret, f.last_used_step from ${f} f
      where id = ${p.id} and ${owner} = ${p.ownerId} and type = 'totp' for update`),
    lockVerifiedTotp: statement<LockedTotp, ByOwner>((p) => `select ${FIELDS('f')}, f.secret, f.last_used_step from ${f} f
      where ${owner} = ${p.ownerId} and type = 'totp' and status = 'verified' for update`),
    /** A code was accepted: its step is remembered (a replay is refused) and the factor verified. */
    useStep: statement<FactorView, { id: string, step: number }>((p) => `update ${f} set status = 'verified', last_used_step = ${p.step}, last_used_at = now()
      where id = ${p.id} returning ${FIELDS(f)}`),
    remove: statement<FactorView, FactorOfOwner>((p) => `delete from ${f} where id = ${p.id} and ${owner} = ${p.ownerId} returning ${FIELDS(f)}`),
    // The old codes die with the new ones.
    replaceRecoveryCodes: statement<never, ByOwner & { ids: string[], hashes: string[] }>((p) => `with d as (delete from ${rc} where ${owner} = ${p.ownerId})
      insert into ${rc} (id, ${owner}, code_hash) select u.id, ${p.ownerId}, u.hash from unnest(${p.ids}::uuid[], ${p.hashes}::text[]) as u(id, hash)`),
    recoveryCodesLeft: statement<{ n: number }, ByOwner>((p) => `select count(*)::int as n from ${rc} where ${owner} = ${p.ownerId} and used_at is null`),
    deleteRecoveryCodes: statement<never, ByOwner>((p) => `delete from ${rc} where ${owner} = ${p.ownerId}`),
    // A concurrent use of the same code waits for this row lock, then finds it used.
    useRecoveryCode: statement<{ id: string }, ByOwner & { hash: string }>((p) => `update ${rc} set used_at = now()
      where ${owner} = ${p.ownerId} and code_hash = ${p.hash} and used_at is null returning id`),
    /** A sign-in's second step: the challenge (`lifetime` in seconds) and the factors that can answer it, in one statement. */
    openChallenge: statement<FactorView, FactorOfOwner & { hash: string, method: string, lifetime: number }>((p) => `with c as (
        insert into ${mc} (id, ${owner}, token_hash, method, expires_at)
        values (${p.id}, ${p.ownerId}, ${p.hash}, ${p.method}, now() + make_interval(secs => ${p.lifetime})))
      select ${FIELDS('f')} from ${f} f where ${owner} = ${p.ownerId} and type = 'totp' and status = 'verified' order by id`),
    // Concurrent answers to one challenge queue on this lock; the later ones find it used.
    lockChallenge: statement<LockedChallenge, { hash: string }>((p) => `select id, ${owner} as owner_id, method, failed_attempts, used_at,
        expires_at <= now() as expired
      from ${mc} where token_hash = ${p.hash} for update`),
    failChallenge: statement<{ failed_attempts: number }, { id: string }>((p) => `update ${mc} set failed_attempts = failed_attempts + 1
      where id = ${p.id} returning failed_attempts`),
    useChallenge: statement<never, { id: string }>((p) => `update ${mc} set used_at = now() where id = ${p.id}`),
    /**
     * Everything second-factor of an owner (an admin's reset, a claim): factors and passkeys,
     * codes, pending challenges (passkeys' too: plugins/passkeys), the count of wrong codes
     * (plugins/accounts); how many factors and codes went.
     */
    resetAll: statement<{ totp: number, passkeys: number, recovery_codes: number }, ByOwner>((p) => `with a as (delete from ${f} where ${owner} = ${p.ownerId} returning type),
      b as (delete from ${rc} where ${owner} = ${p.ownerId} returning 1),
      c as (delete from ${mc} where ${owner} = ${p.ownerId}), d as (${deleteWebauthnChallenges(kind, p.ownerId)}), e as (${clearMfaAttempts(kind, p.ownerId)})
      select (select count(*) from a where type = 'totp')::int as totp, (select count(*) from a where type = 'webauthn')::int as passkeys,
        (select count(*) from b)::int as recovery_codes`),
    /** Challenges (MFA and WebAuthn) expired, `batch` at a time through the expiry indexes: how many. */
    pruneChallenges: statement<{ n: number }, { batch: number }>((p) => `with a as (delete from ${mc}
        where id in (select id from ${mc} where expires_at < now() limit ${p.batch}) returning 1),
      b as (${pruneWebauthnChallenges(kind, p.batch)} returning 1)
      select (select count(*) from a)::int + (select count(*) from b)::int as n`),
    // A registered passkey; nothing when the account has MAX_PASSKEYS already.
    insertPasskey: statement<FactorView, PasskeyParams>((p) => `with n as (
        insert into ${f} (id, ${owner}, type, name, status, credential_id, public_key, sign_count, transports)
        select ${p.id}, ${p.ownerId}, 'webauthn', ${p.name}, 'verified', ${p.credentialId}, ${p.publicKey}, ${p.signCount}, ${p.transports}
        where (select count(*) from ${f} where ${owner} = ${p.ownerId} and type = 'webauthn') < ${MAX_PASSKEYS}
        returning ${FIELDS(f)}),
      e as (${auditInsert({ id: p.eventId, event: 'passkey.registered', accountType: kind.type, accountId: p.ownerId, actorType: `'${kind.type}'`,
        actorId: p.ownerId, sessionId: p.sessionId, ip: p.ip, userAgent: p.userAgent, data: "json_build_object('factorId', n.id, 'name', n.name)" }, 'n')})
      select * from n`),
    // A passkey's sign-in: the new sign count, only forwards (a concurrent one that went further
    // wins), and passkey.login.
    usePasskey: statement<{ id: string }, PasskeyUseParams>((p) => `with u as (update ${f} set sign_count = ${p.signCount}, last_used_at = now()
        where id = ${p.id} and (coalesce(sign_count, 0) < ${p.signCount} or (${p.signCount} = 0 and coalesce(sign_count, 0) = 0)) returning id, ${owner}),
      e as (${auditInsert({ id: p.eventId, event: 'passkey.login', accountType: kind.type, accountId: `u.${owner}`, actorType: `'${kind.type}'`,
        actorId: `u.${owner}`, ip: p.ip, userAgent: p.userAgent, data: `json_build_object('factorId', u.id, 'userVerified', ${p.userVerified}::boolean)` }, 'u')})
      select id from u`)
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
