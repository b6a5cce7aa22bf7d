import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { statement } from '../plugins/core/db.js'
import { auditEvents, nameOf } from '../db/schema.js'

/** Events deleted per statement: each statement is short, however many are due. */
export const AUDIT_PRUNE_BATCH = 5000

// The oldest due events first, through the created_at index.
const PRUNE = statement<{ deleted: number }, { retention: number, batch: number }>((p) => `with d as (delete from ${nameOf(auditEvents)} where id in (
    select id from ${nameOf(auditEvents)} where created_at < now() - make_interval(secs => ${p.retention}) order by created_at limit ${p.batch})
  returning 1)
  select count(*)::int as deleted from d`)

/** Deletes audit events older than AUDIT_RETENTION, a batch per statement; how many. */
export async function pruneAuditEvents (app: FastifyInstance, batch = AUDIT_PRUNE_BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const [row] = await PRUNE.run(app.sql, { retention: app.config.auditRetention, batch })
    deleted += row.deleted
    if (row.deleted < batch) return deleted
  }
}

/**
 * Hourly (graphile-worker cron), with an empty payload: retention of the audit log
 * (docs/operations.md#audit-retention).
 */
export function V1PruneAuditEventsTask (app: FastifyInstance, batch = AUDIT_PRUNE_BATCH): Task {
  return async (_payload, helpers) => {
    const started = Date.now()
    const deleted = await pruneAuditEvents(app, batch)
    app.log.info({ deleted, ms: Date.now() - started, jobId: helpers.job.id }, 'audit events pruned')
  }
}
