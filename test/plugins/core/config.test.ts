import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { ROOT } from '../../../paths.js'
import { ConfigError, loadConfig, parseDuration } from '../../../plugins/core/config.js'

const SECRET_A = 'a'.repeat(32)
const SECRET_B = 'b'.repeat(40)

/** A fresh DATA_DIR, so that no test reads or writes the repository's .data/. */
function tempDir (t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-config-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Asserts that loading refuses the environment with one line naming `variable`. */
function refuses (t: Test, env: Record<string, string>, variable: string, expected?: RegExp): string {
  let error: unknown
  try {
    loadConfig(env)
  } catch (err) {
    error = err
  }
  t.ok(error instanceof ConfigError, `${JSON.stringify(env)} is refused with a ConfigError`)
  const message = error instanceof Error ? error.message : ''
  t.match(message, variable, `the message names ${variable}`)
  t.notMatch(message, /\n/, 'the message is one line')
  if (expected) t.match(message, expected, 'the message gives the expected form')
  return message
}

t.test('the defaults give port 8000, 15 minute access tokens and 60 day refresh tokens', async (t) => {
  const dataDir = tempDir(t)
  const config = loadConfig({ DATA_DIR: dataDir })
  t.match(config, {
    env: 'development',
    isProduction: false,
    port: 8000,
    host: '0.0.0.0',
    redisKeyPrefix: 'latchkey:',
    accessTokenTtl: 900,
    refreshTokenTtl: 60 * 86400,
    jwtIssuer: 'latchkey',
    apiVersion: 'v1',
    publishMode: 'direct',
    workerEnabled: true,
    workerConcurrency: 5,
    requireEmailConfirmed: false,
    registrationEnabled: true,
    rateLimit: { max: 300, windowMs: 5 * 60_000 },
    loginRateLimit: { max: 10, windowMs: 15 * 60_000 },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    logLevel: 'info',
    migrateOnStart: true,
    dbPoolSize: 4,
    dataDir
  })
  t.same(config.corsOrigins, [])
  t.equal(config.databaseUrl, undefined, 'no DATABASE_URL means the embedded database')
  t.equal(config.redisUrl, undefined, 'no REDIS_URL means no cache')
})

t.test('durations are read as whole seconds of s, m, h or d', async (t) => {
  t.equal(parseDuration('30s'), 30)
  t.equal(parseDuration('15m'), 900)
  t.equal(parseDuration('2h'), 7200)
  t.equal(parseDuration('90d'), 90 * 86400)
  const config = loadConfig({
    DATA_DIR: tempDir(t),
    ACCESS_TOKEN_EXPIRES_IN: '1h',
    REFRESH_TOKEN_EXPIRES_IN: '90d',
    RATE_LIMIT_WINDOW: '1m'
  })
  t.equal(config.accessTokenTtl, 3600)
  t.equal(config.refreshTokenTtl, 90 * 86400)
  t.equal(config.rateLimit.windowMs, 60_000)
})

t.test('an empty variable falls back to its default', async (t) => {
  const config = loadConfig({ DATA_DIR: tempDir(t), PORT: '', ACCESS_TOKEN_EXPIRES_IN: '' })
  t.equal(config.port, 8000)
  t.equal(config.accessTokenTtl, 900)
})

t.test('ACCESS_TOKEN_EXPIRES_IN=15 minutes stops the start with one line naming the variable and the form', async (t) => {
  const message = refuses(t, { DATA_DIR: tempDir(t), ACCESS_TOKEN_EXPIRES_IN: '15 minutes' },
    'ACCESS_TOKEN_EXPIRES_IN', /<integer><s\|m\|h\|d>/)
  t.match(message, '"15 minutes"', 'the message quotes the value it got')
})

t.test('a malformed DATABASE_URL or REDIS_URL is refused without repeating the value (it may hold a password)', async (t) => {
  const dataDir = tempDir(t)
  for (const [name, value] of [['DATABASE_URL', 'mysql://u:hunter2@db/x'], ['REDIS_URL', 'http://:hunter2@cache']]) {
    const message = refuses(t, { DATA_DIR: dataDir, [name]: value }, name, /URL/)
    t.notMatch(message, 'hunter2', `${name}: the password is not in the message`)
  }
})

t.test('values outside their form are refused, each naming its variable', async (t) => {
  const dataDir = tempDir(t)
  const cases: Array<[string, string, RegExp]> = [
    ['REFRESH_TOKEN_EXPIRES_IN', '90', /<integer><s\|m\|h\|d>/],
    ['PUBLISH_MODE', 'sometimes', /direct or async/],
    ['PORT', '70000', /0 to 65535/],
    ['PORT', 'eighty', /integer/],
    ['BODY_LIMIT', '1gb', /<integer><b\|kb\|mb>/],
    ['BODY_LIMIT', 'lots', /<integer><b\|kb\|mb>/],
    ['CORS_ORIGINS', '*', /\*/],
    ['CORS_ORIGINS', 'https://a.example,*', /\*/],
    ['NODE_ENV', 'staging', /development, production or test/],
    ['WORKER_ENABLED', 'yes', /true or false/],
    ['RATE_LIMIT_MAX', '0', /integer from 1/],
    ['DOCS_ENABLED', 'yes', /true or false/]
  ]
  for (const [name, value, expected] of cases) {
    t.test(`${name}=${value}`, async (t) => {
      refuses(t, { DATA_DIR: dataDir, [name]: value }, name, expected)
    })
  }
})

t.test('the API reference is on outside production unless DOCS_ENABLED says otherwise', async (t) => {
  const dataDir = tempDir(t)
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: SECRET_B }
  t.equal(loadConfig({ DATA_DIR: dataDir }).docsEnabled, true, 'development')
  t.equal(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).docsEnabled, true, 'test')
  t.equal(loadConfig(production).docsEnabled, false, 'production')
  t.equal(loadConfig({ ...production, DOCS_ENABLED: 'true' }).docsEnabled, true, 'production with DOCS_ENABLED=true')
  t.equal(loadConfig({ DATA_DIR: dataDir, DOCS_ENABLED: 'false' }).docsEnabled, false, 'development with DOCS_ENABLED=false')
})

