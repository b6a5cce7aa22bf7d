import { statement, type Queryable } from '../core/db.js'
import { auditEvents, nameOf } from '../../db/schema.js'

// The retention of the audit log (V1PruneAuditEventsTask, hourly): only audit deletes its events.

/** Events deleted per statement: each statement is short, however many are due. */
export const AUDIT_PRUNE_BATCH = 5000

// The oldest due events first, through the created_at index.
const PRUNE = statement<{ deleted: number }, { retention: number, batch: number }>((p) => `with d as (delete from ${nameOf(auditEvents)} where id in (
    select id from ${nameOf(auditEvents)} where created_at < now() - make_interval(secs => ${p.retention}) order by created_at limit ${p.batch})
  returning 1)
  select count(*)::int as deleted from d`)

/** Deletes audit events older than `retention` seconds (AUDIT_RETENTION), a batch per statement; how many. */
export async function pruneAuditEvents (db: Queryable, retention: number, batch = AUDIT_PRUNE_BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const [row] = await PRUNE.run(db, { retention, batch })
    deleted += row.deleted
    if (row.deleted < batch) return deleted
  }
}
