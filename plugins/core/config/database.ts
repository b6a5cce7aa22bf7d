import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'
import { Bool, Int } from './forms.js'

/**
 * Connections of the request pool. A Node process is one thread and postgres.js pipelines queries
 * on each connection, so a few connections keep it busy; more backends only compete for the
 * database's cores (measured in bench/README.md).
 */
export const DEFAULT_DB_POOL_SIZE = 4

export interface DatabaseConfig {
  /** undefined: the embedded PostgreSQL under DATA_DIR, on EMBEDDED_DB_PORT. */
  databaseUrl?: string
  /**
   * A connection straight to PostgreSQL (or through a session-mode pooler) for what needs a
   * session of its own: migrations (their advisory lock), LISTEN, graphile-worker. Unset: DATABASE_URL.
   */
  databaseDirectUrl?: string
  /** `transaction`: DATABASE_URL is a transaction-mode pooler (no prepared statements); undefined: detected at start. */
  databasePooler?: 'transaction' | 'none'
  dbPoolSize: number
  migrateOnStart: boolean
  embeddedDbPort: number
}

/** PostgreSQL: where it is (and through which pooler), how many connections, whether the start migrates it. */
export const database = defineConcern({
  env: {
    DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
    DATABASE_DIRECT_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
    DATABASE_POOLER: Type.Optional(Type.Union([Type.Literal('transaction'), Type.Literal('none')], { description: 'transaction or none' })),
    DB_POOL_SIZE: Int(1, 1000, String(DEFAULT_DB_POOL_SIZE)),
    MIGRATE_ON_START: Bool('true'),
    EMBEDDED_DB_PORT: Int(1, 65535, '54329')
  },
  read: (env, { isProduction }): DatabaseConfig => {
    // The embedded PostgreSQL keeps its data under DATA_DIR with a generated password: not a production database.
    if (isProduction && !env.DATABASE_URL) {
      throw new ConfigError('Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development and test)')
    }
    if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
      throw new ConfigError('Invalid configuration: DATABASE_DIRECT_URL is the direct connection beside DATABASE_URL, which is not set')
    }
    return {
      databaseUrl: env.DATABASE_URL,
      databaseDirectUrl: env.DATABASE_DIRECT_URL,
      databasePooler: env.DATABASE_POOLER as DatabaseConfig['databasePooler'],
      dbPoolSize: Number(env.DB_POOL_SIZE),
      migrateOnStart: env.MIGRATE_ON_START === 'true',
      embeddedDbPort: Number(env.EMBEDDED_DB_PORT)
    }
  }
})
