import { defineErrors, messageKey } from '../core/errors.js'

const client = (status: number, code: string) => ({ error: `OAUTH_CLIENT.${code}`, status, keys: [messageKey('OAUTH_CLIENT', code)] })

/** The OAuth clients' codes (the admins' routes and the CLI): each bad request names its `reason`. */
export const OAUTH_CLIENT_ERRORS = defineErrors({
  OAUTH_CLIENT_NOT_FOUND: client(404, 'NOT_FOUND'),
  OAUTH_CLIENT_BAD_REQUEST_REDIRECT_URI: client(400, 'BAD_REQUEST_REDIRECT_URI'),
  OAUTH_CLIENT_BAD_REQUEST_GRANT_TYPES: client(400, 'BAD_REQUEST_GRANT_TYPES'),
  OAUTH_CLIENT_BAD_REQUEST_SCOPE: client(400, 'BAD_REQUEST_SCOPE'),
  OAUTH_CLIENT_BAD_REQUEST_ORGANIZATION: client(400, 'BAD_REQUEST_ORGANIZATION'),
  OAUTH_CLIENT_BAD_REQUEST_PUBLIC_CLIENT: client(400, 'BAD_REQUEST_PUBLIC_CLIENT')
})
export type OauthClientErrorCode = keyof typeof OAUTH_CLIENT_ERRORS

/** The body's `error` of a code (for the routes' `errors`). */
export const oauthClientError = (code: OauthClientErrorCode) => OAUTH_CLIENT_ERRORS[code].def.error