t.test('sizes, origins and modes in their form are accepted', async (t) => {
  const config = loadConfig({
    DATA_DIR: tempDir(t),
    BODY_LIMIT: '1kb',
    CORS_ORIGINS: 'https://a.example, https://b.example',
    PUBLISH_MODE: 'async',
    PORT: '0'
  })
  t.equal(config.bodyLimit, 1024)
  t.same(config.corsOrigins, ['https://a.example', 'https://b.example'])
  t.equal(config.publishMode, 'async')
  t.equal(config.port, 0)
  t.equal(loadConfig({ DATA_DIR: tempDir(t), BODY_LIMIT: '2mb' }).bodyLimit, 2 * 1024 * 1024)
  t.equal(loadConfig({ DATA_DIR: tempDir(t), BODY_LIMIT: '512b' }).bodyLimit, 512)
})

t.test('production refuses a missing or short secret, naming it and never echoing it', async (t) => {
  const dataDir = tempDir(t)
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', DATA_DIR: dataDir }
  refuses(t, { ...production, REFRESH_TOKEN_SECRET: SECRET_B }, 'ACCESS_TOKEN_SECRET', /32 characters/)
  const short = 's'.repeat(31)
  const message = refuses(t, { ...production, ACCESS_TOKEN_SECRET: short, REFRESH_TOKEN_SECRET: SECRET_B },
    'ACCESS_TOKEN_SECRET', /32 characters/)
  t.notMatch(message, short, 'the short secret is not printed')
  refuses(t, { ...production, ACCESS_TOKEN_SECRET: SECRET_A }, 'REFRESH_TOKEN_SECRET', /32 characters/)
  refuses(t, { ...production, ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: 'short' },
    'REFRESH_TOKEN_SECRET', /32 characters/)
  t.notOk(existsSync(join(dataDir, 'secrets.json')), 'production never generates secrets')
})

t.test('production with two long secrets uses them as given', async (t) => {
  const dataDir = tempDir(t)
  const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: SECRET_B })
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

t.test('`latchkey serve` with ACCESS_TOKEN_EXPIRES_IN=15 minutes exits 1 with one line and no stack trace', async (t) => {
  const env: Record<string, string | undefined> = { ...process.env, ACCESS_TOKEN_EXPIRES_IN: '15 minutes', DATA_DIR: tempDir(t) }
  delete env.DATABASE_URL
  delete env.NODE_OPTIONS
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli.ts', 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => { stdout += d })
  child.stderr.on('data', (d) => { stderr += d })
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
  clearTimeout(killer)
  t.equal(code, 1, 'the exit code is 1')
  t.equal(stdout, '', 'nothing is written to stdout')
  const lines = stderr.split('\n').filter((l) => l.length)
  t.equal(lines.length, 1, `stderr is one line: ${JSON.stringify(stderr)}`)
  t.match(lines[0], /ACCESS_TOKEN_EXPIRES_IN/)
  t.match(lines[0], /<integer><s\|m\|h\|d>/)
  t.notMatch(stderr, '    at ', 'no stack trace')
})

