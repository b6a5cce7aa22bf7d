import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '../../plugins/core/errors.js'

/** GET /v1/ws: the real-time endpoint (protocol in plugins/realtime/protocol.ts and docs/websocket.md). */
const ws: FastifyPluginAsync = async (app) => {
  const { sockets } = app
  app.route({
    method: 'GET',
    url: '/ws',
    config: { operation: 'V1Socket' },
    // The upgrade is the answer (without one, 426 in the error body): not an HTTP operation that
    // OpenAPI can describe with a 2xx, so the document leaves it out and names docs/websocket.md.
    schema: { hide: true, response: { 101: { type: 'null', description: 'Switching Protocols: the WebSocket protocol of docs/websocket.md' } } },
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED')
    },
    wsHandler: (socket, request) => sockets.handle(socket, request)
  })
}
export default ws
