import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { SECRET_A, SECRET_B, production, refuses, tempDir } from '../../../helpers/config.js'

t.test('production refuses a missing or short secret, naming it and never echoing it', async (t) => {
  const dataDir = tempDir(t)
  const message = (name: string) => `Invalid configuration: ${name} must be set to at least 32 characters in production`
  const short = 's'.repeat(31)
  refuses(t, { ...production(dataDir), ACCESS_TOKEN_SECRET: undefined }, 'ACCESS_TOKEN_SECRET', message('ACCESS_TOKEN_SECRET'))
  refuses(t, { ...production(dataDir), ACCESS_TOKEN_SECRET: short }, 'ACCESS_TOKEN_SECRET', message('ACCESS_TOKEN_SECRET'))
  refuses(t, { ...production(dataDir), REFRESH_TOKEN_SECRET: undefined }, 'REFRESH_TOKEN_SECRET', message('REFRESH_TOKEN_SECRET'))
  refuses(t, { ...production(dataDir), REFRESH_TOKEN_SECRET: 'short' }, 'REFRESH_TOKEN_SECRET', message('REFRESH_TOKEN_SECRET'))
  t.notOk(existsSync(join(dataDir, 'secrets.json')), 'production never generates secrets')
})

t.test('production with two long secrets uses them as given', async (t) => {
  const dataDir = tempDir(t)
  const config = loadConfig(production(dataDir))
  t.equal(config.isProduction, true)
  t.equal(config.accessTokenSecret, SECRET_A)
  t.equal(config.refreshTokenSecret, SECRET_B)
  t.notOk(existsSync(join(dataDir, 'secrets.json')), 'no secrets file is written')
})

t.test('development generates the secrets once into DATA_DIR/secrets.json, readable by the owner only', async (t) => {
  const dataDir = join(tempDir(t), 'nested', 'data')
  const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })
  const file = join(dataDir, 'secrets.json')
  t.ok(existsSync(file), 'the secrets file exists')
  t.equal(statSync(file).mode & 0o777, 0o600, 'the file mode is 0600')
  t.ok(first.accessTokenSecret.length >= 32, 'the access secret has at least 32 characters')
  t.ok(first.refreshTokenSecret.length >= 32, 'the refresh secret has at least 32 characters')
  t.not(first.accessTokenSecret, first.refreshTokenSecret, 'the two secrets differ')
  t.same(JSON.parse(readFileSync(file, 'utf8')), { access: first.accessTokenSecret, refresh: first.refreshTokenSecret })

  const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })
  t.equal(second.accessTokenSecret, first.accessTokenSecret, 'a second start reads the same access secret')
  t.equal(second.refreshTokenSecret, first.refreshTokenSecret, 'a second start reads the same refresh secret')
  t.equal(statSync(file).mode & 0o777, 0o600, 'the file mode is still 0600')
})

t.test('test mode keeps its secrets in DATA_DIR too, and another DATA_DIR gets other secrets', async (t) => {
  const one = tempDir(t)
  const a = loadConfig({ NODE_ENV: 'test', DATA_DIR: one })
  const b = loadConfig({ NODE_ENV: 'test', DATA_DIR: one })
  const c = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir(t) })
  t.equal(b.accessTokenSecret, a.accessTokenSecret)
  t.equal(statSync(join(one, 'secrets.json')).mode & 0o777, 0o600)
  t.not(c.accessTokenSecret, a.accessTokenSecret)
})

t.test('a secret given in the environment wins over the generated one', async (t) => {
  const dataDir = tempDir(t)
  const generated = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })
  const given = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: SECRET_A })
  t.equal(given.accessTokenSecret, SECRET_A)
  t.equal(given.refreshTokenSecret, generated.refreshTokenSecret, 'the missing one is still the generated one')
})

t.test('previous secrets: a comma-separated list, at least 32 characters each in production, from a file too', async (t) => {
  const dir = tempDir(t)
  const old = ['o'.repeat(40), 'p'.repeat(40)]
  t.same(loadConfig({ DATA_DIR: dir }).accessTokenPreviousSecrets, [], 'none by default')
  t.same(loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_PREVIOUS_SECRETS: `${old[0]} , ${old[1]},` }).accessTokenPreviousSecrets, old)
  t.same(loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_PREVIOUS_SECRETS: 'short' }).accessTokenPreviousSecrets, ['short'], 'short ones outside production')
  const message = refuses(t, { ...production(dir), ACCESS_TOKEN_PREVIOUS_SECRETS: `${old[0]},short` }, 'ACCESS_TOKEN_PREVIOUS_SECRETS',
    'Invalid configuration: every ACCESS_TOKEN_PREVIOUS_SECRETS entry must be at least 32 characters in production')
  t.notMatch(message, old[0], 'no secret is repeated')
  const file = join(dir, 'previous')
  writeFileSync(file, `${old.join(',')}\n`)
  t.same(loadConfig({ ...production(dir), ACCESS_TOKEN_PREVIOUS_SECRETS_FILE: file }).accessTokenPreviousSecrets, old)
})
