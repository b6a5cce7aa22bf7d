import { AppError, defineErrors, messageKey, type ErrorDef, type ErrorEntry } from '../core/errors.js'
import { ACCOUNT_TYPES, type AccountType } from '../accounts/registry.js'

/** The errors of passkeys every account type has, prefixed per type (USER_, ADMIN_, ...). */
const PASSKEY_ERRORS = {
  BAD_REQUEST_INVALID_PASSKEY: 400,
  BAD_REQUEST_TOO_MANY_PASSKEYS: 400
} as const
export type PasskeyErrorName = keyof typeof PASSKEY_ERRORS

const ENTRIES: Record<string, ErrorEntry> = defineErrors(Object.fromEntries(Object.values(ACCOUNT_TYPES).flatMap(({ errorPrefix }) =>
  Object.entries(PASSKEY_ERRORS).map(([rest, status]): [string, ErrorDef] =>
    [`${errorPrefix}_${rest}`, { error: `${errorPrefix}.${rest}`, status, keys: [messageKey(errorPrefix, rest)] }]))))

/** The passkey error of one account type to throw: `throw passkeyError(kind, 'BAD_REQUEST_INVALID_PASSKEY')`. */
export const passkeyError = (kind: AccountType, name: PasskeyErrorName): AppError => new AppError(ENTRIES[`${kind.errorPrefix}_${name}`])
