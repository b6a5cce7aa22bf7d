import type { FastifyBaseLogger } from 'fastify'
import type { KV, KvWatchEntry } from '@nats-io/kv'
import type { PresenceChange, PresentUser, Profile } from './broker.js'
import { roomToken } from './nats-names.js'

/**
 * How often an instance puts its present sockets' keys again, and how long a key lives without
 * that (the bucket's TTL, ms): a dead instance's sockets are gone within LEASE_MS + SWEEP_MS.
 */
const HEARTBEAT_MS = 500
export const LEASE_MS = 1500
const SWEEP_MS = 250

interface Entry extends Profile { room: string, userId: string, since: string }
/** A socket as the watch saw it: its user, since when, and when its key was last put. */
type Seen = Omit<Entry, 'room'> & { seenAt: number }

/**
 * Presence in a KV bucket: one key per present socket (`<room>.<connectionId>`, the room in
 * base64url) holding its user and the profile its join read, put again every HEARTBEAT_MS by its
 * instance and dropped by the bucket after LEASE_MS without. Every instance watches the bucket
 * and keeps a view of who is where, from which it derives presence.joined (a user's first socket
 * in a room, with that socket's profile) and presence.left (its last one deleted, or not put
 * again within LEASE_MS: its instance died).
 */
export function natsPresence (kv: KV, log: FastifyBaseLogger) {
  // This instance's present sockets, by key.
  const mine = new Map<string, Entry>()
  // The watch's listener, also told at once of this instance's own leaves.
  let notify: (change: PresenceChange) => void = () => {}
  let beating: NodeJS.Timeout | undefined
  // Every instance's sockets as the watch saw them: room -> key -> socket.
  const view = new Map<string, Map<string, Seen>>()

  const keyOf = (room: string, connectionId: string) => `${roomToken(room)}.${connectionId}`
  const connections = (room: string, userId: string) => [...view.get(room)?.values() ?? []].filter((c) => c.userId === userId).length

  function beat () {
    for (const [key, entry] of mine) kv.put(key, JSON.stringify(entry)).catch((err) => log.debug({ err }, 'room presence heartbeat failed'))
  }

  function stopIfIdle () {
    if (mine.size > 0) return
    clearInterval(beating)
    beating = undefined
  }

  /** Removes a socket from the view: presence.left when it was its user's last one in the room. */
  function drop (room: string, key: string, onChange: (change: PresenceChange) => void) {
    const sockets = view.get(room)
    const entry = sockets?.get(key)
    if (!sockets || !entry) return
    sockets.delete(key)
    if (sockets.size === 0) view.delete(room)
    if (connections(room, entry.userId) === 0) onChange({ room, event: 'presence.left', userId: entry.userId })
  }

  function apply (e: KvWatchEntry, onChange: (change: PresenceChange) => void) {
    const room = Buffer.from(e.key.slice(0, e.key.indexOf('.')), 'base64url').toString()
    if (e.operation !== 'PUT') return drop(room, e.key, onChange)
    let userId: string, since: string, name: string | null, picture: string | null
    try {
      // An entry put by an instance of an earlier version has no profile.
      ({ userId, since, name = null, picture = null } = e.json() as Entry)
    } catch (err) {
      return log.warn({ err, key: e.key }, 'bad presence entry')
    }
    let sockets = view.get(room)
    if (!sockets) view.set(room, (sockets = new Map()))
    const known = sockets.has(e.key)
    const before = known ? -1 : connections(room, userId)
    // When it was put: on this clock as heard, or (a value the watch found at its start) as stored, if not later.
    sockets.set(e.key, { userId, since, name, picture, seenAt: e.isUpdate ? Date.now() : Math.min(Date.now(), e.created.getTime()) })
    if (before === 0) onChange({ room, event: 'presence.joined', userId, name, picture })
  }

  return {
    /** Watches the bucket (every instance's changes, in order) until the returned stop. */
    async watch (onChange: (change: PresenceChange) => void): Promise<() => void> {
      notify = onChange
      const updates = await kv.watch({ key: '>' })
      void (async () => {
        for await (const e of updates) apply(e, onChange)
      })().catch((err) => log.warn({ err }, 'room presence watch ended'))
      const sweeping = setInterval(() => {
        const stale = Date.now() - LEASE_MS
        for (const [room, sockets] of view) {
          for (const [key, { seenAt }] of sockets) if (seenAt < stale) drop(room, key, onChange)
        }
      }, SWEEP_MS).unref()
      return () => {
        clearInterval(sweeping)
        updates.stop()
      }
    },

    async enter (room: string, connectionId: string, userId: string, profile: Profile) {
      const key = keyOf(room, connectionId)
      const entry: Entry = { room, userId, since: new Date().toISOString(), ...profile }
      mine.set(key, entry)
      beating ??= setInterval(beat, HEARTBEAT_MS).unref()
      try {
        await kv.put(key, JSON.stringify(entry))
      } catch (err) {
        if (mine.get(key) === entry) mine.delete(key)
        stopIfIdle()
        throw err
      }
      // Left while entering: that leave's delete may have gone before the put.
      if (!mine.has(key)) await kv.delete(key)
    },

    async leave (room: string, connectionId: string) {
      const key = keyOf(room, connectionId)
      if (!mine.delete(key)) return
      stopIfIdle()
      // Out of this instance's view at once (its delete comes back through the watch and finds nothing).
      drop(room, key, notify)
      await kv.delete(key)
    },

    /**
     * Who is present in a room: the watch's view (and this instance's own sockets), the keys put
     * again within LEASE_MS (a dead instance's go stale before JetStream's expiry removes them).
     * Not a listing of the bucket's keys: one races with the heartbeats' puts, listing a key
     * twice or not at all.
     */
    async present (room: string): Promise<PresentUser[]> {
      const users = new Map<string, PresentUser>()
      const stale = Date.now() - LEASE_MS
      const seen = view.get(room) ?? new Map<string, Seen>()
      // This instance's own sockets count even before the watch brings their keys back.
      const own = [...mine].filter(([key, e]) => e.room === room && !seen.has(key)).map(([, e]) => ({ ...e, seenAt: Date.now() }))
      // In the order they joined: a user's since is its first socket's, its profile the latest join's.
      const live = [...seen.values(), ...own].filter((c) => c.seenAt >= stale).sort((a, b) => a.since.localeCompare(b.since))
      for (const { userId, since, name, picture } of live) {
        const user = users.get(userId)
        if (!user) users.set(userId, { userId, name, picture, connections: 1, since })
        else Object.assign(user, { name, picture, connections: user.connections + 1 })
      }
      return [...users.values()].sort((a, b) => a.since.localeCompare(b.since) || a.userId.localeCompare(b.userId))
    },

    /** Leaving on purpose: this instance's keys are deleted, so the others hear at once. */
    async close () {
      clearInterval(beating)
      beating = undefined
      const keys = [...mine.keys()]
      mine.clear()
      await Promise.all(keys.map((key) => kv.delete(key).catch((err) => log.debug({ err }, 'room presence not cleared'))))
    }
  }
}
