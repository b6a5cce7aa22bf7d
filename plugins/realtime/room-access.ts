import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import type { OrgClaim } from '../accounts/index.js'

/** The seed's rooms every signed-in user may join, besides its own USER<id>. */
export const PUBLIC_ROOMS = new Set(['GLOBAL', 'FEED', 'TEST'])
export const userRoom = (userId: string) => `USER${userId}`

/** `public:<name>`: any signed-in user. */
const PUBLIC_ROOM = /^public:[a-z0-9_-]{1,64}$/
/** `org:<orgId>` and `org:<orgId>:<name>`, the id lowercase as the database writes it: one room, one name. */
const ORG_ROOM = /^org:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?::[a-z0-9_-]{1,64})?$/
export const orgRoom = (organizationId: string) => `org:${organizationId}`
/** What a member's role must grant to be in its organization's rooms. */
export const ROOM_PERMISSION = 'rooms:join'

/**
 * Allowed, with the time before which the room's history is not the socket's (`notBefore`: an org
 * room's member sees nothing older than its membership) and the member's permissions, read with
 * it; `stale_token`: the token's org claim for the room's organization is of another membership version.
 */
export type JoinVerdict = { notBefore: Date, permissions: string[] } | 'forbidden' | 'stale_token'

/**
 * The first instant of a membership's history: `created_at` has microseconds, a Date milliseconds
 * (truncated or rounded), so from the next millisecond on, and no event older than the membership
 * ever passes (one published in its first millisecond may be withheld too).
 */
export const historyFrom = (memberSince: Date) => new Date(memberSince.getTime() + 1)

/** An organization's memberships changed (MEMBERSHIP_CHANNEL); `gone`: the member, or every member (userId null), is out. */
export interface MembershipNotice { organizationId: string, userId: string | null, gone: boolean }

/** What is asked of the rooms (plugins/realtime/rooms.ts): this process's sockets in them. */
interface LocalRooms {
  occupants: (room: string) => Array<{ socket: WebSocket, room: string, userId: string }>
  leave: (socket: WebSocket, room: string) => void
}

/** A notice heard while a join is being checked makes it check again, this many times at most. */
const ATTEMPTS = 3

/**
 * Who may join which room, and the org rooms' members who may no longer be there: the
 * organizations' own permission check (one indexed read) decides for org rooms, on joining and
 * again whenever the organization's memberships change.
 */
export function createRoomAccess (app: FastifyInstance, rooms: LocalRooms) {
  // Notices heard so far: a join whose check a notice overtook is checked again.
  let notices = 0

  function evict (socket: WebSocket, room: string) {
    rooms.leave(socket, room)
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'left', room, reason: 'removed' }))
  }

  async function mayStay (userId: string, organizationId: string): Promise<boolean> {
    try {
      return await app.orgs.allows({ id: userId }, organizationId, ROOM_PERMISSION)
    } catch (err) {
      // Unsure whether the member may still be there: out, as a join now would be refused.
      app.log.warn({ err, organizationId }, 'org room membership not checked')
      return false
    }
  }

  return {
    /** The organization of an org room; null for any other name. */
    organizationOf (room: string): string | null {
      return ORG_ROOM.exec(room)?.[1] ?? null
    },

    /** Whether a user may join a room that is not an org room (no read). */
    open (userId: string, room: string): boolean {
      return PUBLIC_ROOMS.has(room) || room === userRoom(userId) || PUBLIC_ROOM.test(room)
    },

    /**
     * Whether a user, with the org claim of its socket's token, may join an organization's
     * rooms, and from when its history is the user's: the membership's start, read with it (no
     * other read). An unknown organization, not being a member and a role without rooms:join are alike.
     */
    async mayJoin (user: { id: string, org?: OrgClaim }, organizationId: string): Promise<JoinVerdict> {
      for (let attempt = 1; ; attempt++) {
        const seen = notices
        const access = await app.orgs.access(user, organizationId, ROOM_PERMISSION)
        if (seen === notices || attempt === ATTEMPTS) {
          // A socket's user brings no membership, so its row was read, start included (else: no history at all).
          if (!('refused' in access)) {
            return seen === notices ? { notBefore: historyFrom(access.since ?? new Date()), permissions: access.membership.permissions } : 'forbidden'
          }
          return access.refused === 'stale_token' ? 'stale_token' : 'forbidden'
        }
      }
    },

    /**
     * Takes this process's sockets out of the organization's rooms when their user is no longer
     * allowed there, each with `{"type":"left","room","reason":"removed"}`. A member who is gone
     * is taken out at once; after another change, each user's membership is read again.
     */
    async membershipChanged ({ organizationId, userId, gone }: MembershipNotice): Promise<void> {
      notices++
      const concerned = (owner: string) => userId === null || owner === userId
      const users = new Set(rooms.occupants(orgRoom(organizationId)).filter((o) => concerned(o.userId)).map((o) => o.userId))
      const out = gone ? users : new Set((await Promise.all([...users].map(async (u) => await mayStay(u, organizationId) ? null : u))).filter((u) => u !== null))
      // Read again after the checks: sockets may have left or joined meanwhile.
      for (const { socket, room, userId: owner } of rooms.occupants(orgRoom(organizationId))) {
        if (out.has(owner)) evict(socket, room)
      }
    }
  }
}
