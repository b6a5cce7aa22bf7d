import { AppError } from '../core/errors.js'
import { type AccountType, perAccountType } from '../accounts/index.js'

/** The errors of passkeys every account type has, prefixed per type (USER_, ADMIN_, ...). */
const PASSKEY_ERRORS = {
  BAD_REQUEST_INVALID_PASSKEY: 400,
  BAD_REQUEST_TOO_MANY_PASSKEYS: 400
} as const
export type PasskeyErrorName = keyof typeof PASSKEY_ERRORS

const ENTRIES = perAccountType(PASSKEY_ERRORS)

/** The passkey error of one account type to throw: `throw passkeyError(kind, 'BAD_REQUEST_INVALID_PASSKEY')`. */
export const passkeyError = (kind: AccountType, name: PasskeyErrorName): AppError => new AppError(ENTRIES[`${kind.errorPrefix}_${name}`])
