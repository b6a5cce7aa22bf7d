import { defineDomainErrors } from '../core/errors.js'

export const POST_ERRORS = defineDomainErrors('POST', { NOT_FOUND: 404 })
