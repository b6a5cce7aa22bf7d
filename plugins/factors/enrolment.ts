import type { FastifyInstance } from 'fastify'
import { type Account, type AccountType, accountError, verifyPassword, repositoryOf, revocations } from '../accounts/index.js'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import { factorError } from './errors.js'
import { factorRepositoryOf, presentFactor, type Verified } from './repository.js'
import { hashRecoveryCode, matchStep, newRecoveryCodes, newTotp, type SecretBox } from './secrets.js'
import type { PublicFactor } from '../../schemas/factors.js'

/** What proves the caller again before a change to its factors: the password or a current code, exactly one. */
export interface Proof { password?: string, code?: string }

/**
 * The assurance rule of second factors: while the account has a verified factor, enrolling
 * another or removing one needs a session opened with it (aal2). The passkey routes use it too.
 */
export async function requireAal2WhenFactors (db: Queryable, kind: AccountType, account: Account): Promise<Verified> {
  const [verified] = await factorRepositoryOf(kind).verified.run(db, { ownerId: account.id })
  if (verified.any_verified && account.aal !== 'aal2') throw factorError(kind, 'FORBIDDEN_AAL2_REQUIRED')
  return verified
}

/** Ten new recovery codes of the owner in the caller's transaction (the old ones die): the codes, shown once. */
async function replaceRecoveryCodes (db: Queryable, kind: AccountType, ownerId: string): Promise<string[]> {
  const codes = newRecoveryCodes()
  await factorRepositoryOf(kind).replaceRecoveryCodes.run(db, { ownerId, ids: codes.map(() => uuidv7()), hashes: codes.map(hashRecoveryCode) })
  return codes
}

const exactlyOne = (names: string[]) => new AppError('BAD_REQUEST_INVALID_ARGUMENTS', {
  params: { names: names.join(', ') },
  fields: names.map((name) => ({ name, message: `give exactly one of ${names.join(' or ')}` }))
})

/**
 * A proof has exactly one of password and code (400 otherwise). The routes check it before their
 * request joins the hashing line, so an empty proof is 400, never a 503 of a full line.
 */
export function checkProof (proof: Proof): void {
  if ((proof.password === undefined) === (proof.code === undefined)) throw exactlyOne(['password', 'code'])
}