t.test('TRUST_PROXY: false, a hop count, or proxy addresses and ranges; every hop only outside production', async (t) => {
  const dataDir = tempDir(t)
  const read = (value: string, env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value, ...env }).trustProxy
  t.equal(read('false'), false)
  t.equal(read('1'), 1, 'a hop count')
  t.same(read('10.0.0.0/8, 192.168.1.7,::1,fd00::/8'), ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8'], 'addresses and CIDR ranges')
  t.equal(read('true'), true, 'development may trust every hop')
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: SECRET_B }
  t.equal(read('2', production), 2)
  const message = refuses(t, { DATA_DIR: dataDir, TRUST_PROXY: 'true', ...production }, 'TRUST_PROXY')
  t.match(message, 'TRUST_PROXY=1', 'it names the alternatives')
  for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '::1/129']) {
    refuses(t, { DATA_DIR: dataDir, TRUST_PROXY: bad }, 'TRUST_PROXY')
  }
})

t.test('secrets and credentialed URLs may come from files (<NAME>_FILE), never both ways', async (t) => {
  const dir = tempDir(t)
  const file = (name: string, content: string) => {
    const path = join(dir, name)
    writeFileSync(path, content)
    return path
  }
  const config = loadConfig({
    DATA_DIR: dir,
    NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25',
    ACCESS_TOKEN_SECRET_FILE: file('access', `${SECRET_A}\n`),
    REFRESH_TOKEN_SECRET_FILE: file('refresh', SECRET_B),
    DATABASE_URL_FILE: file('db', 'postgres://app:pw@db.internal:5432/latchkey\n'),
    REDIS_URL_FILE: file('redis', 'redis://:pw@cache:6379')
  })
  t.equal(config.accessTokenSecret, SECRET_A, 'the file\'s content without its final newline')
  t.equal(config.refreshTokenSecret, SECRET_B)
  t.equal(config.databaseUrl, 'postgres://app:pw@db.internal:5432/latchkey')
  t.equal(config.redisUrl, 'redis://:pw@cache:6379')
  t.equal(loadConfig({ DATA_DIR: dir, PORT_FILE: file('port', '1234') }).port, 8000, 'only secrets and URLs are read from files')

  const both = refuses(t, { DATA_DIR: dir, ACCESS_TOKEN_SECRET: SECRET_A, ACCESS_TOKEN_SECRET_FILE: file('a2', SECRET_A) }, 'ACCESS_TOKEN_SECRET')
  t.match(both, 'not both')
  const missing = refuses(t, { DATA_DIR: dir, DATABASE_URL_FILE: join(dir, 'nope') }, 'DATABASE_URL_FILE')
  t.match(missing, 'ENOENT')
  const bad = refuses(t, { DATA_DIR: dir, DATABASE_URL_FILE: file('bad', 'mysql://u:hunter2@db/x') }, 'DATABASE_URL')
  t.notMatch(bad, 'hunter2', 'a bad value from a file is not repeated either')
})

t.test('sessions: REFRESH_TOKEN_REUSE_INTERVAL defaults to 0s (no reuse) and is capped at 5m; SESSION_RETENTION defaults to 30d', async (t) => {
  const defaults = loadConfig({ DATA_DIR: tempDir(t) })
  t.equal(defaults.refreshTokenReuseInterval, 0)
  t.equal(defaults.sessionRetention, 30 * 86400)
  const set = loadConfig({ DATA_DIR: tempDir(t), REFRESH_TOKEN_REUSE_INTERVAL: '5m', SESSION_RETENTION: '7d' })
  t.equal(set.refreshTokenReuseInterval, 300)
  t.equal(set.sessionRetention, 7 * 86400)
  refuses(t, { DATA_DIR: tempDir(t), REFRESH_TOKEN_REUSE_INTERVAL: '301s' }, 'REFRESH_TOKEN_REUSE_INTERVAL', /at most 5m/)
  refuses(t, { DATA_DIR: tempDir(t), REFRESH_TOKEN_REUSE_INTERVAL: '10 seconds' }, 'REFRESH_TOKEN_REUSE_INTERVAL', /<integer><s\|m\|h\|d>/)
  refuses(t, { DATA_DIR: tempDir(t), SESSION_RETENTION: 'forever' }, 'SESSION_RETENTION')
})

