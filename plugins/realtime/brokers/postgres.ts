import type { FastifyInstance } from 'fastify'
import { nameOf, roomHeads, roomHistory } from '../../../db/schema.js'
import { statement, type Queryable } from '../../core/db.js'
import { keepListening } from '../listen.js'
import { noticeReader } from './notices.js'
import { inBatches } from './batch.js'
import { PRESENCE_CHANNEL, postgresPresence } from './postgres-presence.js'
import { recoveryOf, type Broker, type Position, type RoomEvent } from './broker.js'

/** pg_notify channel that carries room events between every instance on one database. */
export const ROOMS_CHANNEL = 'latchkey_rooms'

/**
 * Events whose data takes at most this many bytes of JSON travel inside the notification; larger
 * ones (up to ROOM_MAX_MESSAGE, past NOTIFY's 8,000-byte limit) as a reference to their history
 * row, which each listening instance reads once for all its sockets.
 */
export const INLINE_MAX = 2000

/** Publishes sent in one statement at most (each up to ROOM_MAX_MESSAGE). */
const PUBLISH_BATCH = 200

/** How often the history of rooms silent past ROOM_HISTORY_TTL is dropped (ms). */
const PRUNE_MS = 60_000

const H = nameOf(roomHeads)
const E = nameOf(roomHistory)

const statements = {
  /**
   * A batch of events (`n`: their order): each room's head advanced by its events (a new epoch for
   * a room without head; heads locked in room order, so concurrent batches never deadlock), each
   * event's offset in the batch's order, their history rows (those among the room's last
   * ROOM_HISTORY_SIZE, and those notified by reference), older rows and rows past ROOM_HISTORY_TTL
   * dropped, and the notifications, sent in the batch's order: one round trip.
   */
  publish: statement<{ epoch: string, offset: number }, { rooms: string[], events: string[], data: string[], size: number, ttl: string, channel: string, inline: number }>((p) => `with input as (
      select * from unnest(${p.rooms}::text[], ${p.events}::text[], ${p.data}::text[]) with ordinality as i(room, event, data, n)),
    head as (
      insert into ${H} as h (room, epoch, last_offset)
      select room, substr(md5(random()::text || clock_timestamp()::text), 1, 12), count(*) from input group by room order by room
      on conflict (room) do update set last_offset = h.last_offset + excluded.last_offset, updated_at = now()
      returning room, epoch, last_offset),
    numbered as (
      select i.n, i.room, i.event, i.data, h.epoch, h.last_offset as last, h.last_offset + 1 - row_number() over (partition by i.room order by i.n desc) as "offset"
      from input i join head h on h.room = i.room),
    kept as (insert into ${E} (room, "offset", event, data) select room, "offset", event, data::jsonb from numbered
      where "offset" > last - ${p.size}::int or octet_length(data) > ${p.inline}::int),
    pruned as (delete from ${E} e using head h where e.room = h.room
      and (e."offset" <= h.last_offset - ${p.size}::int or e.created_at < now() - ${p.ttl}::interval))
    select epoch, "offset"::int, pg_notify(${p.channel}, case when octet_length(data) <= ${p.inline}::int
      then json_build_object('room', room, 'event', event, 'offset', "offset", 'epoch', epoch, 'data', data::json)
      else json_build_object('room', room, 'event', event, 'offset', "offset", 'epoch', epoch, 'ref', true) end::text)
    from numbered order by n`),
  /** The rows of the notifications that refer to theirs, read in one statement for a batch of them. */
  rows: statement<{ room: string, offset: number, data: unknown }, { rooms: string[], offsets: number[] }>((p) =>
    `select e.room, e."offset"::int, e.data from unnest(${p.rooms}::text[], ${p.offsets}::bigint[]) as r(room, "offset")
     join ${E} e on e.room = r.room and e."offset" = r."offset"`),
  /** The head of a room and its events after an offset, within the TTL; those older than `notBefore` without their data. */
  history: statement<{ epoch: string, last_offset: number, offset: number | null, event: string | null, data: unknown, older: boolean },
    { room: string, after: number, ttl: string, notBefore: Date | null }>((p) => `select h.epoch, h.last_offset::int, e."offset"::int, e.event,
      case when e.created_at < ${p.notBefore}::timestamptz then null else e.data end as data, coalesce(e.created_at < ${p.notBefore}::timestamptz, false) as older
    from ${H} h left join ${E} e on e.room = h.room and e."offset" > ${p.after} and e.created_at >= now() - ${p.ttl}::interval
    where h.room = ${p.room} order by e."offset"`),
  /** Heads of rooms silent for longer than the TTL, and history past it: the next event of such a room starts a new epoch. */
  prune: statement<never, { ttl: string }>((p) => `with gone as (delete from ${E} where created_at < now() - ${p.ttl}::interval)
    delete from ${H} h where updated_at < now() - ${p.ttl}::interval and not exists (select 1 from ${E} e where e.room = h.room)`)
}

