import { Type } from '@sinclair/typebox'
import { defineConcern } from './concern.js'
import { Bool, Duration, Int, Size, parseDuration, parseSize } from './forms.js'

export interface RoomsConfig {
  /** The largest `data` of a room event, in bytes of its JSON. */
  roomMaxMessage: number
  /** Events kept per room for recovery, and for how long (milliseconds). */
  roomHistorySize: number
  roomHistoryTtlMs: number
  /** Unsent bytes past which a socket is closed with 1013. */
  wsMaxBuffer: number
  /** Whether signed-in users may publish into `public:` rooms from their sockets. */
  publicRoomsPublish: boolean
  /** `nats://...`: NATS JetStream carries the rooms (plugins/realtime/brokers/nats.ts); null: PostgreSQL. */
  brokerUrl: string | null
}

/** Rooms (docs/websocket.md): the size of an event, history and recovery, slow sockets, the broker. */
export const rooms = defineConcern({
  env: {
    ROOM_MAX_MESSAGE: Size('16kb'),
    ROOM_HISTORY_SIZE: Int(1, 10_000, '100'),
    ROOM_HISTORY_TTL: Duration('5m'),
    WS_MAX_BUFFER: Size('1mb'),
    PUBLIC_ROOMS_PUBLISH: Bool('false'),
    BROKER_URL: Type.Optional(Type.String({ pattern: '^nats://.', description: 'a nats:// URL (unset: PostgreSQL)' }))
  },
  read: (env): RoomsConfig => {
    return {
      roomMaxMessage: parseSize(env.ROOM_MAX_MESSAGE),
      roomHistorySize: Number(env.ROOM_HISTORY_SIZE),
      roomHistoryTtlMs: parseDuration(env.ROOM_HISTORY_TTL) * 1000,
      wsMaxBuffer: parseSize(env.WS_MAX_BUFFER),
      publicRoomsPublish: env.PUBLIC_ROOMS_PUBLISH === 'true',
      brokerUrl: env.BROKER_URL || null
    }
  }
})
