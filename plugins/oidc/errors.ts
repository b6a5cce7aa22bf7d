import { defineDomainErrors } from '../core/errors.js'

/** The OAuth clients' codes (the admins' routes and the CLI): each bad request names its `reason`. */
export const OAUTH_CLIENT_ERRORS = defineDomainErrors('OAUTH_CLIENT', {
  NOT_FOUND: 404,
  BAD_REQUEST_REDIRECT_URI: 400,
  BAD_REQUEST_GRANT_TYPES: 400,
  BAD_REQUEST_SCOPE: 400,
  BAD_REQUEST_ORGANIZATION: 400,
  BAD_REQUEST_PUBLIC_CLIENT: 400
})
export type OauthClientErrorCode = keyof typeof OAUTH_CLIENT_ERRORS

/** The body's `error` of a code (for the routes' `errors`). */
export const oauthClientError = (code: OauthClientErrorCode) => OAUTH_CLIENT_ERRORS[code].def.error
