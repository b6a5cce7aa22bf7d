import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { ListAuditEventsArgsSchema, ListAuditEventsResponseSchema } from '../../../schemas/admin.js'
import { cursorArg, encodeCursor } from '../../../plugins/core/cursor.js'
import { listEvents } from '../../../plugins/audit/index.js'

/** /v1/admins/listauditevents: the audit log newest first, filtered, a page at a time. */
const listauditevents: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/listauditevents',
    operation: 'V1ListAuditEventsByAdmin',
    auth: 'admin',
    assurance: 'policy',
    summary: 'Read the audit log, newest first, filtered, a page at a time',
    args: ListAuditEventsArgsSchema,
    responses: { 200: ListAuditEventsResponseSchema },
    handler: async (request, reply) => {
      const { cursor, ...filters } = request.query
      const page = await listEvents(app.sql, { ...filters, after: cursorArg(cursor) })
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, events: page.events, nextCursor: page.last && encodeCursor(page.last) }
    }
  })
}
export default listauditevents
