/** The console's audit event list is generated from the service's (scripts/audit-events.ts), never copied by hand. */
import { readFileSync } from 'node:fs'
import t from 'tap'
import { AUDIT_EVENTS_FILE, auditEventsModule } from '../../../scripts/audit-events.js'
import { AUDIT_EVENTS } from '../../../plugins/audit/events.js'
import { AUDIT_EVENTS as CONSOLE_EVENTS, CHART_SERIES } from '../../../client/admin/events.js'

t.test('the console\'s event list is generated from the service\'s', async (t) => {
  t.equal(readFileSync(AUDIT_EVENTS_FILE, 'utf8'), auditEventsModule(), 'client/admin/events.generated.ts is current: run npm run openapi')
  t.same(CONSOLE_EVENTS, AUDIT_EVENTS, 'the filter lists the service\'s audit events, in its order')
  t.notSame(auditEventsModule([...AUDIT_EVENTS, 'new.event']), auditEventsModule(), 'an event the service gains is a change of the file')
  t.match(auditEventsModule(['it\'s']), /'it\\'s'/, 'a name is quoted as a string')
})

t.test('the chart\'s series are audit events', async (t) => {
  for (const event of CHART_SERIES) t.ok((AUDIT_EVENTS as readonly string[]).includes(event), event)
})
