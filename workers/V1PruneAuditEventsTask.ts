import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { AUDIT_PRUNE_BATCH, pruneAuditEvents } from '../plugins/audit/index.js'

/**
 * Hourly (graphile-worker cron), with an empty payload: retention of the audit log
 * (docs/operations.md#audit-retention).
 */
export function V1PruneAuditEventsTask (app: FastifyInstance, batch = AUDIT_PRUNE_BATCH): Task {
  return async (_payload, helpers) => {
    const started = Date.now()
    const deleted = await pruneAuditEvents(app.sql, app.config.auditRetention, batch)
    app.log.info({ deleted, ms: Date.now() - started, jobId: helpers.job.id }, 'audit events pruned')
  }
}
