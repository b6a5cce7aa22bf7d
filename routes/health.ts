import type { FastifyPluginAsync } from 'fastify'
import { Success, responses } from '../schemas/common.js'

/** Liveness: the process answers. Never touches the database, never rate limited. */
const health: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET'],
    url: '/health',
    config: { operation: 'Health', rateLimit: false, securityHeaders: false },
    schema: {
      summary: 'Liveness: the process answers',
      response: responses({ 200: Success(200) })
    },
    handler: async () => ({ status: 200 as const, success: true as const })
  })
}
export default health
