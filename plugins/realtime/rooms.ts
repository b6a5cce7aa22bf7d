import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import { REVOKE_CHANNEL } from '../accounts/index.js'
import type { Queryable } from '../core/db.js'
import { MEMBERSHIP_CHANNEL } from '../orgs/index.js'
import { keepListening } from './listen.js'
import { createRoomAccess, userRoom } from './room-access.js'
import type { Broker, PresenceChange, Position, Profile, Recovery, RoomEvent } from './brokers/broker.js'
import { createBroker } from './brokers/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    rooms: ReturnType<typeof createRooms>
    roomAccess: ReturnType<typeof createRoomAccess>
  }
}

export { PUBLIC_ROOMS, userRoom } from './room-access.js'
export { ROOMS_CHANNEL } from './brokers/postgres.js'
export type { RoomEvent, Position } from './brokers/broker.js'

/** Close code sent to sockets whose credentials were revoked or never given. */
export const CLOSE_UNAUTHORIZED = 4401
/** Close code of a socket that did not read its events fast enough (WS_MAX_BUFFER): "try again later". */
export const CLOSE_SLOW_CONSUMER = 1013

/** Which of a user's sockets a revocation notice closes (REVOKE_CHANNEL). */
export interface Revocation { family?: string, except?: string | null }

/** A socket joining with `since`: the live events heard meanwhile, sent after the missed ones. */
interface Recovering { buffered: Array<{ offset: number, epoch?: string, frame: Buffer }> }

/** Whether an event is at or before a position of its room (sent already, or published before the join). */
const reached = (offset: number, epoch: string | undefined, floor: Position) => epoch === floor.epoch && offset <= floor.offset

