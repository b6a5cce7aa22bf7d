/**
 * The load of the rooms scenario (bench/rooms.ts): members' sockets in worker processes
 * (bench/rooms-worker.ts), publishers' sockets here, and two phases. Latency: events published
 * one at a time at a fixed rate into the big room, each reception timed from the moment its
 * publish was sent. Throughput: the publishers keep at most `window` events not yet heard by every
 * member of their room (a window closed by the members' receptions, not by the publish's answer, so
 * no system is driven into an unbounded backlog), for `seconds`; receptions a second.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ROOT } from '../paths.js'
import { clock, openClient, type Payload, type RoomClient, type Target } from './rooms-clients.js'
import type { Counts, Open, Reply, Request } from './rooms-worker.js'

/**
 * Latchkey refuses a socket's 21st publish within a second, and every system's publishers keep to
 * it alike: as a publisher waits for each answer, the server handles its 1st and 21st publishes at
 * least 19 spacings apart (1,045 ms).
 */
const SPACING_MS = 55
/** An event not heard by all its members this long after it was sent frees its place in the window. */
const GIVE_UP_MS = 5000
const PAD = 'x'.repeat(64)

/** A system under test: its instances (`target`) and its publishers. */
export interface System { name: string, target: Target, members: number, publishers: RoomClient[] }

/** `refused`: publishes answered with an error (or none), by the error (`SERVICE_UNAVAILABLE`, `no answer`, ...). */
export interface Latency { p50: number, p99: number, max: number, delivered: number, expected: number, refused: Record<string, number>, lost: number }
/** `harnessCpu`: cores the harness (the publishers) used meanwhile; near 1 it, not the system, was the limit. */
export interface Throughput extends Latency { perSecond: number, publishes: number, publishCap: number, harnessCpu: number }


/** Events of one phase: which are still awaited, and what was heard. */
class Tracker {
  waiting = new Map<number, { left: number, sentAt: number }>()
  delivered = 0
  expected = 0
  lastAt = 0
  private inFlight = 0
  private queue: Array<() => void> = []
  constructor (private window = Infinity) {}
  /** Waits for a place in the window. */
  slot (): Promise<void> {
    if (this.inFlight < this.window) { this.inFlight++; return Promise.resolve() }
    return new Promise((resolve) => this.queue.push(resolve))
  }
  /** Gives back a place taken with `slot` and not used. */
  release () {
    const next = this.queue.shift()
    if (next) next()
    else this.inFlight--
  }
  sent (seq: number, members: number) {
    this.expected += members
    this.waiting.set(seq, { left: members, sentAt: clock() })
  }
  /** A refused publish: nothing to hear. */
  drop (seq: number, members: number) {
    this.expected -= members
    if (this.waiting.delete(seq)) this.release()
  }
  heard ({ seqs, counts, at }: Counts) {
    this.lastAt = Math.max(this.lastAt, at)
    for (let i = 0; i < seqs.length; i++) {
      this.delivered += counts[i]
      const entry = this.waiting.get(seqs[i])
      if (entry && (entry.left -= counts[i]) <= 0) { this.waiting.delete(seqs[i]); this.release() }
    }
  }
  giveUp () {
    for (const [seq, { sentAt }] of this.waiting) if (clock() - sentAt > GIVE_UP_MS) { this.waiting.delete(seq); this.release() }
  }
  async drained (ms: number) {
    const deadline = clock() + ms
    while (this.waiting.size && clock() < deadline) { this.giveUp(); await sleep(20) }
  }
}

/** Counts a refused publish under its error's code. */
const refuse = (refused: Record<string, number>, err: Error) => {
  const code = err.message.split(':')[0]
  refused[code] = (refused[code] ?? 0) + 1
}

