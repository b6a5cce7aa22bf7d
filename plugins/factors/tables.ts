import type { AccountType } from '../accounts/index.js'
import { nameOf } from '../../db/schema.js'

/** The quoted names of an account type's factor tables (db/schema.ts) and its owner column. */
export function factorTablesOf (kind: AccountType) {
  const { factors, recoveryCodes, mfaChallenges } = kind.tables
  return { f: nameOf(factors), rc: nameOf(recoveryCodes), mc: nameOf(mfaChallenges), owner: `"${kind.ownerColumn}"` }
}

/**
 * Whether the owner `ownerId` (an SQL expression) has a verified TOTP factor, for the first
 * step of a sign-in to fold into its own statement: a column of the row it already reads, not
 * another round trip (the partial unique index answers it).
 */
export function hasVerifiedTotp (kind: AccountType, ownerId: string): string {
  const { f, owner } = factorTablesOf(kind)
  return `exists (select 1 from ${f} where ${owner} = ${ownerId} and type = 'totp' and status = 'verified')`
}
