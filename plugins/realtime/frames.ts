import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { ACCOUNT_TYPES, repositoryOf, type OrgClaim } from '../accounts/index.js'
import { isPlainObject } from '../core/objects.js'
import type { Position, Profile } from './brokers/broker.js'
import { EVENT_NAME, createPublishing } from './publishing.js'

/** The user of an authenticated socket, with the org claim of its latest token. */
export interface SocketUser { id: string, org?: OrgClaim }

type Message = Record<string, unknown>

/** What a user shows where it is present (sockets are users' only: admins are never present). */
const { badge } = repositoryOf(ACCOUNT_TYPES.user).owners

/** `since` of a join: a non-negative integer offset in an epoch. */
function positionOf (since: unknown): Position | null | undefined {
  if (since === undefined) return undefined
  if (!isPlainObject(since) || !Number.isSafeInteger(since.offset) || (since.offset as number) < 0 || typeof since.epoch !== 'string') return null
  return { offset: since.offset as number, epoch: since.epoch }
}

/**
 * The frames of an authenticated socket (docs/websocket.md): join (with `since` to recover, with
 * `presence` to be seen), leave, publish and presence. Returns a promise while a frame needs the
 * database: the socket's later frames wait for it.
 */
export function createFrames (app: FastifyInstance) {
  const { rooms, roomAccess } = app
  const publishing = createPublishing(app)
  const limiters = new WeakMap<WebSocket, () => boolean>()

  function send (socket: WebSocket, message: Message) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }

  function refuse (socket: WebSocket, request: FastifyRequest, error: string, key: string, extra: Message = {}, params?: Record<string, string>) {
    send(socket, { type: 'error', error, ...extra, message: request.t(key, params) })
  }

  const invalid = (socket: WebSocket, request: FastifyRequest, names: string) =>
    refuse(socket, request, 'BAD_REQUEST_INVALID_ARGUMENTS', 'GLOBAL[bad_request_invalid_arguments]', {}, { names })

  /** The `joined` frame; `publish: true` tells a client it may publish there (absent: it may not). */
  const joined = (room: string, publish: boolean, recovered?: boolean): Message =>
    ({ type: 'joined', room, ...(recovered !== undefined && { recovered }), ...(publish && { publish: true }) })

  /**
   * Makes the socket visible in a room with its user's name and picture, read now: once per join,
   * never per event (a change shows from the next join). A socket that left the room or closed
   * during the read is not entered: nothing would take it out again.
   */
  async function enter (socket: WebSocket, request: FastifyRequest, userId: string, room: string) {
    try {
      const [profile = { name: null, picture: null }]: Profile[] = await badge.run(app.sql, { id: userId })
      if (rooms.has(socket, room)) await rooms.enter(socket, room, userId, profile)
    } catch (err) {
      request.log.warn({ err, room }, 'room presence not entered')
    }
  }

  /**
   * The join's answer once allowed: with `since`, the missed events first (none published before
   * `notBefore`: an org room's, before the membership); with `presence`, visible. `permissions`:
   * what an org room's member holds there.
   */
  async function admit (socket: WebSocket, request: FastifyRequest, user: SocketUser, room: string, since: Position | undefined, presence: boolean,
    verdict?: { notBefore: Date, permissions: string[] }) {
    if (socket.readyState !== socket.OPEN) return
    const publish = publishing.mayAfterJoin(room, verdict?.permissions)
    if (since) {
      await rooms.recover(socket, room, since, (recovered) => send(socket, joined(room, publish, recovered)), verdict?.notBefore)
    } else {
      rooms.join(socket, room)
    }
    if (presence) await enter(socket, request, user.id, room)
    if (!since) send(socket, joined(room, publish))
  }

  /** A `join`; an org room's needs one read of the membership, and the socket may have closed meanwhile. */
  async function join (socket: WebSocket, request: FastifyRequest, user: SocketUser, room: string, message: Message) {
    const since = positionOf(message.since)
    if (since === null || (message.presence !== undefined && typeof message.presence !== 'boolean')) return invalid(socket, request, 'since, presence')
    const organizationId = roomAccess.organizationOf(room)
    let allowed: { notBefore: Date, permissions: string[] } | undefined
    if (organizationId) {
      const verdict = await roomAccess.mayJoin(user, organizationId).catch((err) => {
        request.log.warn({ err, room }, 'org room join not checked')
        return 'forbidden' as const
      })
      if (socket.readyState !== socket.OPEN) return
      // As the organization's routes answer 401: the token's org claim is outdated, refresh it.
      if (verdict === 'stale_token') return refuse(socket, request, 'UNAUTHORIZED', 'GLOBAL[unauthorized]', { room })
      if (verdict === 'forbidden') return refuse(socket, request, 'FORBIDDEN', 'GLOBAL[forbidden]', { room })
      allowed = verdict
    } else if (!roomAccess.open(user.id, room)) {
      return refuse(socket, request, 'FORBIDDEN', 'GLOBAL[forbidden]', { room })
    }
    await admit(socket, request, user, room, since, message.presence === true, allowed)
  }

  async function publish (socket: WebSocket, request: FastifyRequest, user: SocketUser, room: string, message: Message) {
    if (typeof message.event !== 'string' || !EVENT_NAME.test(message.event) || !('data' in message)) return invalid(socket, request, 'event, data')
    if (!publishing.fits(message.data)) return refuse(socket, request, 'PAYLOAD_TOO_LARGE', 'GLOBAL[payload_too_large]', { room })
    let allowed = limiters.get(socket)
    if (!allowed) limiters.set(socket, (allowed = publishing.limiter()))
    if (!allowed()) return refuse(socket, request, 'TOO_MANY_REQUESTS', 'GLOBAL[too_many_requests]', { room }, { after: '1 s' })
    const may = await publishing.mayUser(user, room).catch((err) => {
      request.log.warn({ err, room }, 'room publish not checked')
      return false
    })
    if (!may) return refuse(socket, request, 'FORBIDDEN', 'GLOBAL[forbidden]', { room })
    const { offset } = await rooms.publish(room, message.event, message.data)
    send(socket, { type: 'published', room, offset })
  }

  async function presence (socket: WebSocket, request: FastifyRequest, room: string) {
    if (!rooms.has(socket, room)) return refuse(socket, request, 'FORBIDDEN', 'GLOBAL[forbidden]', { room })
    send(socket, { type: 'presence', room, users: await rooms.present(room) })
  }

  return {
    /** Handles one frame; a promise while it waits for the database (errors are logged and answered). */
    onFrame (socket: WebSocket, request: FastifyRequest, user: SocketUser, message: Message | null): Promise<void> | undefined {
      // Frames kept while an earlier one waited may come after the socket closed: nothing to do then.
      if (socket.readyState !== socket.OPEN) return
      const room = message?.room
      const type = message?.type
      if (!message || typeof room !== 'string' || (type !== 'join' && type !== 'leave' && type !== 'publish' && type !== 'presence')) {
        return void invalid(socket, request, 'type, room')
      }
      if (type === 'leave') {
        rooms.leave(socket, room)
        return void send(socket, { type: 'left', room })
      }
      // Joins of open rooms without since or presence stay synchronous: no frame waits for them.
      if (type === 'join' && message.since === undefined && message.presence === undefined && !roomAccess.organizationOf(room)) {
        if (!roomAccess.open(user.id, room)) return void refuse(socket, request, 'FORBIDDEN', 'GLOBAL[forbidden]', { room })
        rooms.join(socket, room)
        return void send(socket, joined(room, publishing.mayAfterJoin(room)))
      }
      const work = type === 'join' ? join(socket, request, user, room, message) : type === 'publish' ? publish(socket, request, user, room, message) : presence(socket, request, room)
      return work.catch((err) => {
        request.log.warn({ err, room, type }, 'socket frame failed')
        send(socket, { type: 'error', error: 'SERVICE_UNAVAILABLE', room, message: request.t('GLOBAL[service_unavailable]') })
      })
    }
  }
}
