import type { FastifyInstance } from 'fastify'
import { type SignInStep, type AccountData, type Counts, ACCOUNT_TYPES, type AccountType, newOpaqueToken } from '../accounts/index.js'
import type { Queryable } from '../core/db.js'
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
 * What factors keep about an account (accounts/data.ts): its factors, TOTP and passkey (both are
 * rows of the factors table), recovery codes, challenges (MFA and WebAuthn) and the count of
 * wrong codes. A claim and an erasure delete them all; a deactivated account keeps them (it
 * cannot sign in, and an admin may activate it again); the export lists the factors without
 * their secrets or keys, and how many recovery codes are left.
 */
export const factorsData: AccountData = {
  name: 'factors',
  tables: Object.values(ACCOUNT_TYPES).flatMap(({ tables: t }) => [t.factors, t.recoveryCodes, t.mfaChallenges, t.mfaAttempts, t.webauthnChallenges]),
  claim: resetAll,
  deactivate: async () => ({}),
  erase: resetAll,
  async export (db, kind, ownerId) {
    const q = factorRepositoryOf(kind)
    const [factors, [codes]] = await Promise.all([q.list.run(db, { ownerId }), q.recoveryCodesLeft.run(db, { ownerId })])
    return { factors: factors.map(presentFactor), recoveryCodesLeft: codes.n }
  }
}

async function resetAll (tx: Queryable, kind: AccountType, ownerId: string): Promise<Counts> {
  const [removed] = await factorRepositoryOf(kind).resetAll.run(tx, { ownerId })
  return { factors: removed.totp, passkeys: removed.passkeys, recoveryCodes: removed.recovery_codes }
}
