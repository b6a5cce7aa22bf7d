import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { ListAuditEventsArgsSchema, ListAuditEventsResponseSchema } from '../../../schemas/admin.js'
import { cursorArg, encodeCursor } from '../../../plugins/admin/accounts.js'
import { listEvents } from '../../../plugins/audit/events.js'

/** /v1/admins/listauditevents: the audit log newest first, filtered, a page at a time. */
const listauditevents: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.route({
    method: ANY_METHOD,
    url: '/listauditevents',
    config: { operation: 'V1ListAuditEventsByAdmin', auth: 'admin' },
    schema: {
      summary: 'Read the audit log, newest first, filtered, a page at a time',
      querystring: ListAuditEventsArgsSchema,
      response: responses({ 200: ListAuditEventsResponseSchema })
    },
    handler: async (request, reply) => {
      const { cursor, ...filters } = request.query
      const page = await listEvents(app.sql, { ...filters, after: cursorArg(cursor) })
      reply.header('cache-control', 'no-store')
      return { status: 200 as const, success: true as const, events: page.events, nextCursor: page.last && encodeCursor(page.last) }
    }
  })
}
export default listauditevents
