import type { ErrorBody } from './types.js'

/**
 * What every SDK call throws on a refusal: the API's `error` code (which never changes; branch on
 * it), its HTTP status and its translated message. `NETWORK_ERROR` (status 0): no answer.
 */
export class LatchkeyError extends Error {
  override name = 'LatchkeyError'
  readonly code: string
  readonly status: number
  readonly fields?: ErrorBody['fields']

  constructor (code: string, status: number, message: string, fields?: ErrorBody['fields']) {
    super(message)
    this.code = code
    this.status = status
    if (fields) this.fields = fields
  }

  static from (status: number, body: unknown): LatchkeyError {
    const b = (body ?? {}) as Partial<ErrorBody>
    return new LatchkeyError(typeof b.error === 'string' ? b.error : `HTTP_${status}`, status, b.message ?? `HTTP ${status}`, b.fields)
  }
}
