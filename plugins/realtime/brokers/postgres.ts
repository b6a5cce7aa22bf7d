import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { nameOf, roomHeads, roomHistory, roomInstances, roomPresence } from '../../../db/schema.js'
import { statement, type Queryable } from '../../core/db.js'
import { keepListening } from '../listen.js'
import { noticeReader } from './notices.js'
import type { Broker, PresenceChange, PresentUser, RoomEvent } from './broker.js'

/** pg_notify channel that carries room events between every instance on one database. */
export const ROOMS_CHANNEL = 'latchkey_rooms'
/** pg_notify channel of presence.joined and presence.left. */
export const PRESENCE_CHANNEL = 'latchkey_presence'

/**
 * Events whose data takes at most this many bytes of JSON travel inside the notification; larger
 * ones (up to ROOM_MAX_MESSAGE, past NOTIFY's 8,000-byte limit) as a reference to their history
 * row, which each listening instance reads once for all its sockets.
 */
export const INLINE_MAX = 2000

/** How often an instance renews its presence rows' lease, and how long the lease lasts (ms). */
const HEARTBEAT_MS = 400
const LEASE_MS = 1200
/** How often the history of rooms silent past ROOM_HISTORY_TTL is dropped (ms). */
const PRUNE_MS = 60_000

const H = nameOf(roomHeads)
const E = nameOf(roomHistory)
const I = nameOf(roomInstances)
const P = nameOf(roomPresence)
const LIVE = `exists (select 1 from ${I} i where i.id = p.instance_id and i.expires_at > now())`

const statements = {
  /**
   * The room's next offset (a new epoch for a room without head), its history row, the rows
   * past ROOM_HISTORY_SIZE or ROOM_HISTORY_TTL dropped, and the notification: one round trip.
   */
  publish: statement<{ epoch: string, offset: number }, { room: string, event: string, data: string, size: number, ttl: string, channel: string, inline: number }>((p) => `with head as (
      insert into ${H} as h (room, epoch, last_offset) values (${p.room}, substr(md5(random()::text || clock_timestamp()::text), 1, 12), 1)
      on conflict (room) do update set last_offset = h.last_offset + 1, updated_at = now()
      returning epoch, last_offset),
    kept as (insert into ${E} (room, "offset", event, data) select ${p.room}, last_offset, ${p.event}, ${p.data}::text::jsonb from head),
    pruned as (delete from ${E} where room = ${p.room}
      and ("offset" <= (select last_offset from head) - ${p.size}::int or created_at < now() - ${p.ttl}::interval))
    select epoch, last_offset::int as "offset", pg_notify(${p.channel}, case when octet_length(${p.data}::text) <= ${p.inline}::int
      then json_build_object('room', ${p.room}::text, 'event', ${p.event}::text, 'offset', last_offset, 'epoch', epoch, 'data', ${p.data}::text::json)
      else json_build_object('room', ${p.room}::text, 'event', ${p.event}::text, 'offset', last_offset, 'epoch', epoch, 'ref', true) end::text) from head`),
  /** The rows of the notifications that refer to theirs, read in one statement for a batch of them. */
  rows: statement<{ room: string, offset: number, data: unknown }, { rooms: string[], offsets: number[] }>((p) =>
    `select e.room, e."offset"::int, e.data from unnest(${p.rooms}::text[], ${p.offsets}::bigint[]) as r(room, "offset")
     join ${E} e on e.room = r.room and e."offset" = r."offset"`),
  /** The head of a room and its events after an offset, within the TTL. */
  history: statement<{ epoch: string, last_offset: number, offset: number | null, event: string | null, data: unknown }, { room: string, after: number, ttl: string }>((p) => `select h.epoch, h.last_offset::int, e."offset"::int, e.event, e.data
    from ${H} h left join ${E} e on e.room = h.room and e."offset" > ${p.after} and e.created_at >= now() - ${p.ttl}::interval
    where h.room = ${p.room} order by e."offset"`),
  /** Heads of rooms silent for longer than the TTL, and history past it: the next event of such a room starts a new epoch. */
  prune: statement<never, { ttl: string }>((p) => `with gone as (delete from ${E} where created_at < now() - ${p.ttl}::interval)
    delete from ${H} h where updated_at < now() - ${p.ttl}::interval and not exists (select 1 from ${E} e where e.room = h.room)`),
  heartbeat: statement<{ renewed: boolean }, { id: string, lease: number }>((p) => `insert into ${I} as i (id, expires_at)
    values (${p.id}, now() + ${p.lease}::int * interval '1 millisecond')
    on conflict (id) do update set expires_at = excluded.expires_at returning (xmax <> 0) as renewed`),
  lock: statement<never, { room: string, userId: string }>((p) => `select pg_advisory_xact_lock(hashtext(${p.room}::text || ${p.userId}::text))`),
  /** Adds the socket's row; `others`: the user's live rows in the room besides it, counted before. */
  enter: statement<{ others: number }, { id: string, connectionId: string, room: string, userId: string }>((p) => `with added as (
      insert into ${P} (instance_id, connection_id, room, user_id) values (${p.id}, ${p.connectionId}, ${p.room}, ${p.userId})
      on conflict do nothing returning 1)
    select count(*)::int as others from ${P} p where p.room = ${p.room} and p.user_id = ${p.userId} and ${LIVE}`),
  /**
   * This instance's present sockets (JSON rows) entered again after its lease lapsed and another
   * instance swept them, with presence.joined for each user no other instance shows: one statement.
   */
  reenter: statement<{ room: string }, { id: string, rows: string, channel: string }>((p) => `with added as (
      insert into ${P} (instance_id, connection_id, room, user_id)
      select ${p.id}, r.connection_id, r.room, r.user_id from jsonb_to_recordset(${p.rows}::text::jsonb) as r(connection_id text, room text, user_id uuid)
      on conflict do nothing returning room, user_id),
    back as (select distinct a.room, a.user_id from added a
      where not exists (select 1 from ${P} p where p.room = a.room and p.user_id = a.user_id and p.instance_id <> ${p.id} and ${LIVE}))
    select room, pg_notify(${p.channel}, json_build_object('room', room, 'event', 'presence.joined', 'userId', user_id)::text) from back`),
  leave: statement<{ user_id: string }, { room: string, connectionId: string }>((p) => `delete from ${P} where room = ${p.room} and connection_id = ${p.connectionId} returning user_id`),
  remaining: statement<{ n: number }, { room: string, userId: string }>((p) => `select count(*)::int as n from ${P} p where p.room = ${p.room} and p.user_id = ${p.userId} and ${LIVE}`),
  /** Instances whose lease ran out (and `id`, when it stops), with their presence: the users each had in which rooms. */
  expire: statement<{ room: string, user_id: string }, { id: string | null }>((p) => `with dead as (
      delete from ${I} where expires_at < now() or id = ${p.id}::text returning id),
    gone as (delete from ${P} p using dead where p.instance_id = dead.id returning p.room, p.user_id)
    select distinct room, user_id::text from gone`),
  present: statement<{ user_id: string, connections: number, since: Date }, { room: string }>((p) => `select user_id, count(*)::int as connections, min(since) as since
    from ${P} p where p.room = ${p.room} and ${LIVE} group by user_id order by min(since), user_id`),
  announce: statement<never, { channel: string, payload: string }>((p) => `select pg_notify(${p.channel}, ${p.payload})`)
}

