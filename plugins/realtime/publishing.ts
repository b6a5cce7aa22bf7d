import type { FastifyInstance } from 'fastify'
import type { OrgClaim, KeyCaller } from '../accounts/index.js'
import { grants } from '../orgs/index.js'
import { PUBLIC_ROOMS } from './room-access.js'

/** What an org room's member, or an organization's API key, must hold to publish into it. */
export const PUBLISH_PERMISSION = 'rooms:publish'

/** Event names clients may publish; `presence.` is the server's own. */
export const EVENT_NAME = /^(?!presence\.)[A-Za-z0-9_.:-]{1,64}$/
const PUBLIC_ROOM = /^public:[a-z0-9_-]{1,64}$/
const USER_ROOM = /^USER[0-9a-f-]{36}$/

/** Publishes from one socket within a sliding second: more are refused (TOO_MANY_REQUESTS). */
export const SOCKET_PUBLISH_RATE = 20

/** Why a publish is refused: `too_large` (ROOM_MAX_MESSAGE), `forbidden`, `not_found` (an API key's other organization). */
export type PublishRefusal = 'too_large' | 'forbidden' | 'not_found'

/**
 * Who may publish into which room: from a socket, members holding rooms:publish into their
 * organization's rooms, and anyone signed in into `public:` rooms with PUBLIC_ROOMS_PUBLISH=true;
 * from a backend, an organization's API key into its rooms, and an admin into any room but the
 * seed's FEED (posts) and TEST. Nobody publishes into FEED, GLOBAL or USER<id> from a socket.
 */
export function createPublishing (app: FastifyInstance) {
  const { config, roomAccess } = app

  /** The JSON of `data` when it fits in ROOM_MAX_MESSAGE (bytes), else null. */
  function fits (data: unknown): boolean {
    return Buffer.byteLength(JSON.stringify(data ?? null)) <= config.roomMaxMessage
  }

  return {
    fits,

    /** A signed-in user on a socket (with its token's org claim). */
    async mayUser (user: { id: string, org?: OrgClaim }, room: string): Promise<boolean> {
      const organizationId = roomAccess.organizationOf(room)
      if (organizationId) return await app.orgs.allows(user, organizationId, PUBLISH_PERMISSION)
      return config.publicRoomsPublish && PUBLIC_ROOM.test(room)
    },

    /**
     * Whether a user who was just let into `room` may publish there, for the `joined` frame: in an
     * org room, from the permissions its join read (no other read); a publish checks again.
     */
    mayAfterJoin (room: string, permissions?: string[]): boolean {
      if (permissions) return grants(permissions, PUBLISH_PERMISSION)
      return config.publicRoomsPublish && PUBLIC_ROOM.test(room)
    },

    /** A backend: an organization's API key, or an admin (null key). */
    mayBackend (key: KeyCaller | null, room: string): PublishRefusal | null {
      const organizationId = roomAccess.organizationOf(room)
      if (key) {
        if (organizationId !== key.organizationId) return 'not_found'
        return grants(key.permissions, PUBLISH_PERMISSION) ? null : 'forbidden'
      }
      const known = organizationId || PUBLIC_ROOM.test(room) || USER_ROOM.test(room) || room === 'GLOBAL'
      return known && !(PUBLIC_ROOMS.has(room) && room !== 'GLOBAL') ? null : 'forbidden'
    },

    /** A per-socket limiter: whether one more publish is allowed now. */
    limiter () {
      const times: number[] = []
      return () => {
        const now = Date.now()
        while (times.length && times[0] <= now - 1000) times.shift()
        if (times.length >= SOCKET_PUBLISH_RATE) return false
        times.push(now)
        return true
      }
    }
  }
}
