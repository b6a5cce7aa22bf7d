import { defineConcern } from './concern.js'
import { Duration, parseDuration } from './forms.js'

export interface SocketsConfig {
  wsAuthTimeoutMs: number
  wsHeartbeatMs: number
}

/** WebSocket connections: how long one may stay unauthenticated, how often it is pinged. */
export const sockets = defineConcern({
  env: {
    WS_AUTH_TIMEOUT: Duration('10s'),
    WS_HEARTBEAT_INTERVAL: Duration('30s')
  },
  read: (env): SocketsConfig => ({
    wsAuthTimeoutMs: parseDuration(env.WS_AUTH_TIMEOUT) * 1000,
    wsHeartbeatMs: parseDuration(env.WS_HEARTBEAT_INTERVAL) * 1000
  })
})