const interval = (ms: number) => `${ms} milliseconds`

/**
 * The PostgreSQL broker: an UNLOGGED history table numbers each room's events (the head row's
 * lock orders concurrent publishers of every instance), LISTEN/NOTIFY fans them out, and presence
 * rows live as long as their instance renews its lease (held while it has present sockets).
 */
export function createPostgresBroker (app: FastifyInstance, opts: { probeMs?: number } = {}): Broker {
  const { sql, config, log } = app
  const instanceId = randomBytes(12).toString('hex')
  // This instance's present sockets, entered again should its lease have lapsed meanwhile.
  const presence = new Map<string, { room: string, userId: string }>()
  // The lease is held (renewed, and others' lapsed ones swept) while this instance has present sockets only.
  let lease: { ready: Promise<void>, stop: () => void } | null = null
  let pruning: NodeJS.Timeout | undefined
  let beating: Promise<void> | null = null
  let started = false
  const ttl = interval(config.roomHistoryTtlMs)

  async function announce (change: PresenceChange) {
    await statements.announce.run(sql, { channel: PRESENCE_CHANNEL, payload: JSON.stringify(change) })
  }

  async function heartbeat () {
    const [{ renewed }] = await statements.heartbeat.run(sql, { id: instanceId, lease: LEASE_MS })
    if (!renewed && started) {
      log.warn('room presence lease lapsed: entering again')
      const rows = [...presence].map(([key, { room, userId }]) => ({ connection_id: key.split(' ')[0], room, user_id: userId }))
      await statements.reenter.run(sql, { id: instanceId, rows: JSON.stringify(rows), channel: PRESENCE_CHANNEL })
    }
    started = true
    for (const { room, user_id: userId } of await statements.expire.run(sql, { id: null })) {
      const [{ n }] = await statements.remaining.run(sql, { room, userId })
      if (n === 0) await announce({ room, event: 'presence.left', userId })
    }
  }

  /** One heartbeat at a time. */
  function renew (): Promise<void> {
    return (beating ??= heartbeat().finally(() => { beating = null }))
  }

  function holdLease (): Promise<void> {
    if (!lease) {
      let renewing: NodeJS.Timeout | undefined
      let stopped = false
      const ready = heartbeat().then(() => {
        if (stopped) return
        renewing = setInterval(() => {
          renew().catch((err) => log.debug({ err }, 'room presence heartbeat failed'))
        }, HEARTBEAT_MS).unref()
      }, (err) => {
        lease = null
        throw err
      })
      lease = { ready, stop: () => { stopped = true; clearInterval(renewing) } }
    }
    return lease.ready
  }

  function releaseLease (): void {
    if (presence.size > 0 || !lease) return
    lease.stop()
    lease = null
    started = false
  }

  async function changePresence (room: string, userId: string, change: (tx: Queryable) => Promise<number>, event: PresenceChange['event'], when: number) {
    await sql.begin(async (tx) => {
      // One user's entries and exits in a room, one at a time: each sees the others' rows.
      await statements.lock.run(tx, { room, userId })
      if (await change(tx) === when) await statements.announce.run(tx, { channel: PRESENCE_CHANNEL, payload: JSON.stringify({ room, event, userId }) })
    })
  }

  async function removeRow (room: string, connectionId: string, userId: string) {
    await changePresence(room, userId, async (tx) => {
      if (!(await statements.leave.run(tx, { room, connectionId })).length) return -1
      return (await statements.remaining.run(tx, { room, userId }))[0].n
    }, 'presence.left', 0)
  }

  async function publishWith (db: Queryable, room: string, event: string, data: unknown) {
    const [position] = await statements.publish.run(db, {
      room, event, data: JSON.stringify(data ?? null), size: config.roomHistorySize, ttl, channel: ROOMS_CHANNEL, inline: INLINE_MAX
    })
    return position
  }

  return {
    publish: (room, event, data) => publishWith(sql, room, event, data),

    // The notification is sent when the transaction commits, never after a rollback.
    async publishInTransaction (tx, room, event, data) {
      await publishWith(tx, room, event, data)
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

    async history (room, since) {
      const rows = await statements.history.run(sql, { room, after: since.offset, ttl })
      const head = rows[0]
      if (!head || head.epoch !== since.epoch || head.last_offset < since.offset) return { recovered: false, events: [] }
      const events: RoomEvent[] = rows.filter((r) => r.offset !== null)
        .map((r) => ({ room, event: r.event!, data: r.data, offset: r.offset!, epoch: head.epoch }))
      // Complete: every offset from the one after `since` to the head's, none pruned.
      const recovered = events.length === head.last_offset - since.offset && (events.length === 0 || events[0].offset === since.offset + 1)
      return { recovered, events: recovered ? events : [] }
    },

    async enter (room, connectionId, userId) {
      const key = `${connectionId} ${room}`
      presence.set(key, { room, userId })
      try {
        await holdLease()
      } catch (err) {
        presence.delete(key)
        throw err
      }
      // Left while the lease was being taken: nothing to enter.
      if (!presence.has(key)) return releaseLease()
      try {
        await changePresence(room, userId, async (tx) => (await statements.enter.run(tx, { id: instanceId, connectionId, room, userId }))[0].others, 'presence.joined', 0)
      } catch (err) {
        // The lease lapsed (a heartbeat held up past LEASE_MS) and another instance swept this
        // one's rows: the heartbeat that takes it again enters every socket of `presence`, this one too.
        if ((err as { code?: string }).code !== '23503') throw err
        await beating?.catch(() => {})
        await renew()
      }
      // Left while entering: that leave may have found no row yet.
      if (!presence.has(key)) await removeRow(room, connectionId, userId)
    },

    async leave (room, connectionId) {
      const entry = presence.get(`${connectionId} ${room}`)
      if (!entry) return
      presence.delete(`${connectionId} ${room}`)
      try {
        await removeRow(room, connectionId, entry.userId)
      } finally {
        releaseLease()
      }
    },

    async present (room): Promise<PresentUser[]> {
      const rows = await statements.present.run(sql, { room })
      return rows.map((r) => ({ userId: r.user_id, connections: r.connections, since: new Date(r.since).toISOString() }))
    },

    async close () {
      lease?.stop()
      clearInterval(pruning)
      await beating?.catch(() => {})
      if (!started) return
      // Leaving on purpose: the others hear at once, not after the lease (they will anyway if the database is gone).
      try {
        for (const { room, user_id: userId } of await statements.expire.run(sql, { id: instanceId })) {
          const [{ n }] = await statements.remaining.run(sql, { room, userId })
          if (n === 0) await announce({ room, event: 'presence.left', userId })
        }
      } catch (err) {
        log.debug({ err }, 'room presence not cleared')
      }
    }
  }
}
