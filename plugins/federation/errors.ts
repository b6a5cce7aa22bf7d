import { AppError } from '../core/errors.js'
import { type AccountType, perAccountType } from '../accounts/index.js'

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

const ENTRIES = perAccountType(FEDERATION_ERRORS)

/** The federation error of one account type to throw: `throw federationError(kind, 'IDENTITY_NOT_FOUND')`. */
export const federationError = (kind: AccountType, name: FederationErrorName): AppError => new AppError(ENTRIES[`${kind.errorPrefix}_${name}`])
