/**
 * A child process of the rooms scenario holding members' sockets (bench/rooms-load.ts forks
 * several, so that receiving is not bounded by one core of the load generator). Over IPC it is
 * told to open sockets of a system; it then streams, every 10 ms, how many of its sockets heard
 * each event, and on request reports the delivery latencies of a phase.
 */
import { clock, openClient, type Payload, type RoomClient, type Target } from './rooms-clients.js'

/** Opens members `first` to `first + count - 1` of a system: member i connects to instance i mod 3 and joins `rooms[i]`. */
export interface Open { type: 'open', id: number, system: string, target: Target, first: number, rooms: string[][], from: string[] }
/** The latencies heard in a phase of a system (and forgotten), and how many of its sockets closed unasked so far. */
export interface Report { type: 'report', id: number, system: string, phase: number }
export type Request = Open | Report | { type: 'close', id: number }

/** Per event (`seqs[i]`), how many more of this worker's sockets heard it (`counts[i]`). */
export interface Counts { type: 'counts', phase: number, seqs: number[], counts: number[], at: number }
export type Reply = Counts | { type: 'done', id: number, latencies?: Float64Array, lost?: number, error?: string }

const BATCH = 100
const members = new Map<string, RoomClient[]>()
const latencies = new Map<number, number[]>()
// Sockets that closed unasked (Latchkey closes a slow consumer with 1013), by system.
const lost = new Map<string, number>()
let pending = new Map<number, Map<number, number>>()

const send = (reply: Reply) => process.send!(reply)

function heard (data: Payload) {
  const at = clock()
  let phase = latencies.get(data.p)
  if (!phase) latencies.set(data.p, (phase = []))
  phase.push(at - data.t)
  let counts = pending.get(data.p)
  if (!counts) pending.set(data.p, (counts = new Map()))
  counts.set(data.s, (counts.get(data.s) ?? 0) + 1)
}

setInterval(() => {
  if (!pending.size) return
  const flushed = pending
  pending = new Map()
  const at = clock()
  for (const [phase, counts] of flushed) send({ type: 'counts', phase, seqs: [...counts.keys()], counts: [...counts.values()], at })
}, 10)

async function open ({ system, target, first, rooms, from }: Open) {
  const clients: RoomClient[] = members.get(system) ?? []
  members.set(system, clients)
  lost.set(system, lost.get(system) ?? 0)
  for (let done = 0; done < rooms.length; done += BATCH) {
    clients.push(...await Promise.all(rooms.slice(done, done + BATCH).map(async (joins, j) => {
      const index = first + done + j
      const client = await openClient(target, target.urls[index % target.urls.length], from[Math.floor((done + j) / 20_000)], heard,
        () => lost.set(system, lost.get(system)! + 1))
      for (const room of joins) await client.join(room)
      return client
    })))
  }
}

// The harness gone (killed, or failed before closing us): nothing left to hold sockets for.
process.on('disconnect', () => process.exit(0))
process.on('message', (request: Request) => {
  const answer = async (): Promise<Reply> => {
    if (request.type === 'open') {
      await open(request)
      return { type: 'done', id: request.id }
    }
    if (request.type === 'report') {
      const found = Float64Array.from(latencies.get(request.phase) ?? [])
      latencies.delete(request.phase)
      return { type: 'done', id: request.id, latencies: found, lost: lost.get(request.system) ?? 0 }
    }
    for (const clients of members.values()) for (const client of clients) client.close()
    setTimeout(() => process.exit(0), 100)
    return { type: 'done', id: request.id }
  }
  answer().then(send, (err: Error) => send({ type: 'done', id: request.id, error: err.message }))
})
