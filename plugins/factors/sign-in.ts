import type { FastifyInstance } from 'fastify'
import type { ClaimCleanup, SignInStep } from '../accounts/steps.js'
import { newOpaqueToken } from '../accounts/tokens.js'
import { uuidv7 } from '../../random.js'
import { factorRepositoryOf, presentFactor } from './repository.js'
import { hasVerifiedTotp } from './tables.js'

/** Seconds an mfaToken stays usable. */
export const MFA_CHALLENGE_TTL = 5 * 60

/**
 * The second factor as a sign-in step (accounts/steps.ts): due when the account has a verified
 * TOTP factor, a column of the first step's own statement (hasVerifiedTotp). Its answer is the
 * challenge: 32 random bytes stored hashed, 5 minutes, single use, and the factors that answer
 * it, in one statement. verifymfa opens the session (challenge.ts).
 */
export function secondFactorStep (app: FastifyInstance): SignInStep {
  const { sql } = app
  return {
    name: 'mfa',
    pending: hasVerifiedTotp,
    async open (kind, ownerId, method) {
      const { token, hash } = newOpaqueToken()
      const factors = await factorRepositoryOf(kind).openChallenge.run(sql, { id: uuidv7(), ownerId, hash, method, lifetime: MFA_CHALLENGE_TTL })
      app.accountMetrics?.mfaChallenges.inc({ type: kind.type, outcome: 'issued' })
      return { mfaRequired: true, mfaToken: token, factors: factors.map(presentFactor) }
    }
  }
}

/**
 * What a claim removes of factors' (accounts/claim.ts): every factor, TOTP and passkey (both are
 * rows of the factors table), the recovery codes, pending challenges and the count of wrong codes.
 */
export const factorsClaimCleanup: ClaimCleanup = {
  name: 'factors',
  async run (tx, kind, ownerId) {
    const [removed] = await factorRepositoryOf(kind).resetAll.run(tx, { ownerId })
    return { factors: removed.totp, passkeys: removed.passkeys, recoveryCodes: removed.recovery_codes }
  }
}
