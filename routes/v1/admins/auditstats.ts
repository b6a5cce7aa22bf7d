import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ANY_METHOD, responses } from '../../../schemas/common.js'
import { AuditStatsArgsSchema, AuditStatsResponseSchema } from '../../../schemas/admin.js'
import { auditStats, statsRange } from '../../../plugins/audit/stats.js'
import { refuseUnknownArgs } from '../../../plugins/core/args.js'

/** /v1/admins/auditstats: how many audit events of each name per hour or day, every bucket of the range. */
const auditstats: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  app.route({
    method: ANY_METHOD,
    url: '/auditstats',
    config: { operation: 'V1AuditStatsByAdmin', auth: 'admin' },
    // A misspelt from or to would silently chart the default week.
    preValidation: refuseUnknownArgs(AuditStatsArgsSchema),
    schema: {
      summary: 'Count audit events per hour or day over a range',
      querystring: AuditStatsArgsSchema,
      response: responses({ 200: AuditStatsResponseSchema })
    },
    handler: async (request, reply) => {
      const range = statsRange(request.query)
      const buckets = await auditStats(app.sql, range)
      reply.header('cache-control', 'no-store')
      return {
        status: 200 as const,
        success: true as const,
        bucket: range.bucket,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        buckets
      }
    }
  })
}
export default auditstats
