/**
 * The audit log's event names (generated from the service's list into events.generated.ts by
 * `npm run openapi`; a test keeps it current), for the audit log's filter, and the chart's series.
 */
import type { AuditEventName } from './events.generated.js'

export { AUDIT_EVENTS, type AuditEventName } from './events.generated.js'

/** The chart's three series: sign-ins, failed sign-ins and refresh token reuse detections. */
export const CHART_SERIES = ['login.succeeded', 'login.failed', 'refresh.reuse_detected'] as const satisfies readonly AuditEventName[]
