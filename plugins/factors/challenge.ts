import type { FastifyInstance } from 'fastify'
import { type AccountType, type Amr, type Issued, type SessionMeta, hashToken, OPAQUE_TOKEN, repositoryOf } from '../accounts/index.js'
import { AppError } from '../core/errors.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import { factorError } from './errors.js'
import { factorRepositoryOf } from './repository.js'
import { hashRecoveryCode, matchStep, type SecretBox } from './secrets.js'

/** Wrong codes a challenge takes before it dies. */
export const MFA_MAX_ATTEMPTS = 5

/** The second step's answer: a TOTP code of one of the account's factors, or one recovery code. */
export interface MfaAnswer { mfaToken: string, factorId?: string, code?: string, recoveryCode?: string }

type Outcome = { issued: Issued, second: Amr } | { refused: 'invalid_token' | 'not_found' | 'invalid_code' } | { refused: 'locked', retryAfter: number }

/** The second step of a sign-in (verifymfa). */
export function createChallenge (app: FastifyInstance, box: SecretBox) {
  const { sql, sessions, accountMetrics: metrics } = app
  const { threshold, durationSeconds } = app.config.mfaLockout

  /**
   * Checks the answer with the challenge row locked (concurrent answers queue on it; the later
   * ones find it used) and, when right, uses the code and the challenge and opens the session in
   * the same transaction. A wrong answer is counted, and committed, before it is refused.
   *
   * Wrong answers are also counted per account, across its challenges and sign-in paths
   * (MFA_LOCKOUT_THRESHOLD, docs/behaviour.md#second-factor-lockout), under the lock of the
   * account's count, taken before the code is checked: a locked account's right code is refused
   * too, and of concurrent answers on several challenges none is checked after the one that locks.
   */
  async function answer (kind: AccountType, args: MfaAnswer, meta: SessionMeta, context: AuditContext, locale: string): Promise<Outcome> {
    if (!OPAQUE_TOKEN.test(args.mfaToken)) return { refused: 'invalid_token' }
    const repo = factorRepositoryOf(kind)
    const { mfaLockout } = repositoryOf(kind)
    return sql.begin(async (tx): Promise<Outcome> => {
      const [challenge] = await repo.lockChallenge.run(tx, { hash: hashToken(args.mfaToken) })
      if (!challenge || challenge.used_at || challenge.expired || challenge.failed_attempts >= MFA_MAX_ATTEMPTS) return { refused: 'invalid_token' }
      const ownerId = challenge.owner_id
      const own = { ...context, actorType: kind.type, actorId: ownerId }
      if (threshold > 0) {
        const [count] = await mfaLockout.lock.run(tx, { ownerId })
        if (count.retry_after !== null) return { refused: 'locked', retryAfter: count.retry_after }
      }
      let second: Amr | null = null
      if (args.recoveryCode !== undefined) {
        const [used] = await repo.useRecoveryCode.run(tx, { ownerId, hash: hashRecoveryCode(args.recoveryCode) })
        if (used) second = 'recovery'
      } else {
        const [factor] = await repo.lockTotp.run(tx, { id: args.factorId!, ownerId })
        if (!factor || factor.status !== 'verified') return { refused: 'not_found' }
        const step = matchStep(box.open(factor.secret!, factor.id), args.code!, factor.last_used_step)
        if (step !== null) {
          await repo.useStep.run(tx, { id: factor.id, step })
          second = 'otp'
        }
      }
      const via = second ?? (args.recoveryCode === undefined ? 'otp' : 'recovery')
      if (!second) {
        const [{ failed_attempts: attempts }] = await repo.failChallenge.run(tx, { id: challenge.id })
        await recordEvent(tx, { event: 'mfa.challenge_failed', accountType: kind.type, accountId: ownerId,
          data: { via, attempts, ...(args.factorId && { factorId: args.factorId }) } }, own)
        if (threshold > 0) {
          const [count] = await mfaLockout.fail.run(tx, { ownerId, threshold, seconds: durationSeconds, locale })
          if (count.locked) {
            await recordEvent(tx, { event: 'mfa.locked', accountType: kind.type, accountId: ownerId,
              data: { failures: count.failures, lockedSeconds: durationSeconds, method: challenge.method } }, own)
          }
        }
        return { refused: 'invalid_code' }
      }
      await repo.useChallenge.run(tx, { id: challenge.id })
      if (threshold > 0) await mfaLockout.clear.run(tx, { ownerId })
      const issued = await sessions.openSession(kind, ownerId, meta, { aal: 'aal2', amr: [challenge.method as Amr, second] }, tx)
      const data = { via, method: challenge.method, ...(args.factorId && { factorId: args.factorId }) }
      await recordEvent(tx, { event: 'mfa.verified', accountType: kind.type, accountId: ownerId, data }, own)
      if (second === 'recovery') await recordEvent(tx, { event: 'mfa.recovery_code_used', accountType: kind.type, accountId: ownerId }, own)
      return { issued, second }
    })
  }

  return {
    /**
     * The session of a right answer (aal2, amr [first step, otp | recovery]); the second step's
     * errors otherwise, 429 while the account is locked. `locale`: the lock's mail.
     */
    async verifyMfa (kind: AccountType, args: MfaAnswer, meta: SessionMeta, context: AuditContext, locale: string): Promise<Issued> {
      const byCode = args.factorId !== undefined || args.code !== undefined
      if (byCode === (args.recoveryCode !== undefined) || (byCode && (args.factorId === undefined || args.code === undefined))) {
        throw new AppError('BAD_REQUEST_INVALID_ARGUMENTS', {
          params: { names: 'factorId, code, recoveryCode' },
          fields: ['factorId', 'code', 'recoveryCode'].map((name) => ({ name, message: 'give factorId and code, or recoveryCode' }))
        })
      }
      const outcome = await answer(kind, args, meta, context, locale)
      const count = (label: string) => metrics?.mfaChallenges.inc({ type: kind.type, outcome: label })
      if ('issued' in outcome) {
        count(outcome.second === 'recovery' ? 'recovery_code' : 'verified')
        return outcome.issued
      }
      count(outcome.refused === 'not_found' ? 'invalid_code' : outcome.refused)
      switch (outcome.refused) {
        case 'locked': throw new AppError('TOO_MANY_REQUESTS', { params: { after: `${outcome.retryAfter} s` }, headers: { 'retry-after': outcome.retryAfter } })
        case 'invalid_token': throw factorError(kind, 'UNAUTHORIZED_MFA_TOKEN')
        case 'not_found': throw factorError(kind, 'FACTOR_NOT_FOUND')
        case 'invalid_code': throw factorError(kind, 'BAD_REQUEST_INVALID_MFA_CODE')
      }
    }
  }
}
