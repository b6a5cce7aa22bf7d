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

  async function drain () {
    draining = true
    while (queue.length) {
      const batch = queue.splice(0, queue.length)
      const refs = batch.filter((n) => n.ref)
      const rows = refs.length
        ? await readRows({ rooms: refs.map((n) => n.room), offsets: refs.map((n) => n.offset) }).catch((err) => {
          log.warn({ err }, 'room events not read')
          return []
        })
        : []
      const data = new Map(rows.map((r) => [key(r), r.data]))
      for (const { ref, ...event } of batch) {
        if (ref && !data.has(key(event))) {
          log.warn({ room: event.room, offset: event.offset }, 'room event gone before it was read')
          lost?.(event.room)
        } else deliver((ref ? { ...event, data: data.get(key(event)) } : event) as RoomEvent)
      }
    }
    draining = false
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
