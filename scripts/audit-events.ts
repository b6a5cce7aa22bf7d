/**
 * `npm run openapi` (after the SDK's types): writes client/admin/events.generated.ts, the audit
 * log's event names for the console's filter, from the service's list (plugins/audit/events.ts).
 * A test checks that the file is current.
 */
import { writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { AUDIT_EVENTS } from '../plugins/audit/index.js'
import { ROOT } from '../paths.js'

export const AUDIT_EVENTS_FILE = join(ROOT, 'client', 'admin', 'events.generated.ts')

/** The module as the file holds it: one event a line, in the service's order. */
export function auditEventsModule (events: readonly string[] = AUDIT_EVENTS): string {
  const quoted = events.map((event) => `'${event.replace(/[\\']/g, '\\$&')}'`)
  const lines = quoted.map((event, i) => `  ${event}${i < quoted.length - 1 ? ',' : ''}`)
  return [
    '// Generated from plugins/audit/events.ts by `npm run openapi` (scripts/audit-events.ts): do not edit.',
    '',
    '/** The audit log\'s event names, in the service\'s order. */',
    'export const AUDIT_EVENTS = [',
    ...lines,
    '] as const',
    '',
    'export type AuditEventName = typeof AUDIT_EVENTS[number]',
    ''
  ].join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(AUDIT_EVENTS_FILE, auditEventsModule())
  console.log(`wrote ${relative(process.cwd(), AUDIT_EVENTS_FILE) || AUDIT_EVENTS_FILE}`)
}