t.test('mail: production refuses to start without SMTP_URL; development and test write files instead', async (t) => {
  const dataDir = tempDir(t)
  const production = { NODE_ENV: 'production', DATA_DIR: dataDir, ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: SECRET_B }
  const message = refuses(t, production, 'SMTP_URL')
  t.match(message, 'production', 'the message says why: production')
  t.equal(loadConfig({ ...production, SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465' }).smtpUrl, 'smtps://mailer:pw@smtp.example.com:465')
  for (const env of ['development', 'test']) {
    t.equal(loadConfig({ NODE_ENV: env, DATA_DIR: dataDir }).smtpUrl, undefined, `${env} starts without SMTP_URL`)
  }
  t.equal(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl, 'smtp://127.0.0.1:2525', 'smtp:// is accepted')
})

t.test('mail: SMTP_URL may come from SMTP_URL_FILE, in production too', async (t) => {
  const dir = tempDir(t)
  const path = join(dir, 'smtp')
  writeFileSync(path, 'smtp://mailer:s3cret@smtp.example.com:587\n')
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: SECRET_B, SMTP_URL_FILE: path })
  t.equal(config.smtpUrl, 'smtp://mailer:s3cret@smtp.example.com:587', 'the file\'s content without its final newline')
  const both = refuses(t, { DATA_DIR: dir, SMTP_URL: 'smtp://a:25', SMTP_URL_FILE: path }, 'SMTP_URL')
  t.match(both, 'not both')
})

t.test('mail: an SMTP_URL that is not smtp:// or smtps:// is refused without repeating it (it may hold a password)', async (t) => {
  const dir = tempDir(t)
  for (const value of ['http://mailer:hunter2@smtp.example.com', 'mailer:hunter2@smtp.example.com:25', 'smtpx://mailer:hunter2@smtp.example.com']) {
    const message = refuses(t, { DATA_DIR: dir, SMTP_URL: value }, 'SMTP_URL', /smtp:\/\/ or smtps:\/\//)
    t.notMatch(message, 'hunter2', `${value.split(':')[0]}: the password is not in the message`)
  }
  const path = join(dir, 'smtp')
  writeFileSync(path, 'http://mailer:hunter2@smtp.example.com')
  const fromFile = refuses(t, { DATA_DIR: dir, SMTP_URL_FILE: path }, 'SMTP_URL')
  t.notMatch(fromFile, 'hunter2', 'nor from a file')
})

t.test('mail: MAIL_FROM and PUBLIC_APP_URL default, and PUBLIC_APP_URL loses its trailing slashes', async (t) => {
  const dir = tempDir(t)
  const defaults = loadConfig({ DATA_DIR: dir })
  t.equal(defaults.mailFrom, 'Latchkey <no-reply@localhost>')
  t.equal(defaults.publicAppUrl, 'http://localhost:8000')
  t.equal(loadConfig({ DATA_DIR: dir, MAIL_FROM: 'Acme <a@acme.test>' }).mailFrom, 'Acme <a@acme.test>')
  t.equal(loadConfig({ DATA_DIR: dir, PUBLIC_APP_URL: 'https://app.example.com/' }).publicAppUrl, 'https://app.example.com')
  t.equal(loadConfig({ DATA_DIR: dir, PUBLIC_APP_URL: 'https://example.com/app//' }).publicAppUrl, 'https://example.com/app')
  t.equal(loadConfig({ DATA_DIR: dir, PUBLIC_APP_URL: 'http://127.0.0.1:3000' }).publicAppUrl, 'http://127.0.0.1:3000')
  for (const bad of ['ftp://app.example.com', 'app.example.com', 'https://app.example.com/?from=mail', 'https://app.example.com/#top']) {
    refuses(t, { DATA_DIR: dir, PUBLIC_APP_URL: bad }, 'PUBLIC_APP_URL', /http\(s\):\/\//)
  }
})

t.test('mail: EMAIL_VERIFICATION_EXPIRES_IN (24h) and PASSWORD_RESET_EXPIRES_IN (1h) are read as seconds', async (t) => {
  const dir = tempDir(t)
  const defaults = loadConfig({ DATA_DIR: dir })
  t.equal(defaults.emailVerificationTtl, 86400, 'EMAIL_VERIFICATION_EXPIRES_IN defaults to 24h')
  t.equal(defaults.passwordResetTtl, 3600, 'PASSWORD_RESET_EXPIRES_IN defaults to 1h')
  const set = loadConfig({ DATA_DIR: dir, EMAIL_VERIFICATION_EXPIRES_IN: '1h', PASSWORD_RESET_EXPIRES_IN: '24h' })
  t.equal(set.emailVerificationTtl, 3600)
  t.equal(set.passwordResetTtl, 86400)
  t.equal(loadConfig({ DATA_DIR: dir, PASSWORD_RESET_EXPIRES_IN: '90m' }).passwordResetTtl, 5400)
  for (const name of ['EMAIL_VERIFICATION_EXPIRES_IN', 'PASSWORD_RESET_EXPIRES_IN']) {
    refuses(t, { DATA_DIR: dir, [name]: '1 hour' }, name, /<integer><s\|m\|h\|d>/)
    refuses(t, { DATA_DIR: dir, [name]: '0m' }, name, /longer than 0s/)
  }
})
