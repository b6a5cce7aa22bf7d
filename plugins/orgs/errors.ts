import { defineErrors, messageKey } from '../core/errors.js'

/** Organizations' codes (docs/api.md#organizations). */
export const ORG_ERRORS = defineErrors({
  // Also for an organization the caller is not a member of: whether it exists is not told.
  ORG_NOT_FOUND: { error: 'ORG.NOT_FOUND', status: 404, keys: [messageKey('ORG', 'NOT_FOUND')] }
})
