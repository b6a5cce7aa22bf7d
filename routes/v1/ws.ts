import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import { defineAction } from '../../plugins/core/action.js'
import { AppError } from '../../plugins/core/errors.js'

/** GET /v1/ws: the real-time endpoint (protocol in plugins/realtime/protocol.ts and docs/websocket.md). */
const ws: FastifyPluginAsync = async (app) => {
  const { sockets } = app
  defineAction(app, {
    method: 'GET',
    url: '/ws',
    operation: 'V1Socket',
    summary: 'The real-time endpoint (docs/websocket.md)',
    // The upgrade is the answer (without one, 426 in the error body): not an HTTP operation that
    // OpenAPI can describe with a 2xx, so the document leaves it out and names docs/websocket.md.
    hide: true,
    responses: { 101: Type.Null({ description: 'Switching Protocols: the WebSocket protocol of docs/websocket.md' }) },
    handler: async () => {
      throw new AppError('UPGRADE_REQUIRED')
    },
    wsHandler: (socket, request) => sockets.handle(socket, request)
  })
}
export default ws
