import type { FastifyPluginAsync } from 'fastify'
import { defineAction } from '../plugins/core/action.js'
import { Success } from '../schemas/common.js'

/** Liveness: the process answers. Never touches the database, never rate limited. */
const health: FastifyPluginAsync = async (app) => {
  defineAction(app, {
    method: ['GET'],
    url: '/health',
    operation: 'Health',
    rateLimit: false,
    securityHeaders: false,
    summary: 'Liveness: the process answers',
    responses: { 200: Success(200) },
    handler: async () => ({ status: 200 as const, success: true as const })
  })
}
export default health
