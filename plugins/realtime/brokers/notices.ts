import type { FastifyBaseLogger } from 'fastify'
import type { RoomEvent } from './broker.js'

/** A room event's notification: the event itself, or (`ref`) the position of its history row. */
interface Notice { room: string, event: string, offset: number, epoch: string, data?: unknown, ref?: true }

type ReadRows = (refs: { rooms: string[], offsets: number[] }) => Promise<Array<{ room: string, offset: number, data: unknown }>>

/**
 * The PostgreSQL broker's notifications, delivered in commit order. Those that refer to their row
 * (too large to notify) wait for its read, and those after them too: the ones queued meanwhile
 * are read together (one statement a batch), so a busy instance catches up instead of falling
 * further behind. A row pruned before it was read (the instance fell more than the history
 * behind) is an event its sockets cannot get here: the room is `lost`.
 */
export function noticeReader (readRows: ReadRows, deliver: (event: RoomEvent) => void, log: FastifyBaseLogger, lost?: (room: string) => void) {
  const queue: Notice[] = []
  let draining = false
  const key = (n: { room: string, offset: number }) => `${n.offset}:${n.room}`

  /** The rows of a batch's references; null when they could not be read (their rooms are lost, as a gone row's). */
  async function rowsOf (refs: Notice[]) {
    if (!refs.length) return new Map<string, unknown>()
    try {
      const rows = await readRows({ rooms: refs.map((n) => n.room), offsets: refs.map((n) => n.offset) })
      return new Map(rows.map((r) => [key(r), r.data]))
    } catch (err) {
      log.warn({ err }, 'room events not read')
      return null
    }
  }

  async function drain () {
    draining = true
    try {
      while (queue.length) {
        const batch = queue.splice(0, queue.length)
        const data = await rowsOf(batch.filter((n) => n.ref))
        for (const { ref, ...event } of batch) {
          try {
            if (ref && !data?.has(key(event))) {
              if (data) log.warn({ room: event.room, offset: event.offset }, 'room event gone before it was read')
              lost?.(event.room)
            } else deliver((ref ? { ...event, data: data!.get(key(event)) } : event) as RoomEvent)
          } catch (err) {
            // One room's failure is its own: the notifications after it are still delivered.
            log.error({ err, room: event.room }, 'room event not delivered')
          }
        }
      }
    } finally {
      draining = false
    }
  }

  return {
    push (payload: string) {
      try {
        queue.push(JSON.parse(payload))
      } catch (err) {
        return log.warn({ err }, 'bad room notification')
      }
      if (!draining) void drain()
    }
  }
}
