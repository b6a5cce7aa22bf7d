import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../../../plugins/core/action.js'
import { AuditStatsArgsSchema, AuditStatsResponseSchema } from '../../../schemas/admin.js'
import { auditStats, statsRange } from '../../../plugins/audit/index.js'
import { refuseUnknownArgs } from '../../../plugins/core/args.js'

/** /v1/admins/auditstats: how many audit events of each name per hour or day, every bucket of the range. */
const auditstats: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    url: '/auditstats',
    operation: 'V1AuditStatsByAdmin',
    auth: 'admin',
    assurance: 'policy',
    summary: 'Count audit events per hour or day over a range',
    args: AuditStatsArgsSchema,
    responses: { 200: AuditStatsResponseSchema },
    // A misspelt from or to would silently chart the default week.
    preValidation: refuseUnknownArgs(AuditStatsArgsSchema),
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
