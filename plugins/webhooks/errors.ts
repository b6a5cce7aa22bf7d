import { defineErrors, messageKey } from '../core/errors.js'

const webhook = (status: number, code: string) => ({ error: `WEBHOOK.${code}`, status, keys: [messageKey('WEBHOOK', code)] })

/** The webhooks' codes: an endpoint of another organization (or of the admins) is as unknown as none. */
export const WEBHOOK_ERRORS = defineErrors({
  WEBHOOK_NOT_FOUND: webhook(404, 'NOT_FOUND'),
  WEBHOOK_DELIVERY_NOT_FOUND: webhook(404, 'DELIVERY_NOT_FOUND'),
  WEBHOOK_BAD_REQUEST_URL: webhook(400, 'BAD_REQUEST_URL')
})
export type WebhookErrorCode = keyof typeof WEBHOOK_ERRORS

/** The body's `error` of a code (for the routes' `errors`). */
export const webhookError = (code: WebhookErrorCode) => WEBHOOK_ERRORS[code].def.error
