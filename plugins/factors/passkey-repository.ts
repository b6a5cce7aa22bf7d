import { ACCOUNT_TYPES, type AccountType, tablesOf } from '../accounts/index.js'
import { statement, type Queryable } from '../core/db.js'
import { nameOf, type Row, type userFactors, type users } from '../../db/schema.js'
import { factorTablesOf } from './tables.js'

type FactorRow = Omit<Row<typeof userFactors>, 'user_id'>
type OwnerRow = Row<typeof users>

/** The account's factors as registration needs them: its passkeys to exclude, whether any factor is verified. */
export type FactorSummary = Pick<OwnerRow, 'email'> & { type: string | null, status: string | null, credential_id: Buffer | null, transports: string[] | null }
/** A passkey found by its credential id, with what a sign-in checks of its owner. */
export type StoredPasskey = Pick<FactorRow, 'public_key' | 'sign_count' | 'transports'> & { factor_id: string } &
  Pick<OwnerRow, 'id' | 'email' | 'is_active' | 'is_email_confirmed' | 'deleted_at'>

/** How long a WebAuthn challenge can be answered (seconds). */
export const CHALLENGE_TTL = 300
/** Passkeys per account. */
export const MAX_PASSKEYS = 10

type ByOwner = { ownerId: string }

/**
 * The statements of one account type's WebAuthn challenges (`<type>_webauthn_challenges`, this
 * module's table) and the reads of its passkeys (rows of `<type>_factors`, which plugins/factors
 * writes: insertPasskey, usePasskey).
 */
function passkeyStatements (kind: AccountType) {
  const { f } = factorTablesOf(kind)
  const c = nameOf(kind.tables.webauthnChallenges)
  const { o } = tablesOf(kind)
  const owner = `"${kind.ownerColumn}"`
  return {
    /** The account (not deleted) and each of its factors, one row per factor (nulls when it has none). */
    summary: statement<FactorSummary, ByOwner>((p) => `select o.email, f.type, f.status, f.credential_id, f.transports
      from ${o} o left join ${f} f on f.${owner} = o.id where o.id = ${p.ownerId} and o.deleted_at is null`),
    // `ownerId`: null for a sign-in.
    newChallenge: statement<never, { id: string, ownerId: string | null, purpose: string, challenge: string }>((p) => `insert into ${c}
        (id, ${owner}, purpose, challenge, expires_at)
      values (${p.id}, ${p.ownerId}, ${p.purpose}, ${p.challenge}, now() + make_interval(secs => ${CHALLENGE_TTL}))`),
    /** Single use: the first answer takes it (the row lock serializes concurrent ones), a dead or foreign one answers nothing. */
    consumeChallenge: statement<{ challenge: string }, { id: string, purpose: string, ownerId: string | null }>((p) => `update ${c} set used_at = now()
      where id = ${p.id} and purpose = ${p.purpose} and ${owner} is not distinct from ${p.ownerId} and used_at is null and expires_at > now()
      returning challenge`),
    find: statement<StoredPasskey, { credentialId: Buffer }>((p) => `select f.id as factor_id, f.public_key, f.sign_count, f.transports,
        o.id, o.email, o.is_active, o.is_email_confirmed, o.deleted_at
      from ${f} f join ${o} o on o.id = f.${owner}
      where f.credential_id = ${p.credentialId} and f.type = 'webauthn' and f.status = 'verified'`)
  }
}

/** The delete of an owner's WebAuthn challenges (`ownerId` an SQL expression), for a statement or CTE of another change (plugins/factors: resetAll). */
export function deleteWebauthnChallenges (kind: AccountType, ownerId: string): string {
  return `delete from ${nameOf(kind.tables.webauthnChallenges)} where "${kind.ownerColumn}" = ${ownerId}`
}

/** The delete of expired challenges (answered or not), `batch` (an SQL expression) at a time through the expiry index: nothing can use them any more. */
export function pruneWebauthnChallenges (kind: AccountType, batch: string): string {
  const c = nameOf(kind.tables.webauthnChallenges)
  return `delete from ${c} where id in (select id from ${c} where expires_at < now() limit ${batch})`
}

const pruneStatement = (kind: AccountType) => statement<never, { batch: number }>((p) => pruneWebauthnChallenges(kind, p.batch))

/** Deletes an account type's expired WebAuthn challenges (V1PruneSessionsTask): how many. */
export async function pruneChallenges (db: Queryable, kind: AccountType, batch: number): Promise<number> {
  const prune = PRUNE.get(kind)!
  let deleted = 0
  for (;;) {
    const { count } = await prune.run(db, { batch })
    deleted += count
    if (count < batch) return deleted
  }
}

const PRUNE = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, pruneStatement(kind)]))
const STATEMENTS = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, passkeyStatements(kind)]))

export function passkeysOf (kind: AccountType): ReturnType<typeof passkeyStatements> {
  return STATEMENTS.get(kind)!
}
