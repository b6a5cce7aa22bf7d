import { AppError, defineErrors, messageKey, type ErrorDef, type ErrorEntry } from '../core/errors.js'
import { ACCOUNT_TYPES, type AccountType } from '../accounts/registry.js'

/**
 * The errors of provider sign-in and identities, prefixed per account type (USER_, ADMIN_, ...)
 * as every account error is, though only users sign in through providers.
 */
const FEDERATION_ERRORS = {
  BAD_REQUEST_LAST_SIGN_IN_METHOD: 400,
  IDENTITY_NOT_FOUND: 404,
  OAUTH_PROVIDER_NOT_FOUND: 404
} as const
export type FederationErrorName = keyof typeof FEDERATION_ERRORS

const ENTRIES: Record<string, ErrorEntry> = defineErrors(Object.fromEntries(Object.values(ACCOUNT_TYPES).flatMap(({ errorPrefix }) =>
  Object.entries(FEDERATION_ERRORS).map(([rest, status]): [string, ErrorDef] =>
    [`${errorPrefix}_${rest}`, { error: `${errorPrefix}.${rest}`, status, keys: [messageKey(errorPrefix, rest)] }]))))

/** The federation error of one account type to throw: `throw federationError(kind, 'IDENTITY_NOT_FOUND')`. */
export const federationError = (kind: AccountType, name: FederationErrorName): AppError => new AppError(ENTRIES[`${kind.errorPrefix}_${name}`])
