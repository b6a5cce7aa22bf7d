import { ACCOUNT_TYPES, type AccountType } from '../accounts/registry.js'
import { statement, type Queryable } from '../core/db.js'
import { auditInsert } from '../audit/events.js'
import type { Row, userFactors, users } from '../../db/schema.js'

type FactorRow = Omit<Row<typeof userFactors>, 'user_id'>
type OwnerRow = Row<typeof users>

/** A factor as responses show it. */
export type FactorView = Pick<FactorRow, 'id' | 'type' | 'name' | 'status' | 'created_at' | 'last_used_at'>
/** The account's factors as registration needs them: its passkeys to exclude, whether any factor is verified. */
export type FactorSummary = Pick<OwnerRow, 'email'> & { type: string | null, status: string | null, credential_id: Buffer | null, transports: string[] | null }
/** A passkey found by its credential id, with what a sign-in checks of its owner. */
export type StoredPasskey = Pick<FactorRow, 'public_key' | 'sign_count' | 'transports'> & { factor_id: string } &
  Pick<OwnerRow, 'id' | 'email' | 'is_active' | 'is_email_confirmed' | 'deleted_at'>

/** How long a WebAuthn challenge can be answered (seconds). */
export const CHALLENGE_TTL = 300
/** Passkeys per account. */
export const MAX_PASSKEYS = 10

const FACTOR_FIELDS = 'id, type, name, status, created_at, last_used_at'

/** The statements of one account type's passkeys and WebAuthn challenges (db/schema.ts: `<type>_factors`, `<type>_webauthn_challenges`). */
function passkeyStatements (kind: AccountType) {
  const f = `"${kind.type}_factors"`
  const c = `"${kind.type}_webauthn_challenges"`
  const o = `"${kind.ownerTable}"`
  const owner = `"${kind.ownerColumn}"`
  return {
    /** The account (not deleted) and each of its factors, one row per factor (nulls when it has none). */
    summary: statement<FactorSummary>(`select o.email, f.type, f.status, f.credential_id, f.transports
      from ${o} o left join ${f} f on f.${owner} = o.id where o.id = $1 and o.deleted_at is null`),
    // $1 id, $2 owner (null for a sign-in), $3 purpose, $4 challenge.
    newChallenge: statement(`insert into ${c} (id, ${owner}, purpose, challenge, expires_at)
      values ($1, $2, $3, $4, now() + make_interval(secs => ${CHALLENGE_TTL}))`),
    /** Single use: the first answer takes it (the row lock serializes concurrent ones), a dead or foreign one answers nothing. */
    consumeChallenge: statement<{ challenge: string }>(`update ${c} set used_at = now()
      where id = $1 and purpose = $2 and ${owner} is not distinct from $3 and used_at is null and expires_at > now()
      returning challenge`),
    /** Locks the account row: registrations of one account take turns (the 10 passkeys). */
    lockOwner: statement<{ id: string }>(`select id from ${o} where id = $1 and is_active and deleted_at is null for update`),
    // $1 factor id, $2 owner, $3 name, $4 credential id, $5 public key, $6 sign count, $7 transports,
    // $8 event id, $9 session, $10 ip, $11 user agent; nothing when the account has MAX_PASSKEYS already.
    insert: statement<FactorView>(`with n as (insert into ${f} (id, ${owner}, type, name, status, credential_id, public_key, sign_count, transports)
        select $1, $2, 'webauthn', $3, 'verified', $4, $5, $6, $7
        where (select count(*) from ${f} where ${owner} = $2 and type = 'webauthn') < ${MAX_PASSKEYS}
        returning ${FACTOR_FIELDS}),
      e as (${auditInsert({ id: '$8', event: 'passkey.registered', accountType: kind.type, accountId: '$2', actorType: `'${kind.type}'`,
        actorId: '$2', sessionId: '$9', ip: '$10', userAgent: '$11', data: "json_build_object('factorId', n.id, 'name', n.name)" }, 'n')})
      select * from n`),
    find: statement<StoredPasskey>(`select f.id as factor_id, f.public_key, f.sign_count, f.transports,
        o.id, o.email, o.is_active, o.is_email_confirmed, o.deleted_at
      from ${f} f join ${o} o on o.id = f.${owner}
      where f.credential_id = $1 and f.type = 'webauthn' and f.status = 'verified'`),
    // A sign-in: the new sign count, only forwards (a concurrent one that went further wins), and
    // passkey.login. $1 factor, $2 sign count, $3 event id, $4 ip, $5 user agent, $6 user verified.
    use: statement<{ id: string }>(`with u as (update ${f} set sign_count = $2, last_used_at = now()
        where id = $1 and (coalesce(sign_count, 0) < $2 or ($2 = 0 and coalesce(sign_count, 0) = 0)) returning id, ${owner}),
      e as (${auditInsert({ id: '$3', event: 'passkey.login', accountType: kind.type, accountId: `u.${owner}`, actorType: `'${kind.type}'`,
        actorId: `u.${owner}`, ip: '$4', userAgent: '$5', data: "json_build_object('factorId', u.id, 'userVerified', $6::boolean)" }, 'u')})
      select id from u`)
  }
}

/** Expired challenges (answered or not), `$1` at a time through the expiry index: nothing can use them any more. */
const pruneStatement = (kind: AccountType) => statement(`delete from "${kind.type}_webauthn_challenges"
  where id in (select id from "${kind.type}_webauthn_challenges" where expires_at < now() limit $1)`)

/** Deletes an account type's expired WebAuthn challenges (V1PruneSessionsTask): how many. */
export async function pruneChallenges (db: Queryable, kind: AccountType, batch: number): Promise<number> {
  const prune = PRUNE.get(kind)!
  let deleted = 0
  for (;;) {
    const { count } = await prune.run(db, [batch])
    deleted += count
    if (count < batch) return deleted
  }
}

const PRUNE = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, pruneStatement(kind)]))
const STATEMENTS = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, passkeyStatements(kind)]))

export function passkeysOf (kind: AccountType): ReturnType<typeof passkeyStatements> {
  return STATEMENTS.get(kind)!
}
