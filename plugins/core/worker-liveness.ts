import { EventEmitter } from 'node:events'
import type pg from 'pg'
import type { FastifyBaseLogger } from 'fastify'
import type { WorkerEvents, WorkerUtils } from 'graphile-worker'
import { parameterized } from './db.js'

/** Advisory-lock space of worker liveness (any constant every instance shares). */
const LIVENESS_LOCK = 727_011_002
// A job locked more recently than this may belong to a worker still taking its liveness lock.
const GRACE = '10 seconds'

// Run through graphile-worker's pg pool, which takes positional parameters (`values`).
const LOCK = parameterized<{ lock: number, ids: string[] }>((p) => `select pg_advisory_lock(${p.lock}, hashtext(id)) from unnest(${p.ids}::text[]) id`)
const UNLOCK = parameterized<{ lock: number, id: string }>((p) => `select pg_advisory_unlock(${p.lock}, hashtext(${p.id}))`)
// Taking and at once releasing a worker's lock, in one statement, tells whether anyone holds it.
const FREE = parameterized<{ lock: number, mine: string[] }>(({ lock, mine }) => `select id from (
        select distinct locked_by as id from graphile_worker.jobs
        where locked_by is not null and locked_at < now() - interval '${GRACE}' and not (locked_by = any(${mine}::text[]))) w
      where case when pg_try_advisory_lock(${lock}, hashtext(id)) then pg_advisory_unlock(${lock}, hashtext(id)) else false end`)

/**
 * graphile-worker leaves the jobs of a worker pool that died (kill -9, a lost machine) locked for
 * 4 hours; since 0.17 a job's `locked_by` is its pool's id, not a worker's. Each process here
 * holds, on one dedicated connection, a session advisory lock per worker pool it runs; PostgreSQL
 * releases them when that connection dies with the process. A periodic sweep finds jobs locked by
 * ids whose lock nobody holds, twice in a row (a live process re-takes its locks within seconds
 * after a database restart), and unlocks them (`forceUnlockWorkers`), so a live worker runs them
 * again.
 */
export function watchWorkerLiveness (opts: {
  pool: pg.Pool
  utils: WorkerUtils
  log: FastifyBaseLogger
  intervalMs: number
}) {
  const { pool, utils, log } = opts
  const events: WorkerEvents = new EventEmitter()
  const mine = new Set<string>()
  let client: pg.PoolClient | null = null
  let releaseClient: (() => void) | null = null
  let connecting: Promise<void> | null = null
  let stopped = false
  let suspects = new Set<string>()

  const lock = (c: pg.PoolClient, ids: string[]) => c.query(LOCK.text, LOCK.values({ lock: LIVENESS_LOCK, ids }))

  /** The dedicated connection, (re)opened with every lock this process should hold. */
  function connect (): Promise<void> {
    connecting ??= (async () => {
      while (!stopped && !client) {
        try {
          const c = await pool.connect()
          // Released once: the connection may fail after stop() gave it back (the database
          // going away at shutdown), and pg-pool throws on a second release.
          let released = false
          const release = (err?: Error) => {
            if (released) return
            released = true
            c.release(err)
          }
          c.on('error', (err) => {
            log.warn({ err }, 'worker liveness connection lost')
            if (client === c) client = null
            release(err)
            if (!stopped) setTimeout(() => void connect(), 500).unref()
          })
          try {
            await lock(c, [...mine])
          } catch (err) {
            release(err as Error)
            throw err
          }
          client = c
          releaseClient = release
        } catch (err) {
          log.warn({ err }, 'worker liveness: cannot reach the database')
          await new Promise((resolve) => setTimeout(resolve, 1000).unref())
        }
      }
    })().finally(() => { connecting = null })
    return connecting
  }

  // One query at a time on the dedicated connection.
  let pending: Promise<unknown> = Promise.resolve()
  const onClient = (run: (c: pg.PoolClient) => Promise<unknown>) => {
    pending = pending.then(() => client && run(client)).catch(() => {})
  }
  events.on('pool:create', ({ workerPool }) => {
    mine.add(workerPool.id)
    onClient((c) => lock(c, [workerPool.id]))
  })
  events.on('pool:release', ({ workerPool }) => {
    mine.delete(workerPool.id)
    onClient((c) => c.query(UNLOCK.text, UNLOCK.values({ lock: LIVENESS_LOCK, id: workerPool.id })))
  })

  async function sweep () {
    const { rows } = await pool.query<{ id: string }>(FREE.text, FREE.values({ lock: LIVENESS_LOCK, mine: [...mine] }))
    const free = new Set(rows.map((r) => r.id))
    const dead = [...free].filter((id) => suspects.has(id))
    suspects = free
    if (!dead.length) return
    await utils.forceUnlockWorkers(dead)
    log.warn({ workerIds: dead }, 'unlocked the jobs of workers that are gone')
  }

  const timer = setInterval(() => {
    sweep().catch((err) => log.warn({ err }, 'worker liveness sweep failed'))
  }, opts.intervalMs)
  timer.unref()

  return {
    events,
    start: connect,
    async stop () {
      stopped = true
      clearInterval(timer)
      await connecting
      await pending
      if (client) releaseClient?.()
      client = null
    }
  }
}
