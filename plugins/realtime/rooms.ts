import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import { REVOKE_CHANNEL } from '../accounts/repository.js'
import { statement, type Queryable } from '../core/db.js'
import { MEMBERSHIP_CHANNEL } from '../orgs/repository.js'
import { keepListening } from './listen.js'
import { createRoomAccess, userRoom } from './room-access.js'

declare module 'fastify' {
  interface FastifyInstance {
    rooms: ReturnType<typeof createRooms>
    roomAccess: ReturnType<typeof createRoomAccess>
  }
}

export { PUBLIC_ROOMS, userRoom } from './room-access.js'

/** pg_notify channel that carries room events between every instance on one database. */
export const ROOMS_CHANNEL = 'latchkey_rooms'

/** Close code sent to sockets whose credentials were revoked or never given. */
export const CLOSE_UNAUTHORIZED = 4401

interface RoomEvent { room: string, event: string, data: unknown }

/** Which of a user's sockets a revocation notice closes (REVOKE_CHANNEL). */
export interface Revocation { family?: string, except?: string | null }

const NOTIFY = statement<never, { channel: string, payload: string }>((p) => `select pg_notify(${p.channel}, ${p.payload})`)

export function createRooms (app: FastifyInstance) {
  const members = new Map<string, Set<WebSocket>>()
  const socketRooms = new WeakMap<WebSocket, Set<string>>()
  // The session family each authenticated socket's token belongs to (null: a token without sid).
  const socketFamily = new WeakMap<WebSocket, string | null>()
  const socketOwner = new WeakMap<WebSocket, string>()
  // Each user's authenticated sockets, whatever rooms they are in (leaving USER<id> must not
  // take a socket out of reach of its owner's revocations), and how each is told it is revoked.
  const owned = new Map<string, Map<WebSocket, () => void>>()
  const delivered = app.metrics?.counter({ name: 'latchkey_room_events_delivered_total', help: 'Room event frames sent to sockets' })

  function deliver ({ room, event, data }: RoomEvent) {
    const sockets = members.get(room)
    if (!sockets?.size) return
    // Serialized and UTF-8 encoded once for the whole room (a string would be encoded per
    // socket); `binary: false` keeps it a text frame.
    const frame = Buffer.from(JSON.stringify({ type: 'event', room, event, data }))
    let sent = 0
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) {
        socket.send(frame, { binary: false })
        sent++
      }
    }
    delivered?.inc(sent)
  }

  const rooms = {
    join (socket: WebSocket, room: string) {
      let sockets = members.get(room)
      if (!sockets) members.set(room, (sockets = new Set()))
      sockets.add(socket)
      let joined = socketRooms.get(socket)
      if (!joined) socketRooms.set(socket, (joined = new Set()))
      joined.add(room)
    },
    leave (socket: WebSocket, room: string) {
      const sockets = members.get(room)
      sockets?.delete(socket)
      if (sockets?.size === 0) members.delete(room)
      socketRooms.get(socket)?.delete(room)
    },
    /**
     * Registers an authenticated socket: its own room, forgetting it on close, and `unauthorized`,
     * which a revocation calls to tell it and close it.
     */
    attach (socket: WebSocket, userId: string, familyId: string | null, unauthorized: () => void) {
      socketFamily.set(socket, familyId)
      socketOwner.set(socket, userId)
      let sockets = owned.get(userId)
      if (!sockets) owned.set(userId, (sockets = new Map()))
      sockets.set(socket, unauthorized)
      rooms.join(socket, userRoom(userId))
      socket.once('close', () => {
        for (const room of socketRooms.get(socket) ?? []) rooms.leave(socket, room)
        sockets.delete(socket)
        if (sockets.size === 0 && owned.get(userId) === sockets) owned.delete(userId)
      })
    },
    /** This process's authenticated sockets in `room` and in its sub-rooms (`<room>:<name>`), with their rooms and users. */
    occupants (room: string): Array<{ socket: WebSocket, room: string, userId: string }> {
      const found = []
      for (const [name, sockets] of members) {
        if (name !== room && !name.startsWith(`${room}:`)) continue
        for (const socket of sockets) {
          const userId = socketOwner.get(socket)
          if (userId) found.push({ socket, room: name, userId })
        }
      }
      return found
    },
    /** Local sockets in a room (this process only). */
    size (room: string): number {
      return members.get(room)?.size ?? 0
    },
    /**
     * Emits to a room in every instance, for code outside a transaction. A failure to notify
     * (database down) is logged and swallowed: the caller's request still succeeds.
     */
    async emit (room: string, event: string, data: unknown): Promise<void> {
      try {
        await NOTIFY.run(app.sql, { channel: ROOMS_CHANNEL, payload: JSON.stringify({ room, event, data }) })
      } catch (err) {
        app.log.warn({ err, room, event }, 'room event not sent')
      }
    },
    /**
     * Emits from inside a transaction: PostgreSQL delivers the notification only if and when
     * the transaction commits, so clients never hear of a change that was rolled back.
     */
    async emitInTransaction (tx: Queryable, room: string, event: string, data: unknown): Promise<void> {
      await NOTIFY.run(tx, { channel: ROOMS_CHANNEL, payload: JSON.stringify({ room, event, data }) })
    },
    deliver,
    /** The socket re-authenticated in-band, possibly with a token of another family of its user. */
    setFamily (socket: WebSocket, familyId: string | null) {
      socketFamily.set(socket, familyId)
    },
    /**
     * Tells a user's sockets in this process they are unauthorized and closes them: all of them
     * (their tokenVersion changed), those of one session family, or those of every family but
     * one (a null `except`: every socket).
     */
    revoke (userId: string, scope: Revocation = {}) {
      for (const [socket, unauthorized] of owned.get(userId) ?? []) {
        const family = socketFamily.get(socket) ?? null
        if (scope.family !== undefined && family !== scope.family) continue
        if (scope.except && family === scope.except) continue
        unauthorized()
      }
    }
  }
  return rooms
}

export interface RoomsOptions {
  /** LISTEN for room events and revocations (serve only). */
  listen: boolean
  /** How often the LISTEN connection is checked (milliseconds). */
  probeMs?: number
}

/**
 * Room membership for this process's sockets, who may join which room, and one LISTEN connection,
 * kept listening through database restarts, that feeds them events from every instance and takes
 * them out of an organization's rooms when their membership ends.
 */
export default fp<RoomsOptions>(async (app, opts) => {
  const rooms = createRooms(app)
  const access = createRoomAccess(app, rooms)
  app.decorate('rooms', rooms)
  app.decorate('roomAccess', access)
  if (!opts.listen) return

  const stop = await keepListening(app.directSql, app.log, {
    [ROOMS_CHANNEL]: (payload) => {
      try {
        rooms.deliver(JSON.parse(payload))
      } catch (err) {
        app.log.warn({ err }, 'bad room notification')
      }
    },
    [REVOKE_CHANNEL]: (payload) => {
      try {
        const { type, id, family, except } = JSON.parse(payload)
        if (type === 'user') rooms.revoke(id, { family, except })
      } catch (err) {
        app.log.warn({ err }, 'bad revoke notification')
      }
    },
    [MEMBERSHIP_CHANNEL]: (payload) => {
      let notice
      try {
        notice = JSON.parse(payload)
      } catch (err) {
        return app.log.warn({ err }, 'bad membership notification')
      }
      void access.membershipChanged(notice)
    }
  }, opts.probeMs ?? 5000)
  app.addHook('preClose', stop)
}, { name: 'rooms', dependencies: ['db', 'metrics', 'orgs'] })
