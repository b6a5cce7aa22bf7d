import postgres from 'postgres'
import { migrator } from './drizzle.js'
import { Logger, runMigrations as workerMigrations } from 'graphile-worker'
import { MIGRATIONS_DIR } from '../paths.js'

export const silentLogger = new Logger(() => () => {})

// Any constant works as long as every instance uses the same one.
const MIGRATION_LOCK = 727_011_001

/**
 * Applies our SQL migrations and graphile-worker's schema. The advisory lock is held on one
 * dedicated connection, so instances starting together apply them one after the other.
 */
export async function migrate (databaseUrl: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`
    try {
      const { drizzle, migrate: drizzleMigrate } = migrator()
      await drizzleMigrate(drizzle(sql), { migrationsFolder: MIGRATIONS_DIR })
      await workerMigrations({ connectionString: databaseUrl, logger: silentLogger })
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`
    }
  } finally {
    await sql.end({ timeout: 5 })
  }
}
