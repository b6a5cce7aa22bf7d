import type { AccountType } from './registry.js'
import type { Queryable } from '../core/db.js'
import { repositoryOf } from './repository.js'
import { revocations } from './devices.js'
import { factorRepositoryOf } from '../factors/repository.js'
import { federationStatements } from '../federation/repository.js'
import { recordEvent, type AuditContext } from '../audit/events.js'

/** How the address of a claimed account was proven: a provider that verified it, or a sign-in link. */
export type ClaimProof = { via: 'oauth', provider: string } | { via: 'link' }

/**
 * An account whose email is not confirmed belongs to nobody yet (docs/behaviour.md#unclaimed-accounts):
 * whoever proves the address another way than the registration's own mail takes it, and nothing
 * the one who registered it set up stays: its password, every session (and so access token and
 * socket), its factors, passkeys and recovery codes, identities and unused links or codes. The
 * email is confirmed. Runs in the caller's transaction, the one of the sign-in that proved the
 * address, and records account.claimed with what was removed (counts only).
 */
export async function claimAccount (tx: Queryable, kind: AccountType, ownerId: string, proof: ClaimProof,
  context: AuditContext): Promise<void> {
  const repo = repositoryOf(kind)
  // The account row is locked first: a concurrent claim, enrolment or passkey registration takes turns with this one.
  const [{ had_password: password }] = await repo.owners.claim.run(tx, { id: ownerId })
  const sessions = (await repo.sessions.listDevices.run(tx, { ownerId })).length
  await revocations.revokeAll(tx, kind, ownerId)
  const [factors] = await factorRepositoryOf(kind).resetAll.run(tx, { ownerId })
  const identities = kind.type === 'user' ? (await federationStatements.unlinkAll.run(tx, { userId: ownerId }))[0].n : 0
  const [tokens] = await repo.tokens.dropUnused.run(tx, { ownerId })
  await recordEvent(tx, {
    event: 'account.claimed',
    accountType: kind.type,
    accountId: ownerId,
    data: {
      ...proof, password, sessions, factors: factors.totp, passkeys: factors.passkeys, recoveryCodes: factors.recovery_codes,
      identities, pendingTokens: tokens.n
    }
  }, context)
}
