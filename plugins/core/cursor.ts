import { AppError } from './errors.js'
import { UUID_PATTERN } from '../../random.js'

/**
 * Pages of a list (accounts, organizations, audit events, webhook deliveries) go on from a cursor:
 * opaque to clients, the last id of the page before.
 */
export const encodeCursor = (id: string) => Buffer.from(id).toString('base64url')
function decodeCursor (cursor: string | undefined): string | null | undefined {
  if (cursor === undefined) return null
  const id = Buffer.from(cursor, 'base64url').toString()
  return UUID_PATTERN.test(id) ? id : undefined
}

/** The id a cursor stands for; a cursor this service did not hand out is a 400 naming it. */
export function cursorArg (cursor: string | undefined): string | null {
  const after = decodeCursor(cursor)
  if (after === undefined) {
    throw new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { params: { names: 'cursor' }, fields: [{ name: 'cursor', key: 'GLOBAL[invalid_cursor]' }] })
  }
  return after
}
