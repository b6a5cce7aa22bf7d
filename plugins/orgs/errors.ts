import { defineDomainErrors } from '../core/errors.js'

/**
 * The organizations' codes. ORG.NOT_FOUND is also the answer for an organization the caller is
 * not in (no enumeration); ORG.FORBIDDEN's message names the permission that is missing.
 */
export const ORG_ERRORS = defineDomainErrors('ORG', {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  MEMBER_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  BAD_REQUEST_SLUG_TAKEN: 400,
  BAD_REQUEST_LAST_OWNER: 400,
  BAD_REQUEST_ALREADY_MEMBER: 400,
  BAD_REQUEST_INVALID_INVITATION: 400,
  BAD_REQUEST_EMAIL_NOT_CONFIRMED: 400,
  BAD_REQUEST_ROLE_NAME_TAKEN: 400,
  BAD_REQUEST_ROLE_IN_USE: 400,
  BAD_REQUEST_BUILT_IN_ROLE: 400,
  BAD_REQUEST_PERMISSION_NOT_ALLOWED: 400
})
export type OrgErrorCode = keyof typeof ORG_ERRORS

/** The body's `error` of a code (for the routes' `errors`). */
export const orgError = (code: OrgErrorCode) => ORG_ERRORS[code].def.error
