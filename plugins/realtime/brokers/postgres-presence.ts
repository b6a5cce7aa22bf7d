import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type postgres from 'postgres'
import { nameOf, roomInstances, roomPresence } from '../../../db/schema.js'
import { singleConnection, statement, type Queryable } from '../../core/db.js'
import type { PresenceChange, PresentUser, Profile } from './broker.js'

/** pg_notify channel of presence.joined and presence.left. */
export const PRESENCE_CHANNEL = 'latchkey_presence'

/**
 * How often an instance renews its presence rows' lease and sweeps others' lapsed ones, and how
 * long the lease lasts (ms): a dead instance's sockets are gone within LEASE_MS + HEARTBEAT_MS.
 */
const HEARTBEAT_MS = 400
const LEASE_MS = 1200

const I = nameOf(roomInstances)
const P = nameOf(roomPresence)
const LIVE = `exists (select 1 from ${I} i where i.id = p.instance_id and i.expires_at > now())`

const statements = {
  heartbeat: statement<{ renewed: boolean }, { id: string, lease: number }>((p) => `insert into ${I} as i (id, expires_at)
    values (${p.id}, now() + ${p.lease}::int * interval '1 millisecond')
    on conflict (id) do update set expires_at = excluded.expires_at returning (xmax <> 0) as renewed`),
  lock: statement<never, { room: string, userId: string }>((p) => `select pg_advisory_xact_lock(hashtext(${p.room}::text || ${p.userId}::text))`),
  /** Adds the socket's row; `others`: the user's live rows in the room besides it, counted before. */
  enter: statement<{ others: number }, { id: string, connectionId: string, room: string, userId: string } & Profile>((p) => `with added as (
      insert into ${P} (instance_id, connection_id, room, user_id, name, picture)
      values (${p.id}, ${p.connectionId}, ${p.room}, ${p.userId}, ${p.name}, ${p.picture})
      on conflict do nothing returning 1)
    select count(*)::int as others from ${P} p where p.room = ${p.room} and p.user_id = ${p.userId} and ${LIVE}`),
  /**
   * This instance's present sockets (JSON rows) entered again after its lease lapsed and another
   * instance swept them, with presence.joined for each user no other instance shows (with the
   * profile of one of its sockets here): one statement.
   */
  reenter: statement<{ room: string }, { id: string, rows: string, channel: string }>((p) => `with added as (
      insert into ${P} (instance_id, connection_id, room, user_id, name, picture)
      select ${p.id}, r.connection_id, r.room, r.user_id, r.name, r.picture
      from jsonb_to_recordset(${p.rows}::text::jsonb) as r(connection_id text, room text, user_id uuid, name text, picture text)
      on conflict do nothing returning room, user_id, name, picture),
    back as (select distinct on (a.room, a.user_id) a.room, a.user_id, a.name, a.picture from added a
      where not exists (select 1 from ${P} p where p.room = a.room and p.user_id = a.user_id and p.instance_id <> ${p.id} and ${LIVE}))
    select room, pg_notify(${p.channel}, json_build_object('room', room, 'event', 'presence.joined', 'userId', user_id,
      'name', name, 'picture', picture)::text) from back`),
  leave: statement<{ user_id: string }, { room: string, connectionId: string }>((p) => `delete from ${P} where room = ${p.room} and connection_id = ${p.connectionId} returning user_id`),
  remaining: statement<{ n: number }, { room: string, userId: string }>((p) => `select count(*)::int as n from ${P} p where p.room = ${p.room} and p.user_id = ${p.userId} and ${LIVE}`),
  /**
   * Instances whose lease ran out (and `id`, when it stops) and their presence rows dropped, with
   * presence.left for each user who is then in the room on no live instance: one statement.
   */
  expire: statement<{ room: string }, { id: string | null, channel: string }>((p) => `with dead as (
      delete from ${I} where expires_at < now() or id = ${p.id}::text returning id),
    gone as (delete from ${P} p using dead where p.instance_id = dead.id returning p.room, p.user_id),
    left_room as (select distinct g.room, g.user_id from gone g where not exists (select 1 from ${P} p
      where p.room = g.room and p.user_id = g.user_id and p.instance_id not in (select id from dead) and ${LIVE}))
    select room, pg_notify(${p.channel}, json_build_object('room', room, 'event', 'presence.left', 'userId', user_id)::text) from left_room`),
  /** Each user's live sockets in a room: their count, the first one's since, and the profile of the latest join. */
  present: statement<{ user_id: string, connections: number, since: Date } & Profile, { room: string }>((p) => `select user_id,
      (array_agg(name order by since desc))[1] as name, (array_agg(picture order by since desc))[1] as picture,
      count(*)::int as connections, min(since) as since
    from ${P} p where p.room = ${p.room} and ${LIVE} group by user_id order by min(since), user_id`),
  announce: statement<never, { channel: string, payload: string }>((p) => `select pg_notify(${p.channel}, ${p.payload})`)
}

/**
 * Presence on PostgreSQL: a row per present socket and room, live while its instance renews its
 * lease (held while it has present sockets, on a connection of its own); every instance sweeps
 * the rows of lapsed leases, and an instance that was only held up past its lease enters its
 * sockets again. presence.joined and presence.left go out by pg_notify on PRESENCE_CHANNEL.
 */
