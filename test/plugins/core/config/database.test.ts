import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { production, refuses, tempDir } from '../../../helpers/config.js'

t.test('production refuses to start without DATABASE_URL; development and test start the embedded PostgreSQL', async (t) => {
  const dataDir = tempDir(t)
  refuses(t, { ...production(dataDir), DATABASE_URL: undefined }, 'DATABASE_URL',
    'Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development and test)')
  t.equal(loadConfig(production(dataDir)).databaseUrl, 'postgres://db.invalid/latchkey')
  for (const env of ['development', 'test']) {
    t.equal(loadConfig({ NODE_ENV: env, DATA_DIR: dataDir }).databaseUrl, undefined, `${env}: unset means the embedded PostgreSQL`)
  }
})

t.test('in production DATABASE_URL may come from DATABASE_URL_FILE', async (t) => {
  const dir = tempDir(t)
  const path = join(dir, 'db')
  writeFileSync(path, 'postgres://app:pw@db.internal/latchkey\n')
  t.equal(loadConfig({ ...production(dir), DATABASE_URL: undefined, DATABASE_URL_FILE: path }).databaseUrl, 'postgres://app:pw@db.internal/latchkey')
})

t.test('DATABASE_DIRECT_URL and DATABASE_POOLER: read, refused when malformed or alone', async (t) => {
  const dir = tempDir(t)
  const config = loadConfig({ ...production(dir), DATABASE_URL: 'postgres://app@pgbouncer:6432/latchkey', DATABASE_DIRECT_URL: 'postgres://app@db:5432/latchkey', DATABASE_POOLER: 'transaction' })
  t.equal(config.databaseDirectUrl, 'postgres://app@db:5432/latchkey')
  t.equal(config.databasePooler, 'transaction')
  const defaults = loadConfig(production(dir))
  t.equal(defaults.databaseDirectUrl, undefined, 'unset: DATABASE_URL serves for everything')
  t.equal(defaults.databasePooler, undefined, 'unset: detected at start')
  refuses(t, { ...production(dir), DATABASE_POOLER: 'session' }, 'DATABASE_POOLER', 'Invalid configuration: DATABASE_POOLER must be transaction or none, got "session"')
  refuses(t, { ...production(dir), DATABASE_DIRECT_URL: 'mysql://x' }, 'DATABASE_DIRECT_URL', 'Invalid configuration: DATABASE_DIRECT_URL must be a postgres:// URL, got another value')
  refuses(t, { NODE_ENV: 'test', DATA_DIR: dir, DATABASE_DIRECT_URL: 'postgres://db/x' }, 'DATABASE_DIRECT_URL',
    'Invalid configuration: DATABASE_DIRECT_URL is the direct connection beside DATABASE_URL, which is not set')
  const path = join(dir, 'direct')
  writeFileSync(path, 'postgres://app:pw@db:5432/latchkey\n')
  t.equal(loadConfig({ ...production(dir), DATABASE_DIRECT_URL_FILE: path }).databaseDirectUrl, 'postgres://app:pw@db:5432/latchkey', 'or from DATABASE_DIRECT_URL_FILE')
})

t.test('PASSWORD_HASH_QUEUE: 64 by default, a positive integer', async (t) => {
  const dir = tempDir(t)
  t.equal(loadConfig(production(dir)).passwordHashQueue, 64)
  t.equal(loadConfig({ ...production(dir), PASSWORD_HASH_QUEUE: '8' }).passwordHashQueue, 8)
  refuses(t, { ...production(dir), PASSWORD_HASH_QUEUE: '0' }, 'PASSWORD_HASH_QUEUE', 'Invalid configuration: PASSWORD_HASH_QUEUE must be an integer from 1 to 100000, got "0"')
})
