import { Type } from '@sinclair/typebox'
import { Success } from './common.js'

/** The rooms one may publish into from a backend (docs/websocket.md#rooms). */
export const RoomNameSchema = Type.String({
  maxLength: 160,
  pattern: '^(GLOBAL|FEED|TEST|USER[0-9a-f\\-]{36}|public:[a-z0-9_\\-]{1,64}|org:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(:[a-z0-9_\\-]{1,64})?)$',
  description: '`org:<organizationId>`, `org:<organizationId>:<name>`, `public:<name>`, `GLOBAL` or `USER<userId>`'
})

export const PublishRoomArgsSchema = Type.Object({
  room: RoomNameSchema,
  event: Type.String({ pattern: '^(?!presence\\.)[A-Za-z0-9_.:\\-]{1,64}$', description: 'the event\'s name; `presence.` is reserved' }),
  data: Type.Unknown({ description: 'any JSON, up to ROOM_MAX_MESSAGE (16 KiB) serialized' })
}, { additionalProperties: false })

export const PublishedResponseSchema = Success(200, {
  room: Type.String(),
  offset: Type.Integer({ description: 'the event\'s offset in the room' }),
  epoch: Type.String({ description: 'the room\'s epoch: offsets compare within one epoch' })
}, { title: 'PublishedToRoom' })