/** Enrolling, verifying, listing and removing factors, and the recovery codes. */
export function createEnrolment (app: FastifyInstance, box: SecretBox) {
  const { sql, config } = app

  /**
   * The proof, checked in the caller's transaction: a password (INVALID_CURRENT_PASSWORD when
   * wrong), or a current code of the verified TOTP factor, which uses its step (a replay fails).
   */
  async function prove (db: Queryable, kind: AccountType, ownerId: string, proof: Proof): Promise<void> {
    checkProof(proof)
    if (proof.password !== undefined) {
      const [found] = await repositoryOf(kind).owners.passwordOf.run(db, { id: ownerId })
      if (!await verifyPassword(found?.password, proof.password)) throw accountError(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD')
      return
    }
    const repo = factorRepositoryOf(kind)
    const [totp] = await repo.lockVerifiedTotp.run(db, { ownerId })
    const step = totp && matchStep(box.open(totp.secret!, totp.id), proof.code!, totp.last_used_step)
    if (!step) throw factorError(kind, 'BAD_REQUEST_INVALID_MFA_CODE')
    await repo.useStep.run(db, { id: totp.id, step })
  }

  return {
    requireAal2WhenFactors: (kind: AccountType, account: Account) => requireAal2WhenFactors(sql, kind, account),

    /**
     * A new unverified TOTP factor (replacing an unverified one) with its secret sealed; the
     * secret, its otpauth:// URI and the QR code are answered this once.
     */
    async enrolTotp (kind: AccountType, account: Account, name = 'Authenticator') {
      const repo = factorRepositoryOf(kind)
      const { row, secret, uri } = await sql.begin(async (tx) => {
        const [state] = await repo.enrolling.run(tx, { ownerId: account.id })
        if (!state) throw new AppError('UNAUTHORIZED')
        if (state.any_verified && account.aal !== 'aal2') throw factorError(kind, 'FORBIDDEN_AAL2_REQUIRED')
        if (state.has_totp) throw factorError(kind, 'BAD_REQUEST_FACTOR_EXISTS')
        const { secret, uri } = newTotp(config.jwtIssuer, state.email)
        const id = uuidv7()
        const [row] = await repo.enrolTotp.run(tx, { ownerId: account.id, id, name: name.trim(), secret: box.seal(secret, id) })
        return { row, secret, uri }
      })
      return { factor: presentFactor(row), secret, uri, qrSvg: await qrSvg(uri) }
    },

    /**
     * The first code of an enrolled factor verifies it: ten recovery codes (shown once), and the
     * account's other sessions are revoked (every change of factors ends them: a session opened
     * before it, by someone holding the password, would otherwise keep going and take it over).
     */
    async verifyTotp (kind: AccountType, account: Account, factorId: string, code: string, context: AuditContext) {
      const repo = factorRepositoryOf(kind)
      return sql.begin(async (tx) => {
        const [state] = await repo.enrolling.run(tx, { ownerId: account.id })
        if (!state) throw new AppError('UNAUTHORIZED')
        if (state.any_verified && account.aal !== 'aal2') throw factorError(kind, 'FORBIDDEN_AAL2_REQUIRED')
        const [factor] = await repo.lockTotp.run(tx, { id: factorId, ownerId: account.id })
        if (!factor) throw factorError(kind, 'FACTOR_NOT_FOUND')
        if (factor.status === 'verified') throw factorError(kind, 'BAD_REQUEST_FACTOR_EXISTS')
        const step = matchStep(box.open(factor.secret!, factor.id), code, factor.last_used_step)
        if (step === null) throw factorError(kind, 'BAD_REQUEST_INVALID_MFA_CODE')
        const [verified] = await repo.useStep.run(tx, { id: factor.id, step })
        const recoveryCodes = await replaceRecoveryCodes(tx, kind, account.id)
        await revocations.revokeOtherFamilies(tx, kind, account.id, account.sessionId)
        await recordEvent(tx, { event: 'mfa.enrolled', accountType: kind.type, accountId: account.id, data: { factorId, type: 'totp' } }, context)
        return { factor: presentFactor(verified), recoveryCodes }
      })
    },

    async listFactors (kind: AccountType, ownerId: string): Promise<PublicFactor[]> {
      return (await factorRepositoryOf(kind).list.run(sql, { ownerId })).map(presentFactor)
    },

    /** Removes one factor (aal2 while a verified one exists, and a proof); the account's other sessions are revoked. */
    async removeFactor (kind: AccountType, account: Account, factorId: string, proof: Proof, context: AuditContext): Promise<void> {
      const repo = factorRepositoryOf(kind)
      await sql.begin(async (tx) => {
        await requireAal2WhenFactors(tx, kind, account)
        await prove(tx, kind, account.id, proof)
        const [removed] = await repo.remove.run(tx, { id: factorId, ownerId: account.id })
        if (!removed) throw factorError(kind, 'FACTOR_NOT_FOUND')
        // Recovery codes stand in for a factor; with none left they would only be a way in.
        const [left] = await repo.verified.run(tx, { ownerId: account.id })
        if (!left.any_verified) await repo.deleteRecoveryCodes.run(tx, { ownerId: account.id })
        await revocations.revokeOtherFamilies(tx, kind, account.id, account.sessionId)
        await recordEvent(tx, { event: 'mfa.factor_removed', accountType: kind.type, accountId: account.id,
          data: { factorId, type: removed.type } }, context)
      })
    },

    /**
     * Ten new recovery codes for an account with a verified factor (an aal2 session and a
     * proof); the old ones die and the account's other sessions are revoked.
     */
    async regenerateRecoveryCodes (kind: AccountType, account: Account, proof: Proof, context: AuditContext): Promise<string[]> {
      return sql.begin(async (tx) => {
        const verified = await requireAal2WhenFactors(tx, kind, account)
        if (!verified.any_verified) throw factorError(kind, 'FACTOR_NOT_FOUND')
        await prove(tx, kind, account.id, proof)
        const codes = await replaceRecoveryCodes(tx, kind, account.id)
        await revocations.revokeOtherFamilies(tx, kind, account.id, account.sessionId)
        await recordEvent(tx, { event: 'mfa.recovery_codes_regenerated', accountType: kind.type, accountId: account.id }, context)
        return codes
      })
    }
  }
}

/** The otpauth URI as an SVG QR code; qrcode is loaded at the first enrolment, not at start. */
async function qrSvg (uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M' })
}