const interval = (ms: number) => `${ms} milliseconds`

/** An event before the broker numbers it. */
type Unpublished = Omit<RoomEvent, 'offset' | 'epoch'>

/**
 * The PostgreSQL broker: an UNLOGGED history table numbers each room's events (the head row's
 * lock orders concurrent publishers of every instance), LISTEN/NOTIFY fans them out, and presence
 * is postgres-presence.ts's.
 */
export function createPostgresBroker (app: FastifyInstance, opts: { probeMs?: number } = {}): Broker {
  const { sql, config, log } = app
  let pruning: NodeJS.Timeout | undefined
  const ttl = interval(config.roomHistoryTtlMs)
  const presence = postgresPresence(app)

  /** Publishes a batch of events in one statement: their positions, in order. */
  async function publishAll (db: Queryable, events: Unpublished[]): Promise<Position[]> {
    const rows = await statements.publish.run(db, {
      rooms: events.map((e) => e.room),
      events: events.map((e) => e.event),
      data: events.map((e) => JSON.stringify(e.data ?? null)),
      size: config.roomHistorySize, ttl, channel: ROOMS_CHANNEL, inline: INLINE_MAX
    })
    return rows.map(({ epoch, offset }) => ({ epoch, offset }))
  }
  // The publishes that arrive while a batch is in flight go in the next one.
  const publishBatched = inBatches((events: Unpublished[]) => publishAll(sql, events), PUBLISH_BATCH)

  return {
    publish: (room, event, data) => publishBatched({ room, event, data }),

    // The notification is sent when the transaction commits, never after a rollback.
    async publishInTransaction (tx, room, event, data) {
      await publishAll(tx, [{ room, event, data }])
    },

    async subscribe (deliver, onPresence, lost) {
      const notices = noticeReader((refs) => statements.rows.run(sql, refs), deliver, log, lost)
      const stopListening = await keepListening(app.directSql, log, {
        [ROOMS_CHANNEL]: notices.push,
        [PRESENCE_CHANNEL]: (payload) => {
          try {
            onPresence(JSON.parse(payload))
          } catch (err) {
            log.warn({ err }, 'bad presence notification')
          }
        }
      }, opts.probeMs ?? 5000)
      pruning = setInterval(() => {
        statements.prune.run(sql, { ttl }).catch((err) => log.debug({ err }, 'room history not pruned'))
      }, PRUNE_MS).unref()
      return stopListening
    },

    async history (room, since, notBefore) {
      const rows = await statements.history.run(sql, { room, after: since.offset, ttl, notBefore: notBefore ?? null })
      if (!rows.length) return { recovered: false, events: [] }
      const head = { offset: rows[0].last_offset, epoch: rows[0].epoch }
      if (head.epoch !== since.epoch || head.offset < since.offset) return { recovered: false, events: [], head }
      return recoveryOf(since, head, rows.filter((r) => r.offset !== null)
        .map((r) => ({ event: { room, event: r.event!, data: r.data, offset: r.offset!, epoch: head.epoch }, older: r.older })))
    },

    enter: presence.enter,
    leave: presence.leave,
    present: presence.present,

    async close () {
      clearInterval(pruning)
      await presence.close()
    }
  }
}
