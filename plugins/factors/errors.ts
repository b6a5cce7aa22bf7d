import { AppError } from '../core/errors.js'
import { type AccountType, perAccountType } from '../accounts/index.js'

/** The errors of second factors every account type has, prefixed per type (USER_, ADMIN_, ...). */
const FACTOR_ERRORS = {
  BAD_REQUEST_FACTOR_EXISTS: 400,
  BAD_REQUEST_INVALID_MFA_CODE: 400,
  UNAUTHORIZED_MFA_TOKEN: 401,
  FORBIDDEN_AAL2_REQUIRED: 403,
  FACTOR_NOT_FOUND: 404
} as const
export type FactorErrorName = keyof typeof FACTOR_ERRORS

const ENTRIES = perAccountType(FACTOR_ERRORS)

/** The factor error of one account type to throw: `throw factorError(kind, 'FACTOR_NOT_FOUND')`. */
export const factorError = (kind: AccountType, name: FactorErrorName): AppError => new AppError(ENTRIES[`${kind.errorPrefix}_${name}`])
