import type { AccountType } from './registry.js'
import type { Queryable } from '../core/db.js'
import { repositoryOf } from './repository.js'
import { revocations } from './devices.js'
import type { ClaimCleanup } from './steps.js'
import { recordEvent, type AuditContext } from '../audit/events.js'

/** How the address of a claimed account was proven: a provider that verified it, or a sign-in link. */
export type ClaimProof = { via: 'oauth', provider: string } | { via: 'link' }

/**
 * An account whose email is not confirmed belongs to nobody yet (docs/behaviour.md#unclaimed-accounts):
 * whoever proves the address another way than the registration's own mail takes it, and nothing
 * the one who registered it set up stays: its password, every session (and so access token and
 * socket), its factors, passkeys and recovery codes, identities and unused links or codes. The
 * email is confirmed. Runs in the caller's transaction, the one of the sign-in that proved the
 * address, and records account.claimed with what was removed (counts only). What other domains
 * hold (factors, passkeys and recovery codes; identities) is removed by their `cleanups`
 * (app.signInSteps.claimCleanups, steps.ts), in the order registered.
 */
export async function claimAccount (tx: Queryable, kind: AccountType, ownerId: string, proof: ClaimProof,
  context: AuditContext, cleanups: readonly ClaimCleanup[]): Promise<void> {
  const repo = repositoryOf(kind)
  // The account row is locked first: a concurrent claim, enrolment or passkey registration takes turns with this one.
  const [{ had_password: password }] = await repo.owners.claim.run(tx, { id: ownerId })
  const sessions = (await repo.sessions.listDevices.run(tx, { ownerId })).length
  await revocations.revokeAll(tx, kind, ownerId)
  const removed: Record<string, number> = {}
  for (const cleanup of cleanups) Object.assign(removed, await cleanup.run(tx, kind, ownerId))
  const [tokens] = await repo.tokens.dropUnused.run(tx, { ownerId })
  await recordEvent(tx, {
    event: 'account.claimed',
    accountType: kind.type,
    accountId: ownerId,
    data: { ...proof, password, sessions, ...removed, pendingTokens: tokens.n }
  }, context)
}
