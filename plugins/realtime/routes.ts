import type { FastifyPluginAsync } from 'fastify'
import { ws } from './actions/ws.js'

/** The WebSocket endpoint (plugins/realtime/actions/ws.ts), under /v1. */
const realtimeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ws)
}
export default realtimeRoutes
