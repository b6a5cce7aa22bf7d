import { defineDomainErrors } from '../core/errors.js'

/** The webhooks' codes: an endpoint of another organization (or of the admins) is as unknown as none. */
export const WEBHOOK_ERRORS = defineDomainErrors('WEBHOOK', {
  NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  BAD_REQUEST_URL: 400
})
export type WebhookErrorCode = keyof typeof WEBHOOK_ERRORS

/** The body's `error` of a code (for the routes' `errors`). */
export const webhookError = (code: WebhookErrorCode) => WEBHOOK_ERRORS[code].def.error
