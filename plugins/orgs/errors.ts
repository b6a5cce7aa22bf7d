import { defineErrors, messageKey } from '../core/errors.js'

const org = (status: number, code: string) => ({ error: `ORG.${code}`, status, keys: [messageKey('ORG', code)] })

/**
 * The organizations' codes. ORG.NOT_FOUND is also the answer for an organization the caller is
 * not in (no enumeration); ORG.FORBIDDEN's message names the permission that is missing.
 */
export const ORG_ERRORS = defineErrors({
  ORG_NOT_FOUND: org(404, 'NOT_FOUND'),
  ORG_FORBIDDEN: org(403, 'FORBIDDEN'),
  ORG_MEMBER_NOT_FOUND: org(404, 'MEMBER_NOT_FOUND'),
  ORG_ROLE_NOT_FOUND: org(404, 'ROLE_NOT_FOUND'),
  ORG_INVITATION_NOT_FOUND: org(404, 'INVITATION_NOT_FOUND'),
  ORG_API_KEY_NOT_FOUND: org(404, 'API_KEY_NOT_FOUND'),
  ORG_BAD_REQUEST_SLUG_TAKEN: org(400, 'BAD_REQUEST_SLUG_TAKEN'),
  ORG_BAD_REQUEST_LAST_OWNER: org(400, 'BAD_REQUEST_LAST_OWNER'),
  ORG_BAD_REQUEST_ALREADY_MEMBER: org(400, 'BAD_REQUEST_ALREADY_MEMBER'),
  ORG_BAD_REQUEST_INVALID_INVITATION: org(400, 'BAD_REQUEST_INVALID_INVITATION'),
  ORG_BAD_REQUEST_EMAIL_NOT_CONFIRMED: org(400, 'BAD_REQUEST_EMAIL_NOT_CONFIRMED'),
  ORG_BAD_REQUEST_ROLE_NAME_TAKEN: org(400, 'BAD_REQUEST_ROLE_NAME_TAKEN'),
  ORG_BAD_REQUEST_ROLE_IN_USE: org(400, 'BAD_REQUEST_ROLE_IN_USE'),
  ORG_BAD_REQUEST_BUILT_IN_ROLE: org(400, 'BAD_REQUEST_BUILT_IN_ROLE'),
  ORG_BAD_REQUEST_PERMISSION_NOT_ALLOWED: org(400, 'BAD_REQUEST_PERMISSION_NOT_ALLOWED')
})
export type OrgErrorCode = keyof typeof ORG_ERRORS

/** The body's `error` of a code (for the routes' `errors`). */
export const orgError = (code: OrgErrorCode) => ORG_ERRORS[code].def.error
