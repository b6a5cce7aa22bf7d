import { createRequire } from 'node:module'

/*
 * drizzle-orm, loaded with require rather than import. Node 24's ESM loader reads the package's
 * package.json (179 KB, its exports map) again for each of the ~150 modules it resolves in it:
 * `import('drizzle-orm/pg-core')` took 1.1 s of CPU against 0.1 s by require (Node 24.21; Node 20
 * 0.1 s either way; nodejs/node#60397), paid by every start of the service, every command and every
 * test file. Only the table definitions and the migrator use it at run time. drizzle-kit loads
 * these files as CommonJS, where import.meta.url is empty and __filename is set.
 */
const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url)

export const orm = require('drizzle-orm') as typeof import('drizzle-orm')
export const pg = require('drizzle-orm/pg-core') as typeof import('drizzle-orm/pg-core')
export const { getTableName, sql } = orm

/** The migrator's two modules, loaded when migrations run. */
export const migrator = () => ({
  drizzle: (require('drizzle-orm/postgres-js') as typeof import('drizzle-orm/postgres-js')).drizzle,
  migrate: (require('drizzle-orm/postgres-js/migrator') as typeof import('drizzle-orm/postgres-js/migrator')).migrate
})