export function createLoad (workerCount: number, log: (line: string) => void) {
  const workers: ChildProcess[] = Array.from({ length: workerCount }, () => fork(join(ROOT, 'bench', 'rooms-worker.ts'), [],
    { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }))
  const trackers = new Map<number, Tracker>()
  const answers = new Map<number, (reply: Reply & { type: 'done' }) => void>()
  const allPublishers: RoomClient[] = []
  // When each publisher last sent, across phases (the server's window of a second spans them).
  const lastSent = new WeakMap<RoomClient, number>()
  const ready = async (publisher: RoomClient) => {
    const wait = (lastSent.get(publisher) ?? -Infinity) + SPACING_MS - clock()
    if (wait > 0) await sleep(wait)
  }
  /** Waits for the publisher's turn and takes it (the send follows at once). */
  const pace = async (publisher: RoomClient) => {
    await ready(publisher)
    lastSent.set(publisher, clock())
  }
  let nextId = 0
  let nextPhase = 1
  for (const worker of workers) {
    worker.on('message', (reply: Reply) => {
      if (reply.type === 'counts') return trackers.get(reply.phase)?.heard(reply)
      answers.get(reply.id)?.(reply)
      answers.delete(reply.id)
    })
  }
  const ask = (worker: ChildProcess, request: Request) => new Promise<Reply & { type: 'done' }>((resolve, reject) => {
    answers.set(request.id, (reply) => reply.error ? reject(new Error(reply.error)) : resolve(reply))
    worker.send(request)
  })

  /** Every worker's latencies of a phase, sorted, and the sockets of the system closed unasked. */
  async function collect (system: System, phase: number) {
    const replies = await Promise.all(workers.map((w) => ask(w, { type: 'report', id: nextId++, system: system.name, phase })))
    const all = new Float64Array(replies.reduce((n, r) => n + r.latencies!.length, 0))
    let at = 0
    for (const r of replies) { all.set(r.latencies!, at); at += r.latencies!.length }
    all.sort()
    const pick = (p: number) => all.length ? all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)] : NaN
    return { p50: pick(50), p99: pick(99), max: all.length ? all[all.length - 1] : NaN, lost: replies.reduce((n, r) => n + r.lost!, 0) }
  }

  function phase (window?: number) {
    const id = nextPhase++
    const tracker = new Tracker(window)
    trackers.set(id, tracker)
    return { id, tracker }
  }

  return {
    /**
     * Opens a system's `count` members across the workers (`rooms(i)`: the rooms member i joins),
     * from the loopback addresses `from(worker)`, and `publishers` sockets here (from `from(workers)`),
     * spread over the instances alike.
     */
    async open (open: Pick<Open, 'system' | 'target'>, count: number, rooms: (index: number) => string[], publishers: number,
      from: (worker: number) => string[]): Promise<System> {
      await Promise.all(workers.map((worker, w) => {
        const first = Math.floor((count * w) / workers.length)
        const last = Math.floor((count * (w + 1)) / workers.length)
        return ask(worker, { ...open, type: 'open', id: nextId++, first, rooms: Array.from({ length: last - first }, (_, i) => rooms(first + i)), from: from(w) })
      }))
      const publisherFrom = from(workers.length)[0]
      const clients: RoomClient[] = []
      for (let i = 0; i < publishers; i += 50) {
        clients.push(...await Promise.all(Array.from({ length: Math.min(50, publishers - i) }, (_, j) =>
          openClient(open.target, open.target.urls[(i + j) % open.target.urls.length], publisherFrom, () => {}, () => log(`${open.system}: a publisher closed`)))))
      }
      allPublishers.push(...clients)
      return { name: open.system, target: open.target, members: count, publishers: clients }
    },

    /** `events` publishes into `room` (heard by `members`), one every `intervalMs`, each from the next publisher. */
    async latency (system: System, room: string, members: number, events: number, intervalMs: number): Promise<Latency> {
      const { id, tracker } = phase()
      const refused: Record<string, number> = {}
      const start = clock()
      for (let s = 0; s < events; s++) {
        const wait = start + s * intervalMs - clock()
        if (wait > 0) await sleep(wait)
        const publisher = system.publishers[s % system.publishers.length]
        await pace(publisher)
        tracker.sent(s, members)
        const data: Payload = { p: id, s, t: clock(), pad: PAD }
        publisher.publish(room, data).catch((err) => { refuse(refused, err); tracker.drop(s, members) })
      }
      await tracker.drained(GIVE_UP_MS * 2)
      trackers.delete(id)
      return { ...await collect(system, id), delivered: tracker.delivered, expected: tracker.expected, refused }
    },

    /** Publishes for `seconds`, event s into `roomOf(s)` (heard by `membersOf(room)`), `window` events awaited at most. */
    async throughput (system: System, roomOf: (s: number) => string, membersOf: (room: string) => number, window: number, seconds: number): Promise<Throughput> {
      const { id, tracker } = phase(window)
      const refused: Record<string, number> = {}
      let next = 0
      const start = clock()
      const cpu = process.cpuUsage()
      const end = start + seconds * 1000
      const sweeping = setInterval(() => tracker.giveUp(), 200)
      await Promise.all(system.publishers.map(async (publisher) => {
        while (clock() < end) {
          // Paced before taking a place in the window, so as not to hold one while waiting.
          await ready(publisher)
          await tracker.slot()
          await pace(publisher)
          if (clock() >= end) { tracker.release(); break }
          const s = next++
          const room = roomOf(s)
          tracker.sent(s, membersOf(room))
          await publisher.publish(room, { p: id, s, t: clock(), pad: PAD }).catch((err) => { refuse(refused, err); tracker.drop(s, membersOf(room)) })
        }
      }))
      await tracker.drained(GIVE_UP_MS * 2)
      clearInterval(sweeping)
      trackers.delete(id)
      const elapsed = (Math.max(tracker.lastAt, end) - start) / 1000
      const used = process.cpuUsage(cpu)
      return {
        ...await collect(system, id), delivered: tracker.delivered, expected: tracker.expected, refused,
        perSecond: tracker.delivered / elapsed, publishes: next / seconds, publishCap: system.publishers.length * 1000 / SPACING_MS,
        harnessCpu: (used.user + used.system) / 1e6 / ((clock() - start) / 1000)
      }
    },

    async close () {
      for (const publisher of allPublishers) publisher.close()
      await Promise.all(workers.map((w) => new Promise<void>((resolve) => {
        if (w.exitCode !== null) return resolve()
        w.once('exit', () => resolve())
        ask(w, { type: 'close', id: nextId++ }).catch(() => {})
      })))
    }
  }
}
