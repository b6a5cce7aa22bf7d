import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountTypeName } from '../plugins/accounts/index.js'

/**
 * Erases an account whose own deletion is due (queued by /v1/users/deleteaccount to run at its
 * erasure date, keyed by the account: the cancel link removes it). A request cancelled or
 * postponed since leaves the account alone; a database failure throws, and graphile-worker
 * retries. The payload holds ids only; the log line names the tombstone, never the person.
 */
export function V1EraseAccountTask (app: FastifyInstance): Task {
  return async (payload, helpers) => {
    const { accountType, accountId } = (payload ?? {}) as { accountType?: string, accountId?: string }
    const kind = ACCOUNT_TYPES[accountType as AccountTypeName]
    if (!kind || typeof accountId !== 'string') throw new Error('invalid V1EraseAccountTask payload')
    const tombstoneId = await app.privacy.eraseWhenDue(kind, accountId)
    helpers.logger.info(tombstoneId ? `account erased (tombstone ${tombstoneId})` : 'account not erased: its deletion was cancelled or is not due')
  }
}
