import { AppError, defineDomainErrors, defineErrors, domainError, type AppErrorOptions, type ErrorDef, type ErrorEntry } from '../core/errors.js'
import { ACCOUNT_TYPES, type AccountType, type AccountTypeName } from './registry.js'

/** Errors every account type has, written once and prefixed per type (USER_, ADMIN_, ...). */
const ACCOUNT_ERRORS = {
  BAD_REQUEST_INVALID_LOGIN_CREDENTIALS: 400,
  BAD_REQUEST_ACCOUNT_INACTIVE: 400,
  BAD_REQUEST_ACCOUNT_DELETED: 400,
  BAD_REQUEST_ACCOUNT_DOES_NOT_EXIST: 400,
  BAD_REQUEST_USER_ALREADY_EXISTS: 400,
  BAD_REQUEST_INVALID_TOKEN: 400,
  BAD_REQUEST_INVALID_CURRENT_PASSWORD: 400,
  BAD_REQUEST_WEAK_PASSWORD: 400,
  UNAUTHORIZED_EMAIL_NOT_CONFIRMED: 401,
  UNAUTHORIZED_INVALID_REFRESH_TOKEN: 401,
  FORBIDDEN_REAUTHENTICATION_REQUIRED: 403,
  SESSION_NOT_FOUND: 404,
  NOT_FOUND: 404
} as const
export type AccountErrorName = keyof typeof ACCOUNT_ERRORS
type AccountErrorCode = `${Uppercase<AccountTypeName>}_${AccountErrorName}`

/**
 * A domain's errors that every account type has (accounts', factors', passkeys', federation's),
 * written once by name and status, defined for each type with its prefix: `USER_NOT_FOUND` is
 * `USER.NOT_FOUND`. Keyed by the prefixed code.
 */
export function perAccountType (statuses: Readonly<Record<string, number>>): Record<string, ErrorEntry> {
  return defineErrors(Object.fromEntries(Object.values(ACCOUNT_TYPES).flatMap(({ errorPrefix }) =>
    Object.entries(statuses).map(([rest, status]): [string, ErrorDef] =>
      [`${errorPrefix}_${rest}`, domainError(errorPrefix, rest, status)]))))
}

const ENTRIES = perAccountType(ACCOUNT_ERRORS)

/** An account error of one type (`USER_...`, `ADMIN_...`), for `new AppError(...)`. */
export function accountErrorCode (kind: AccountType, name: AccountErrorName): ErrorEntry<AccountErrorCode> {
  return ENTRIES[`${kind.errorPrefix}_${name}`] as ErrorEntry<AccountErrorCode>
}

/** The error of one account type to throw: `throw accountError(kind, 'NOT_FOUND')`. */
export const accountError = (kind: AccountType, name: AccountErrorName, options?: AppErrorOptions): AppError =>
  new AppError(accountErrorCode(kind, name), options)

// Admins only: with ADMIN_MFA_REQUIRED an aal1 admin token is refused on every route whose
// declared assurance is 'policy' (auth.ts checks the routes' assurance).
const ADMIN_MFA_REQUIRED = defineDomainErrors('ADMIN', { FORBIDDEN_MFA_REQUIRED: 403 })
export const adminMfaRequired = (): AppError => new AppError(ADMIN_MFA_REQUIRED.ADMIN_FORBIDDEN_MFA_REQUIRED)
