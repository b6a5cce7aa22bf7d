import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as every authenticator app reads it: SHA1, 6 digits, 30 s. */
export const TOTP_PERIOD = 30
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD } as const

const SECRET_KEY_INFO = 'latchkey totp secret v1'

/**
 * Seals and opens TOTP secrets: AES-256-GCM under a key derived from REFRESH_TOKEN_SECRET by
 * HKDF-SHA256 with a label of its own (not the refresh successors' key), bound to the factor's
 * id so a sealed secret copied onto another row does not open.
 */
export function secretBox (refreshTokenSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', refreshTokenSecret, '', SECRET_KEY_INFO, 32))
  return {
    seal (secret: string, factorId: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(factorId))
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
    },
    /** The base32 secret; throws when it does not open (another key, another row). */
    open (sealed: string, factorId: string): string {
      const bytes = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(Buffer.from(factorId)).setAuthTag(bytes.subarray(-16))
      return Buffer.concat([decipher.update(bytes.subarray(12, -16)), decipher.final()]).toString('utf8')
    }
  }
}
export type SecretBox = ReturnType<typeof secretBox>

/** A new TOTP secret (160 bits, RFC 4226's recommendation) and its otpauth:// URI. */
export function newTotp (issuer: string, label: string): { secret: string, uri: string } {
  const secret = new Secret({ size: 20 })
  return { secret: secret.base32, uri: new TOTP({ issuer, label, secret, ...TOTP_OPTIONS }).toString() }
}

/** The time step of `at` (ms since the epoch). */
export const stepAt = (at: number) => Math.floor(at / 1000 / TOTP_PERIOD)

/**
 * The step a code belongs to, when it is the code of the current step or of one step either
 * side and that step is later than the last one used on the factor (a code signs in once); null
 * otherwise.
 */
export function matchStep (secret: string, code: string, lastUsedStep: number | string | null, now = Date.now()): number | null {
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), timestamp: now, window: 1, ...TOTP_OPTIONS })
  if (delta === null) return null
  const step = stepAt(now) + delta
  // A bigint column comes back as a string.
  return lastUsedStep !== null && step <= Number(lastUsedStep) ? null : step
}

/** Crockford's base32: 32 characters, no I, L, O or U to misread. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const RECOVERY_CODE_COUNT = 10

/** Ten recovery codes of 10 characters (50 bits each): shown once, only their SHA-256 is kept. */
export function newRecoveryCodes (): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''))
}

/** The stored form of a recovery code as typed: upper-cased, without its hyphen. */
export function hashRecoveryCode (code: string): string {
  return createHash('sha256').update(code.replace(/-/g, '').toUpperCase()).digest('hex')
}