export function createRooms (app: FastifyInstance, broker: Broker) {
  const members = new Map<string, Set<WebSocket>>()
  // Per socket and room: a recovery under way, or the last offset it sent (live events up to it are duplicates).
  const recovering = new WeakMap<WebSocket, Map<string, Recovering>>()
  const floors = new WeakMap<WebSocket, Map<string, Position>>()
  // Sockets that asked for a room's presence events.
  const watchers = new Map<string, Set<WebSocket>>()
  const connectionIds = new WeakMap<WebSocket, string>()
  const maxBuffer = app.config.wsMaxBuffer
  const socketRooms = new WeakMap<WebSocket, Set<string>>()
  // The session family each authenticated socket's token belongs to (null: a token without sid).
  const socketFamily = new WeakMap<WebSocket, string | null>()
  const socketOwner = new WeakMap<WebSocket, string>()
  // Each user's authenticated sockets, whatever rooms they are in (leaving USER<id> must not
  // take a socket out of reach of its owner's revocations), and how each is told it is revoked.
  const owned = new Map<string, Map<WebSocket, () => void>>()
  const delivered = app.metrics?.counter({ name: 'latchkey_room_events_delivered_total', help: 'Room event frames sent to sockets' })
  const slowClosed = app.metrics?.counter({ name: 'latchkey_room_slow_consumers_closed_total', help: 'Sockets closed with 1013 past WS_MAX_BUFFER' })

  const frameOf = ({ room, event, data, offset, epoch }: RoomEvent) => Buffer.from(JSON.stringify({ type: 'event', room, event, data, offset, epoch }))

  // Closed with 1013: it recovers from history when it comes back (a client that reads nothing never completes the close).
  const cutOff = (socket: WebSocket, reason: string) => {
    socket.close(CLOSE_SLOW_CONSUMER, reason)
    setTimeout(() => socket.terminate(), 5000).unref()
  }
  // Sends a frame unless the socket holds more than WS_MAX_BUFFER unsent: then it is cut off, and the others are not held up.
  function sendTo (socket: WebSocket, frame: Buffer): boolean {
    if (socket.readyState !== socket.OPEN) return false
    if (socket.bufferedAmount > maxBuffer) {
      cutOff(socket, 'slow consumer')
      slowClosed?.inc()
      return false
    }
    socket.send(frame, { binary: false })
    return true
  }

  function deliver (roomEvent: RoomEvent) {
    const sockets = members.get(roomEvent.room)
    if (!sockets?.size) return
    const { room, offset, epoch } = roomEvent
    // Serialized and UTF-8 encoded once for the whole room (a string would be encoded per
    // socket); `binary: false` keeps it a text frame.
    const frame = frameOf(roomEvent)
    let sent = 0
    for (const socket of sockets) {
      const recovery = recovering.get(socket)?.get(room)
      if (recovery && offset !== undefined) {
        recovery.buffered.push({ offset, epoch, frame })
        continue
      }
      const floor = floors.get(socket)?.get(room)
      if (floor !== undefined && offset !== undefined) {
        if (reached(offset, epoch, floor)) continue
        floors.get(socket)!.delete(room)
      }
      if (sendTo(socket, frame)) sent++
    }
    delivered?.inc(sent)
  }

  function presenceChanged ({ room, event, ...data }: PresenceChange) {
    const frame = Buffer.from(JSON.stringify({ type: 'event', room, event, data }))
    for (const socket of watchers.get(room) ?? []) sendTo(socket, frame)
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
      recovering.get(socket)?.delete(room)
      floors.get(socket)?.delete(room)
      rooms.unwatch(socket, room)
    },
    /**
     * Joins with `since`: the events after it from history, in order (none published before
     * `notBefore`), then `joined` (whether all were there and sent), then the live events heard
     * meanwhile that history did not hold. A live event still on its way, already covered, is dropped.
     */
    async recover (socket: WebSocket, room: string, since: Position, joined: (recovered: boolean) => void, notBefore?: Date): Promise<void> {
      const recovery: Recovering = { buffered: [] }
      let mine = recovering.get(socket)
      if (!mine) recovering.set(socket, (mine = new Map()))
      mine.set(room, recovery)
      rooms.join(socket, room)
      const { recovered, events, head } = await broker.history(room, since, notBefore).catch((err): Recovery => {
        app.log.warn({ err, room }, 'room history not read')
        return { recovered: false, events: [] }
      })
      if (mine.get(room) !== recovery) return
      mine.delete(room)
      // Recovered: up to `since`, then each event sent; if not (events withheld or lost), nothing up to the head follows.
      let last: Position | undefined = recovered ? since : head
      for (const event of events) {
        socket.send(frameOf(event), { binary: false })
        if (recovered) last = { offset: event.offset!, epoch: event.epoch! }
      }
      joined(recovered)
      for (const { offset, epoch, frame } of recovery.buffered) {
        if (last && reached(offset, epoch, last)) continue
        sendTo(socket, frame)
        if (epoch) last = { offset, epoch }
      }
      if (!last) return
      let floor = floors.get(socket)
      if (!floor) floors.set(socket, (floor = new Map()))
      floor.set(room, last)
    },
    /** Makes a socket in a room present to others (every instance) with its user's profile, and gives it the room's presence events. */
    async enter (socket: WebSocket, room: string, userId: string, profile: Profile): Promise<void> {
      let sockets = watchers.get(room)
      if (!sockets) watchers.set(room, (sockets = new Set()))
      if (sockets.has(socket)) return
      sockets.add(socket)
      let id = connectionIds.get(socket)
      if (!id) connectionIds.set(socket, (id = randomBytes(12).toString('hex')))
      await broker.enter(room, id, userId, profile)
    },
    unwatch (socket: WebSocket, room: string) {
      const sockets = watchers.get(room)
      if (!sockets?.delete(socket)) return
      if (sockets.size === 0) watchers.delete(room)
      broker.leave(room, connectionIds.get(socket)!).catch((err) => app.log.warn({ err, room }, 'room presence not left'))
    },
    /** Who is present in a room, on every instance. */
    present: (room: string) => broker.present(room),
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
    /** Whether a socket is in a room. */
    has (socket: WebSocket, room: string): boolean {
      return members.get(room)?.has(socket) ?? false
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
        await broker.publish(room, event, data)
      } catch (err) {
        app.log.warn({ err, room, event }, 'room event not sent')
      }
    },
    /** Publishes into a room in every instance: its position in the room's history (throws when the broker fails). */
    async publish (room: string, event: string, data: unknown): Promise<Position> {
      return broker.publish(room, event, data)
    },
    /** Emits from inside a transaction: only if and when it commits, never after a rollback. */
    emitInTransaction: (tx: Queryable, room: string, event: string, data: unknown) => broker.publishInTransaction(tx, room, event, data),
    deliver,
    presenceChanged,
    /** An event of the room this instance could not deliver: its sockets there are cut off, and recover. */
    lost: (room: string) => { for (const socket of members.get(room) ?? []) cutOff(socket, 'missed an event') },
    broker,
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
  const broker = await createBroker(app, { probeMs: opts.probeMs })
  // Closed with the app, whether or not this process listens (a worker publishes too).
  app.addHook('onClose', () => broker.close())
  const rooms = createRooms(app, broker)
  const access = createRoomAccess(app, rooms)
  app.decorate('rooms', rooms)
  app.decorate('roomAccess', access)
  if (!opts.listen) return

  const unsubscribe = await broker.subscribe(rooms.deliver, rooms.presenceChanged, rooms.lost)
  app.addHook('preClose', unsubscribe)
  const stop = await keepListening(app.directSql, app.log, {
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