export function postgresPresence (app: FastifyInstance) {
  const { sql, log } = app
  const instanceId = randomBytes(12).toString('hex')
  // This instance's present sockets, entered again should its lease have lapsed meanwhile.
  const presence = new Map<string, { room: string, userId: string } & Profile>()
  // The lease is held (renewed, and others' lapsed ones swept) while this instance has present sockets only.
  let lease: { ready: Promise<void>, stop: () => void } | null = null
  // The lease's own connection (on the direct URL, opened at the first lease): a renewal never
  // waits behind the request pool's queue (a join storm's hundreds of presence transactions),
  // where it would lapse and the others would sweep this instance's sockets out of every room.
  let leaseDb: postgres.Sql | null = null
  let beating: Promise<void> | null = null
  let sweeping: Promise<void> | null = null
  let started = false

  const ownConnection = () => (leaseDb ??= singleConnection(app.directDatabaseUrl, 'latchkey-presence'))

  async function renewLease () {
    const db = ownConnection()
    const [{ renewed }] = await statements.heartbeat.run(db, { id: instanceId, lease: LEASE_MS })
    if (!renewed && started) {
      log.warn('room presence lease lapsed: entering again')
      const rows = [...presence].map(([key, { room, userId, name, picture }]) => ({ connection_id: key.split(' ')[0], room, user_id: userId, name, picture }))
      await statements.reenter.run(db, { id: instanceId, rows: JSON.stringify(rows), channel: PRESENCE_CHANNEL })
    }
    started = true
  }

  /** One renewal at a time. */
  function renew (): Promise<void> {
    return (beating ??= renewLease().finally(() => { beating = null }))
  }

  /** Others' lapsed leases swept (one statement, on the lease's connection too), one sweep at a time. */
  function sweep (): void {
    sweeping ??= statements.expire.run(ownConnection(), { id: null, channel: PRESENCE_CHANNEL }).then(() => {}, (err) => {
      log.debug({ err }, 'room presence not swept')
    }).finally(() => { sweeping = null })
  }

  function holdLease (): Promise<void> {
    if (!lease) {
      let renewing: NodeJS.Timeout | undefined
      let stopped = false
      const ready = renew().then(() => {
        if (stopped) return
        sweep()
        renewing = setInterval(() => {
          renew().catch((err) => log.debug({ err }, 'room presence heartbeat failed'))
          sweep()
        }, HEARTBEAT_MS).unref()
      }, (err) => {
        lease = null
        throw err
      })
      lease = { ready, stop: () => { stopped = true; clearInterval(renewing) } }
    }
    return lease.ready
  }

  /** Stops renewing the lease; whether this instance had taken it (and may have rows to clear). */
  function stopLease (): boolean {
    const [held, had] = [lease, started]
    lease = null
    started = false
    held?.stop()
    return had
  }

  function releaseLease (): void {
    if (presence.size === 0) stopLease()
  }

  /** Makes a change of a user's rows in a room; `notice` goes out when the change counts `when` (the user's other live rows). */
  async function changePresence (notice: PresenceChange, change: (tx: Queryable) => Promise<number>, when: number) {
    const { room, userId } = notice
    await sql.begin(async (tx) => {
      // One user's entries and exits in a room, one at a time: each sees the others' rows.
      await statements.lock.run(tx, { room, userId })
      if (await change(tx) === when) await statements.announce.run(tx, { channel: PRESENCE_CHANNEL, payload: JSON.stringify(notice) })
    })
  }

  async function removeRow (room: string, connectionId: string, userId: string) {
    await changePresence({ room, event: 'presence.left', userId }, async (tx) => {
      if (!(await statements.leave.run(tx, { room, connectionId })).length) return -1
      return (await statements.remaining.run(tx, { room, userId }))[0].n
    }, 0)
  }

  return {
    async enter (room: string, connectionId: string, userId: string, profile: Profile) {
      const key = `${connectionId} ${room}`
      presence.set(key, { room, userId, ...profile })
      try {
        await holdLease()
      } catch (err) {
        presence.delete(key)
        throw err
      }
      // Left while the lease was being taken: nothing to enter.
      if (!presence.has(key)) return releaseLease()
      try {
        await changePresence({ room, event: 'presence.joined', userId, ...profile },
          async (tx) => (await statements.enter.run(tx, { id: instanceId, connectionId, room, userId, ...profile }))[0].others, 0)
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

    async leave (room: string, connectionId: string) {
      const entry = presence.get(`${connectionId} ${room}`)
      if (!entry) return
      presence.delete(`${connectionId} ${room}`)
      try {
        await removeRow(room, connectionId, entry.userId)
      } finally {
        releaseLease()
      }
    },

    async present (room: string): Promise<PresentUser[]> {
      const rows = await statements.present.run(sql, { room })
      return rows.map((r) => ({ userId: r.user_id, name: r.name, picture: r.picture, connections: r.connections, since: new Date(r.since).toISOString() }))
    },

    /** Stops the lease and takes this instance's sockets out of every room, with presence.left. */
    async close () {
      const had = stopLease()
      await Promise.all([beating, sweeping].map((p) => p?.catch(() => {})))
      // Leaving on purpose: the others hear at once, not after the lease (they will anyway if the database is gone).
      if (had) {
        await statements.expire.run(sql, { id: instanceId, channel: PRESENCE_CHANNEL })
          .catch((err) => log.debug({ err }, 'room presence not cleared'))
      }
      await leaseDb?.end({ timeout: 5 })
    }
  }
}
