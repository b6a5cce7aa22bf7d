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
