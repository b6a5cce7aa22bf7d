import type { AccountType } from './registry.js'
import type { Queryable } from '../core/db.js'
import { repositoryOf } from './repository.js'
import type { createAccountData } from './data.js'
import { recordEvent, type AuditContext } from '../audit/index.js'

/** How the address of a claimed account was proven: a provider that verified it, or a sign-in link. */
export type ClaimProof = { via: 'oauth', provider: string } | { via: 'link' }

/**
 * An account whose email is not confirmed belongs to nobody yet (docs/behaviour.md#unclaimed-accounts):
 * whoever proves the address another way than the registration's own mail takes it, and nothing
 * the one who registered it set up stays: its password, and through every domain's claim handler
 * (app.accountData, data.ts) every session (and so access token and socket), unused links,
 * factors, passkeys and recovery codes, identities, provider grants and their tokens, posts, the
 * organizations it created (deleted), its other memberships, and the invitations, API keys and
 * webhook endpoints it made. The email is confirmed. Runs in the caller's transaction, the one of
 * the sign-in that proved the address, and records account.claimed with what was removed (counts only).
 */
export async function claimAccount (tx: Queryable, kind: AccountType, ownerId: string, proof: ClaimProof,
  context: AuditContext, data: Pick<ReturnType<typeof createAccountData>, 'claim'>): Promise<void> {
  // The account row is locked first: a concurrent claim, enrolment or passkey registration takes turns with this one.
  const [{ had_password: password }] = await repositoryOf(kind).owners.claim.run(tx, { id: ownerId })
  const removed = await data.claim(tx, kind, ownerId)
  await recordEvent(tx, {
    event: 'account.claimed',
    accountType: kind.type,
    accountId: ownerId,
    data: { ...proof, password, ...removed }
  }, context)
}
