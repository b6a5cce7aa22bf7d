import type { FastifyPluginAsync } from 'fastify'
import { ws } from './actions/ws.js'
import { publish } from './actions/publish.js'

/** The WebSocket endpoint (plugins/realtime/actions/ws.ts) and publishing from a backend, under /v1. */
const realtimeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(ws)
  await app.register(publish)
}
export default realtimeRoutes
