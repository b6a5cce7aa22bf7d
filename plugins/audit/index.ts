/**
 * The audit domain's door, the one file routes, app.ts and other domains import of it
 * (test/layers.test.ts): the audit log: the fragment and call every domain writes events with, the
 * admins' reading and stats, its retention, its part of an erasure and an export.
 */
export { default as auditData } from './data.js'
export { AUDIT_EVENTS, CLI_ACTOR, auditInsert, emailOf, listEvents, presentAuditEvent, recordEvent } from './events.js'
export type { AuditContext, AuditEventName, ListedRow } from './events.js'
export { AUDIT_PRUNE_BATCH, pruneAuditEvents } from './prune.js'
export { auditStats, statsRange } from './stats.js'
