import { Type, type Static } from '@sinclair/typebox'
import { Success } from './common.js'

const Timestamp = Type.String({ format: 'date-time' })
const Uuid = Type.String({ format: 'uuid' })

/** A second factor as every response shows it: never its secret or key. */
export const FactorSchema = Type.Object({
  id: Uuid,
  type: Type.Union([Type.Literal('totp'), Type.Literal('webauthn')]),
  name: Type.String(),
  status: Type.Union([Type.Literal('unverified'), Type.Literal('verified')]),
  createdAt: Timestamp,
  lastUsedAt: Type.Union([Timestamp, Type.Null()])
}, { title: 'Factor', description: 'A second factor (TOTP or passkey); never its secret or key', additionalProperties: false })
export type PublicFactor = Static<typeof FactorSchema>

/** Six digits, as authenticator apps show them. */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$', description: 'the 6-digit code of the authenticator app' })
/** Ten characters of the recovery alphabet, in any case, optionally split by one hyphen after the fifth. */
export const RecoveryCode = Type.String({ pattern: '^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$', description: 'one of the recovery codes (10 characters)' })
const Password = Type.String({ minLength: 1, maxLength: 1024 })

export const FactorName = Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' })

export const EnrollTotpArgsSchema = Type.Object({ name: Type.Optional(FactorName) }, { additionalProperties: false })
export const EnrollTotpResponseSchema = Success(200, {
  factor: FactorSchema,
  secret: Type.String({ description: 'the base32 secret, for apps that cannot scan the QR code; shown this once' }),
  uri: Type.String({ description: 'the otpauth:// URI the QR code holds' }),
  qrSvg: Type.String({ description: 'the QR code of `uri`, an SVG document' })
})

export const VerifyTotpArgsSchema = Type.Object({ factorId: Uuid, code: TotpCode }, { additionalProperties: false })
export const RecoveryCodesSchema = Type.Array(Type.String(), { description: 'ten recovery codes, each usable once; shown this once' })
export const VerifyTotpResponseSchema = Success(200, { factor: FactorSchema, recoveryCodes: RecoveryCodesSchema })

export const ListFactorsResponseSchema = Success(200, { factors: Type.Array(FactorSchema) })

/** What proves the caller again: the password or a current code (exactly one). */
const Proof = { password: Type.Optional(Password), code: Type.Optional(TotpCode) }
export const RemoveFactorArgsSchema = Type.Object({ factorId: Uuid, ...Proof }, { additionalProperties: false })
export const ProofArgsSchema = Type.Object(Proof, { additionalProperties: false })
export const RecoveryCodesResponseSchema = Success(200, { recoveryCodes: RecoveryCodesSchema })

export const VerifyMfaArgsSchema = Type.Object({
  mfaToken: Type.String({ minLength: 1, maxLength: 1024, description: 'the mfaToken of the login answer (64 hex characters)' }),
  factorId: Type.Optional(Uuid),
  code: Type.Optional(TotpCode),
  recoveryCode: Type.Optional(RecoveryCode)
}, { additionalProperties: false })

/** 200 of login (and of every first step) when the account has a verified TOTP factor: nothing is opened yet. */
export const MfaRequiredResponseSchema = Success(200, {
  mfaRequired: Type.Literal(true),
  mfaToken: Type.String({ description: '64 hex characters; valid 5 minutes, single use, dead after 5 wrong codes' }),
  factors: Type.Array(FactorSchema)
}, { title: 'MfaRequired', description: 'The first step of a sign-in passed: answer with verifymfa' })
