import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '../../plugins/core/errors.js'

/** GET /v1/ws: the real-time endpoint (protocol in plugins/realtime/protocol.ts and the README). */
const ws: FastifyPluginAsync = async (app) => {
  const { sockets } = app
  app.route({
    method: 'GET',
    url: '/ws',
    config: { operation: 'V1Socket' },
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED')
    },
    wsHandler: (socket, request) => sockets.handle(socket, request)
  })
}
export default ws
