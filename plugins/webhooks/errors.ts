import { defineDomainErrors } from '../core/errors.js'

/**
 * The webhooks' codes: an endpoint of another organization (or of the admins) is as unknown as none;
 * TOO_MANY_ENDPOINTS: the scope already has WEBHOOK_MAX_ENDPOINTS.
 */
export const WEBHOOK_ERRORS = defineDomainErrors('WEBHOOK', {
  NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  BAD_REQUEST_URL: 400,
  BAD_REQUEST_TOO_MANY_ENDPOINTS: 400
})
export type WebhookErrorCode = keyof typeof WEBHOOK_ERRORS

/** The body's `error` of a code (for the routes' `errors`). */
export const webhookError = (code: WebhookErrorCode) => WEBHOOK_ERRORS[code].def.error
