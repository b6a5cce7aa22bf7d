import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '../../plugins/core/errors.js'

/** GET /v1/ws: the real-time endpoint (protocol in plugins/realtime/protocol.ts and docs/websocket.md). */
const ws: FastifyPluginAsync = async (app) => {
  const { sockets } = app
  app.route({
    method: 'GET',
    url: '/ws',
    config: { operation: 'V1Socket' },
    // Documentation: the upgrade is the answer; without one, 426 in the error body.
    schema: { response: { 101: { type: 'null', description: 'Switching Protocols: the WebSocket protocol of docs/websocket.md' } } },
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED')
    },
    wsHandler: (socket, request) => sockets.handle(socket, request)
  })
}
export default ws
