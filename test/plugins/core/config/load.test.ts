import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { OptionalKind, type TSchema } from '@sinclair/typebox'
import { ROOT } from '../../../../paths.js'
import { ConfigError, loadConfig, parseDuration } from '../../../../plugins/core/config.js'
import { CONCERNS } from '../../../../plugins/core/config/load.js'
import { SECRET_A, SECRET_B, production, refuses, tempDir } from '../../../helpers/config.js'

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

t.test('DATA_DIR is read from the repository root unless absolute', async (t) => {
  const secrets = { ACCESS_TOKEN_SECRET: SECRET_A, REFRESH_TOKEN_SECRET: SECRET_B }
  t.equal(loadConfig({ ...secrets, DATA_DIR: '.data' }).dataDir, join(ROOT, '.data'), 'nothing is written there: both secrets given')
  const dir = tempDir(t)
  t.equal(loadConfig({ DATA_DIR: dir }).dataDir, dir)
})

t.test('every concern declares its variables once, each with a description, each with a default unless optional', async (t) => {
  const names = Object.values(CONCERNS).flatMap((c) => Object.keys(c.env))
  t.same(names.filter((n, i) => names.indexOf(n) !== i), [], 'no variable is declared by two concerns')
  for (const concern of Object.values(CONCERNS)) {
    for (const [name, schema] of Object.entries(concern.env) as Array<[string, TSchema]>) {
      t.ok(schema.description, `${name} has a description`)
      const optional = OptionalKind in schema
      t.equal('default' in schema, !optional, `${name}: ${optional ? 'optional, no default' : 'a default'}`)
    }
  }
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

t.test('an empty variable falls back to its default; values are trimmed', async (t) => {
  const config = loadConfig({ DATA_DIR: tempDir(t), PORT: '', ACCESS_TOKEN_EXPIRES_IN: '', HOST: ' 127.0.0.1 ' })
  t.equal(config.port, 8000)
  t.equal(config.accessTokenTtl, 900)
  t.equal(config.host, '127.0.0.1')
})

t.test('ACCESS_TOKEN_EXPIRES_IN=15 minutes stops the start with one line naming the variable and the form', async (t) => {
  refuses(t, { DATA_DIR: tempDir(t), ACCESS_TOKEN_EXPIRES_IN: '15 minutes' }, 'ACCESS_TOKEN_EXPIRES_IN',
    'Invalid configuration: ACCESS_TOKEN_EXPIRES_IN must be a duration like 15m: <integer><s|m|h|d>, got "15 minutes"')
})

t.test('a malformed DATABASE_URL or REDIS_URL is refused without repeating the value (it may hold a password)', async (t) => {
  const dataDir = tempDir(t)
  refuses(t, { DATA_DIR: dataDir, DATABASE_URL: 'mysql://u:hunter2@db/x' }, 'DATABASE_URL',
    'Invalid configuration: DATABASE_URL must be a postgres:// URL, got another value')
  refuses(t, { DATA_DIR: dataDir, REDIS_URL: 'http://:hunter2@cache' }, 'REDIS_URL',
    'Invalid configuration: REDIS_URL must be a redis:// URL, got another value')
})

t.test('values outside their form are refused, each naming its variable', async (t) => {
  const dataDir = tempDir(t)
  const cases: Array<[string, string, RegExp]> = [
    ['REFRESH_TOKEN_EXPIRES_IN', '90', /<integer><s\|m\|h\|d>/],
    ['PUBLISH_MODE', 'sometimes', /direct or async/],
    ['PORT', 'eighty', /integer/],
    ['NODE_ENV', 'staging', /development, production or test/],
    ['WORKER_ENABLED', 'yes', /true or false/],
    ['LOG_LEVEL', 'loud', /fatal, error, warn, info, debug, trace or silent/],
    ['API_VERSION', '1', /a version label like v1/],
    ['HOST', ' ', /a host name or address/],
    ['MAIL_FROM', 'me', /a sender like/]
  ]
  for (const [name, value, expected] of cases) {
    t.test(`${name}=${value}`, async (t) => {
      refuses(t, { DATA_DIR: dataDir, [name]: value }, name, expected)
    })
  }
})

t.test('integers outside their range are refused with the range', async (t) => {
  const dataDir = tempDir(t)
  refuses(t, { DATA_DIR: dataDir, PORT: '70000' }, 'PORT', 'Invalid configuration: PORT must be an integer from 0 to 65535, got "70000"')
  refuses(t, { DATA_DIR: dataDir, RATE_LIMIT_MAX: '0' }, 'RATE_LIMIT_MAX', /an integer from 1 to 1000000000, got "0"/)
  refuses(t, { DATA_DIR: dataDir, WORKER_CONCURRENCY: '101' }, 'WORKER_CONCURRENCY', /an integer from 1 to 100, got "101"/)
  refuses(t, { DATA_DIR: dataDir, DB_POOL_SIZE: '0' }, 'DB_POOL_SIZE', /an integer from 1 to 1000, got "0"/)
})

const PUBLIC_URL_LINE = 'Invalid configuration: PUBLIC_URL must be set in production when PUBLIC_APP_URL is unset (mailed links open the service\'s account pages, PUBLIC_URL/account/...)'

/** The lines of the ConfigError that loading `env` throws (none when it loads). */
function problems (env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

t.test('every problem is reported at once, one line each, in the concerns\' order', async (t) => {
  const dir = tempDir(t)
  const message = (name: string) => `Invalid configuration: ${name} must be set to at least 32 characters in production`
  t.same(problems({ NODE_ENV: 'production', DATA_DIR: dir }), [
    'Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development and test)',
    message('ACCESS_TOKEN_SECRET'),
    message('REFRESH_TOKEN_SECRET'),
    'Invalid configuration: SMTP_URL must be set in production (mail is written to files only in development and test)',
    PUBLIC_URL_LINE
  ], 'production with nothing set: the five missing variables, the documented DATABASE_URL line first')
  let error: unknown
  try {
    loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })
  } catch (err) {
    error = err
  }
  t.ok(error instanceof ConfigError)
  t.equal((error as Error).message, (error as ConfigError).problems.join('\n'), 'the message holds every line')

  t.same(problems({ ...production(dir), SMTP_URL: undefined, ACCESS_TOKEN_SECRET: 'short', TRUST_PROXY: 'true' }).map((l) => l.split(' ')[2]),
    ['ACCESS_TOKEN_SECRET', 'SMTP_URL', 'TRUST_PROXY=true'], 'refusals of three concerns')
  t.same(problems({ DATA_DIR: dir, PORT: '9100', METRICS_PORT: '9100', PASSWORD_RESET_EXPIRES_IN: '0s' }).map((l) => l.split(' ')[2]),
    ['METRICS_PORT', 'PASSWORD_RESET_EXPIRES_IN'])
  t.same(problems({ DATA_DIR: dir, PORT: 'x', LOG_LEVEL: 'loud', PASSWORD_RESET_EXPIRES_IN: '0s', NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25' }),
    [
      'Invalid configuration: DATABASE_URL must be set in production (the embedded PostgreSQL is for development and test)',
      message('ACCESS_TOKEN_SECRET'),
      message('REFRESH_TOKEN_SECRET'),
      'Invalid configuration: PASSWORD_RESET_EXPIRES_IN must be longer than 0s, got "0s"',
      'Invalid configuration: PORT must be an integer from 0 to 65535, got "x"',
      'Invalid configuration: LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, got "loud"',
      PUBLIC_URL_LINE
    ], 'malformed values and refusals together, each variable once')
})

t.test('a concern that reads another concern\'s malformed variable adds nothing to its line', async (t) => {
  const dir = tempDir(t)
  t.same(problems({ DATA_DIR: dir, PORT: 'x', METRICS_PORT: '9100' }), ['Invalid configuration: PORT must be an integer from 0 to 65535, got "x"'],
    'METRICS_PORT is not compared with a PORT that is not a port')
  t.same(problems({ DATA_DIR: dir, NODE_ENV: 'staging', PORT: 'x' }), [
    'Invalid configuration: NODE_ENV must be development, production or test, got "staging"',
    'Invalid configuration: PORT must be an integer from 0 to 65535, got "x"'
  ], 'without a NODE_ENV no refusal can be decided, every malformed value is still named')
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
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.invalid:25',
    PUBLIC_URL: 'https://auth.example.com',
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

  refuses(t, { DATA_DIR: dir, ACCESS_TOKEN_SECRET: SECRET_A, ACCESS_TOKEN_SECRET_FILE: file('a2', SECRET_A) }, 'ACCESS_TOKEN_SECRET',
    'Invalid configuration: give ACCESS_TOKEN_SECRET or ACCESS_TOKEN_SECRET_FILE, not both')
  const missing = join(dir, 'nope')
  refuses(t, { DATA_DIR: dir, DATABASE_URL_FILE: missing }, 'DATABASE_URL_FILE',
    `Invalid configuration: DATABASE_URL_FILE names a file that cannot be read (ENOENT: ${missing})`)
  const bad = refuses(t, { DATA_DIR: dir, DATABASE_URL_FILE: file('bad', 'mysql://u:hunter2@db/x') }, 'DATABASE_URL')
  t.notMatch(bad, 'hunter2', 'a bad value from a file is not repeated either')
})

t.test('`latchkey start-dev` with ACCESS_TOKEN_EXPIRES_IN=15 minutes exits 2 (a configuration error) with one line and no stack trace', async (t) => {
  const env: Record<string, string | undefined> = { ...process.env, ACCESS_TOKEN_EXPIRES_IN: '15 minutes', DATA_DIR: tempDir(t) }
  delete env.DATABASE_URL
  delete env.NODE_OPTIONS
  // start-dev: development, so that the bad duration is the only problem (start would add production's).
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli.ts', 'start-dev'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => { stdout += d })
  child.stderr.on('data', (d) => { stderr += d })
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)))
  clearTimeout(killer)
  t.equal(code, 2, 'the exit code is 2, as for a usage error')
  t.equal(stdout, '', 'nothing is written to stdout')
  const lines = stderr.split('\n').filter((l) => l.length)
  t.equal(lines.length, 1, `stderr is one line: ${JSON.stringify(stderr)}`)
  t.match(lines[0], /ACCESS_TOKEN_EXPIRES_IN/)
  t.match(lines[0], /<integer><s\|m\|h\|d>/)
  t.notMatch(stderr, '    at ', 'no stack trace')
})
