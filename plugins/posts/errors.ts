import { defineErrors, messageKey } from '../core/errors.js'

declare module '../core/errors.js' {
  interface ErrorCodes { POST_NOT_FOUND: true }
}

defineErrors({
  POST_NOT_FOUND: { error: 'POST.NOT_FOUND', status: 404, keys: [messageKey('POST', 'NOT_FOUND')] }
})
