import { defineErrors, messageKey } from '../core/errors.js'

export const POST_ERRORS = defineErrors({
  POST_NOT_FOUND: { error: 'POST.NOT_FOUND', status: 404, keys: [messageKey('POST', 'NOT_FOUND')] }
})
