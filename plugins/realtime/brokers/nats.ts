import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { connect, type NatsConnection } from '@nats-io/transport-node'
import { DeliverPolicy, DiscardPolicy, JetStreamApiError, jetstream, jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream'
import { Kvm } from '@nats-io/kv'
import { statement, type Queryable } from '../../core/db.js'
import { keepListening } from '../listen.js'
import { recoveryOf, type Broker, type Position, type RoomEvent } from './broker.js'
import { natsNames, roomToken } from './nats-names.js'
import { LEASE_MS, natsPresence } from './nats-presence.js'

/** JetStream's answer to a publish whose expected last subject sequence is no longer the last. */
const WRONG_LAST_SEQUENCE = 10071
/** A publish that lost the race for a room's next offset this many times in a row gives up. */
const MAX_ATTEMPTS = 50
/** Events published in a transaction travel in a NOTIFY until sent on: under its 8,000-byte limit. */
const AFTER_COMMIT_MAX = 7000
/** How long connecting at start-up may take before the app refuses to start (ms). */
const CONNECT_TIMEOUT_MS = 3000
/** Heads of rooms this instance remembers, to publish without reading the room's last event first. */
const HEADS_KEPT = 10_000

/** A room's last event as stored: its stream sequence, offset and epoch. */
interface Head { seq: number, offset: number, epoch: string }
/** An event as stored in the stream (one message per event, on its room's subject). */
interface Stored { room: string, event: string, offset: number, epoch: string, data: unknown }

const afterCommit = statement<never, { channel: string, payload: string }>((p) => `select pg_notify(${p.channel}, ${p.payload})`)

const nanos = (ms: number) => ms * 1_000_000

/**
 * Connects to NATS (BROKER_URL) and makes sure the rooms' stream and the presence bucket exist,
 * or throws a start-up error naming the URL.
 */
/** The server's address of a nats:// URL, for messages: never its user or password. */
const addressOf = (url: string) => {
  const { hostname, port } = new URL(url)
  return `${hostname}:${port || 4222}`
}

async function connectNats (url: string): Promise<NatsConnection> {
  const { username, password } = new URL(url)
  try {
    return await connect({
      servers: addressOf(url),
      ...(username ? { user: decodeURIComponent(username), pass: decodeURIComponent(password) } : {}),
      name: 'latchkey',
      timeout: CONNECT_TIMEOUT_MS,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500
    })
  } catch (err) {
    throw new Error(`The rooms broker cannot reach NATS at ${addressOf(url)} (BROKER_URL): ${(err as Error).message}`, { cause: err })
  }
}

/**
 * The NATS broker (BROKER_URL=nats://...). A room's events are the messages of one subject of a
 * JetStream stream, which keeps ROOM_HISTORY_SIZE of them per subject for ROOM_HISTORY_TTL.
 * Offsets: a publish reads the room's last message (its stream sequence, offset and epoch, or
 * remembers it) and publishes offset + 1 expecting that sequence to still be the subject's last;
 * JetStream refuses it otherwise and the publish reads again and retries, so offsets increase by
 * exactly one per room whichever instance publishes. A room without messages (new, or its
 * history expired or lost with the stream) starts again at 1 with a new epoch. Every instance
 * hears the stream through an ordered consumer: every room in stream order, so in offset order.
 */
export async function createNatsBroker (app: FastifyInstance, opts: { probeMs?: number } = {}): Promise<Broker> {
  const { config, log } = app
  const names = natsNames(config.databaseDirectUrl ?? config.databaseUrl)
  const nc = await connectNats(config.brokerUrl!)
  const js = jetstream(nc)
  let jsm: JetStreamManager
  const heads = new Map<string, Head>()
  let stops: Array<() => unknown> = []

  const subject = (room: string) => `${names.prefix}.${roomToken(room)}`

  async function ensureStream () {
    const ttl = nanos(config.roomHistoryTtlMs)
    const wanted = {
      subjects: [`${names.prefix}.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_msgs_per_subject: config.roomHistorySize,
      max_age: ttl,
      // Each instance sends an event published in a transaction on; the stream keeps it once.
      duplicate_window: Math.min(ttl, nanos(120_000)),
      allow_direct: true
    }
    try {
      await jsm.streams.add({ name: names.stream, ...wanted })
    } catch (err) {
      // Created by an earlier start (perhaps with other limits): the configuration's limits apply.
      const info = await jsm.streams.info(names.stream).catch(() => { throw err })
      await jsm.streams.update(names.stream, { ...info.config, ...wanted })
    }
  }

  let kv: Awaited<ReturnType<Kvm['create']>>
  try {
    jsm = await jetstreamManager(nc)
    await ensureStream()
    kv = await new Kvm(nc).create(names.bucket, { ttl: LEASE_MS, history: 1, storage: 'memory' })
  } catch (err) {
    await nc.close()
    throw new Error(`The rooms broker cannot use JetStream at ${addressOf(config.brokerUrl!)} (BROKER_URL; nats-server -js): ${(err as Error).message}`, { cause: err })
  }
  const presence = natsPresence(kv, log)

  /** Keeps a room's head; never an older one (the consumer may deliver an event after this instance's next publish). */
  function remember (room: string, head: Head) {
    const known = heads.get(room)
    if (known && known.seq >= head.seq) return
    if (heads.size >= HEADS_KEPT && !known) heads.delete(heads.keys().next().value!)
    heads.set(room, head)
  }

  // This instance's publishes into one room go one after the other, in the order called: at
  // once, all but one would expect the same last sequence and be refused.
  const queues = new Map<string, Promise<unknown>>()
  function inTurn<T> (room: string, publish: () => Promise<T>): Promise<T> {
    const result = (queues.get(room) ?? Promise.resolve()).then(publish)
    const done = result.catch(() => {})
    queues.set(room, done)
    void done.then(() => { if (queues.get(room) === done) queues.delete(room) })
    return result
  }

  async function lastOf (room: string): Promise<Head | null> {
    const msg = await jsm.direct.getMessage(names.stream, { last_by_subj: subject(room) })
    if (!msg) return null
    try {
      const { offset, epoch } = msg.json<Stored>()
      if (Number.isSafeInteger(offset) && typeof epoch === 'string') return { seq: msg.seq, offset, epoch }
    } catch {}
    // Not an event (a stray publisher's): the room starts a new epoch after it.
    return { seq: msg.seq, offset: 0, epoch: '' }
  }

  /** Appends an event to its room: the next offset, retried while other publishers take it first. */
  async function append (room: string, event: string, data: unknown, msgID?: string): Promise<Position> {
    for (let attempt = 1; ; attempt++) {
      const head = heads.get(room) ?? await lastOf(room)
      const position = head?.epoch ? { offset: head.offset + 1, epoch: head.epoch } : { offset: 1, epoch: randomBytes(6).toString('hex') }
      const body: Stored = { room, event, ...position, data: data ?? null }
      try {
        const ack = await js.publish(subject(room), JSON.stringify(body), { expect: { lastSubjectSequence: head?.seq ?? 0 }, ...(msgID ? { msgID } : {}) })
        // A duplicate (sent on by another instance first): the stored one's position.
        if (ack.duplicate) return await positionAt(ack.seq)
        remember(room, { seq: ack.seq, ...position })
        return position
      } catch (err) {
        heads.delete(room)
        if (!(err instanceof JetStreamApiError && err.code === WRONG_LAST_SEQUENCE) || attempt >= MAX_ATTEMPTS) throw err
      }
    }
  }

  async function positionAt (seq: number): Promise<Position> {
    const msg = await jsm.direct.getMessage(names.stream, { seq })
    const { offset, epoch } = msg!.json<Stored>()
    return { offset, epoch }
  }

  // Down from a disconnection until NATS is back (the client reconnects on its own).
  let connected = true
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') connected = false
      if (s.type === 'reconnect') connected = true
    }
  })().catch(() => {})

  return {
    up: () => connected && !nc.isClosed(),

    publish: (room, event, data) => inTurn(room, () => append(room, event, data)),

    /**
     * JetStream knows nothing of PostgreSQL transactions: the event goes into a NOTIFY sent with
     * the transaction, so it exists only if and when it commits; every listening instance sends
     * it on, and the stream keeps the first (the NOTIFY's id is the message's Nats-Msg-Id).
     */
    async publishInTransaction (tx: Queryable, room: string, event: string, data: unknown) {
      const payload = JSON.stringify({ id: randomBytes(12).toString('hex'), room, event, data: data ?? null })
      if (Buffer.byteLength(payload) > AFTER_COMMIT_MAX) throw new Error(`a room event published in a transaction takes at most ${AFTER_COMMIT_MAX} bytes with NATS`)
      await afterCommit.run(tx, { channel: names.afterCommit, payload })
    },

    async subscribe (deliver, onPresence) {
      const consumer = await js.consumers.get(names.stream, { filter_subjects: `${names.prefix}.>`, deliver_policy: DeliverPolicy.New })
      const messages = await consumer.consume()
      void (async () => {
        for await (const m of messages) {
          let stored: Stored
          try {
            stored = m.json<Stored>()
          } catch (err) {
            log.warn({ err, subject: m.subject }, 'bad room event')
            continue
          }
          remember(stored.room, { seq: m.seq, offset: stored.offset, epoch: stored.epoch })
          deliver(stored as RoomEvent)
        }
      })().catch((err) => log.warn({ err }, 'room events consumer ended'))
      const unwatch = await presence.watch(onPresence)
      const unlisten = await keepListening(app.directSql, log, {
        [names.afterCommit]: (payload) => {
          let notice: { id: string, room: string, event: string, data: unknown }
          try {
            notice = JSON.parse(payload)
          } catch (err) {
            return log.warn({ err }, 'bad room notification')
          }
          inTurn(notice.room, () => append(notice.room, notice.event, notice.data, notice.id)).catch((err) => log.warn({ err, room: notice.room }, 'room event not sent on after commit'))
        }
      }, opts.probeMs ?? 5000)
      stops = [() => messages.stop(), unwatch]
      return async () => {
        await unlisten()
        for (const stop of stops) await stop()
        stops = []
      }
    },

    async history (room, since, notBefore) {
      const head = await lastOf(room)
      if (!head) return { recovered: false, events: [] }
      const position = { offset: head.offset, epoch: head.epoch }
      if (head.epoch !== since.epoch || head.offset < since.offset) return { recovered: false, events: [], head: position }
      if (head.offset === since.offset) return { recovered: true, events: [], head: position }
      if (head.offset - since.offset > config.roomHistorySize) return { recovered: false, events: [], head: position }
      // The subject's messages (at most ROOM_HISTORY_SIZE), up to the head read above.
      const reader = await js.consumers.get(names.stream, { filter_subjects: subject(room), deliver_policy: DeliverPolicy.All })
      // A message's time is the NATS server's, when stored; notBefore comes from PostgreSQL's clock (the two must agree).
      const from = notBefore ? BigInt(notBefore.getTime()) * 1_000_000n : null
      const held: Array<{ event: RoomEvent, older: boolean }> = []
      try {
        const batch = await reader.fetch({ max_messages: config.roomHistorySize, expires: 2000 })
        for await (const m of batch) {
          let stored: Stored | null = null
          try {
            stored = m.json<Stored>()
          } catch {}
          if (stored && stored.epoch === since.epoch && stored.offset > since.offset && m.seq <= head.seq) held.push({ event: stored, older: from !== null && m.timestampNanos < from })
          if (m.seq >= head.seq || m.info.pending === 0) break
        }
      } finally {
        await reader.delete().catch(() => {})
      }
      return recoveryOf(since, position, held)
    },

    enter: (room, connectionId, userId, profile) => presence.enter(room, connectionId, userId, profile),
    leave: (room, connectionId) => presence.leave(room, connectionId),
    present: (room) => presence.present(room),

    async close () {
      for (const stop of stops) await stop()
      stops = []
      await presence.close()
      await nc.drain().catch(() => nc.close())
    }
  }
}
