import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { isAbsolute, join } from 'node:path'
import fp from 'fastify-plugin'
import { Type, type Static } from '@sinclair/typebox'
import { Ajv } from 'ajv'
import { ROOT } from '../../paths.js'

declare module 'fastify' {
  interface FastifyInstance { config: Config }
}

const Duration = Type.String({ pattern: '^[0-9]+[smhd]$', description: 'a duration like 15m: <integer><s|m|h|d>' })
const Bool = Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true or false' })
const Int = (min: number, max: number) =>
  Type.String({ pattern: '^[0-9]+$', description: `an integer from ${min} to ${max}`, min, max })

export const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')],
    { default: 'development', description: 'development, production or test' }),
  PORT: Int(0, 65535),
  HOST: Type.String({ minLength: 1, description: 'a host name or address' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// URL' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', description: 'a redis:// URL' })),
  REDIS_KEY_PREFIX: Type.String({ description: 'a key prefix' }),
  ACCESS_TOKEN_SECRET: Type.Optional(Type.String({ description: 'a secret of at least 32 characters' })),
  REFRESH_TOKEN_SECRET: Type.Optional(Type.String({ description: 'a secret of at least 32 characters' })),
  ACCESS_TOKEN_PREVIOUS_SECRETS: Type.Optional(Type.String({ description: 'comma-separated secrets of at least 32 characters' })),
  ACCESS_TOKEN_ALGORITHM: Type.Union([Type.Literal('HS256'), Type.Literal('EdDSA')], { description: 'HS256 or EdDSA' }),
  ACCESS_TOKEN_PRIVATE_KEY: Type.Optional(Type.String({ description: 'an Ed25519 private key in PKCS#8 PEM' })),
  ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: Type.Optional(Type.String({ description: 'Ed25519 public keys in SPKI PEM, comma-separated' })),
  ACCESS_TOKEN_EXPIRES_IN: Duration,
  REFRESH_TOKEN_EXPIRES_IN: Duration,
  REFRESH_TOKEN_REUSE_INTERVAL: Duration,
  SESSION_RETENTION: Duration,
  AUDIT_RETENTION: Duration,
  JWT_ISSUER: Type.String({ minLength: 1, description: 'a non-empty issuer name' }),
  API_VERSION: Type.String({ pattern: '^v[0-9]+$', description: 'a version label like v1' }),
  PUBLISH_MODE: Type.Union([Type.Literal('direct'), Type.Literal('async')], { description: 'direct or async' }),
  WORKER_ENABLED: Bool,
  WORKER_CONCURRENCY: Int(1, 100),
  WORKER_RESCUE_INTERVAL: Duration,
  REQUIRE_EMAIL_CONFIRMED: Bool,
  REGISTRATION_ENABLED: Bool,
  RATE_LIMIT_MAX: Int(1, 1e9),
  RATE_LIMIT_WINDOW: Duration,
  LOGIN_RATE_LIMIT_MAX: Int(1, 1e9),
  LOGIN_RATE_LIMIT_WINDOW: Duration,
  TRUST_PROXY: Type.String({ pattern: '^(true|false|[0-9]+|[0-9a-fA-F.:/, ]+)$', description: 'false, a hop count (1), or comma-separated proxy addresses or CIDR ranges' }),
  CORS_ORIGINS: Type.String({ pattern: '^[^*]*$', description: 'comma-separated exact origins (* is refused)' }),
  BODY_LIMIT: Type.String({ pattern: '^[0-9]+(b|kb|mb)$', description: 'a size like 1mb: <integer><b|kb|mb>' }),
  DOCS_ENABLED: Type.Optional(Bool),
  LOG_LEVEL: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { description: 'fatal, error, warn, info, debug, trace or silent' }),
  MIGRATE_ON_START: Bool,
  DATA_DIR: Type.String({ minLength: 1, description: 'a directory path' }),
  EMBEDDED_DB_PORT: Int(1, 65535),
  DB_POOL_SIZE: Int(1, 1000),
  WS_AUTH_TIMEOUT: Duration,
  WS_HEARTBEAT_INTERVAL: Duration,
  METRICS_PORT: Type.Optional(Int(0, 65535)),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://', description: 'an smtp:// or smtps:// URL' })),
  MAIL_FROM: Type.String({ minLength: 3, description: 'a sender like Latchkey <no-reply@example.com>' }),
  PUBLIC_APP_URL: Type.String({ pattern: '^https?://[^?#]+$', description: 'the http(s):// address of the client app, without query or fragment' }),
  EMAIL_VERIFICATION_EXPIRES_IN: Duration,
  PASSWORD_RESET_EXPIRES_IN: Duration
})

/**
 * Connections of the request pool. A Node process is one thread and postgres.js pipelines queries
 * on each connection, so a few connections keep it busy; more backends only compete for the
 * database's cores (measured in bench/README.md).
 */
export const DEFAULT_DB_POOL_SIZE = 4

const MAX_REUSE_INTERVAL = 300

const DEFAULTS: Record<string, string> = {
  NODE_ENV: 'development',
  PORT: '8000',
  HOST: '0.0.0.0',
  REDIS_KEY_PREFIX: 'latchkey:',
  ACCESS_TOKEN_ALGORITHM: 'HS256',
  ACCESS_TOKEN_EXPIRES_IN: '15m',
  REFRESH_TOKEN_EXPIRES_IN: '60d',
  REFRESH_TOKEN_REUSE_INTERVAL: '0s',
  SESSION_RETENTION: '30d',
  AUDIT_RETENTION: '90d',
  JWT_ISSUER: 'latchkey',
  API_VERSION: 'v1',
  PUBLISH_MODE: 'direct',
  WORKER_ENABLED: 'true',
  WORKER_CONCURRENCY: '5',
  WORKER_RESCUE_INTERVAL: '15s',
  REQUIRE_EMAIL_CONFIRMED: 'false',
  REGISTRATION_ENABLED: 'true',
  RATE_LIMIT_MAX: '300',
  RATE_LIMIT_WINDOW: '5m',
  LOGIN_RATE_LIMIT_MAX: '10',
  LOGIN_RATE_LIMIT_WINDOW: '15m',
  TRUST_PROXY: 'false',
  CORS_ORIGINS: '',
  BODY_LIMIT: '1mb',
  LOG_LEVEL: 'info',
  MIGRATE_ON_START: 'true',
  DATA_DIR: '.data',
  EMBEDDED_DB_PORT: '54329',
  DB_POOL_SIZE: String(DEFAULT_DB_POOL_SIZE),
  WS_AUTH_TIMEOUT: '10s',
  WS_HEARTBEAT_INTERVAL: '30s',
  MAIL_FROM: 'Latchkey <no-reply@localhost>',
  PUBLIC_APP_URL: 'http://localhost:8000',
  EMAIL_VERIFICATION_EXPIRES_IN: '24h',
  PASSWORD_RESET_EXPIRES_IN: '1h'
}

export type Env = Static<typeof EnvSchema>

export interface Config {
  env: 'development' | 'production' | 'test'
  isProduction: boolean
  port: number
  host: string
  databaseUrl?: string
  redisUrl?: string
  redisKeyPrefix: string
  accessTokenSecret: string
  refreshTokenSecret: string
  /** Earlier ACCESS_TOKEN_SECRETs whose tokens are still accepted (rotation without downtime). */
  accessTokenPreviousSecrets: string[]
  accessTokenAlgorithm: 'HS256' | 'EdDSA'
  /** EdDSA: the Ed25519 private key (PKCS#8 PEM) that signs access tokens. */
  accessTokenPrivateKey?: string
  /** EdDSA: public keys (SPKI PEM) of earlier private keys, still accepted and published. */
  accessTokenPreviousPublicKeys: string[]
  accessTokenTtl: number
  refreshTokenTtl: number
  /** Seconds after a rotation during which the rotated token gets the same successor back (0: never). */
  refreshTokenReuseInterval: number
  /** Seconds expired or revoked session rows are kept before V1PruneSessionsTask deletes them. */
  sessionRetention: number
  /** Seconds audit events are kept before V1PruneAuditEventsTask deletes them. */
  auditRetention: number
  jwtIssuer: string
  apiVersion: string
  publishMode: 'direct' | 'async'
  workerEnabled: boolean
  workerConcurrency: number
  /** How often a worker looks for jobs locked by workers that are gone (two sweeps unlock them). */
  workerRescueIntervalMs: number
  requireEmailConfirmed: boolean
  registrationEnabled: boolean
  rateLimit: { max: number, windowMs: number }
  loginRateLimit: { max: number, windowMs: number }
  /** Fastify's trustProxy: false, every hop (development only), a hop count, or proxy addresses/ranges. */
  trustProxy: boolean | number | string[]
  corsOrigins: string[]
  bodyLimit: number
  /** GET /openapi.json and the API reference at /docs (DOCS_ENABLED; unset: on outside production). */
  docsEnabled: boolean
  logLevel: string
  migrateOnStart: boolean
  dataDir: string
  embeddedDbPort: number
  dbPoolSize: number
  wsAuthTimeoutMs: number
  wsHeartbeatMs: number
  /** The port of the Prometheus listener (/metrics); undefined: no metrics. */
  metricsPort?: number
  /** Where mail goes (nodemailer); undefined: .eml files under DATA_DIR/mail (never in production). */
  smtpUrl?: string
  mailFrom: string
  /** The client app that serves /verify-email and /reset-password; links in mails point there. */
  publicAppUrl: string
  /** Seconds a verification link and a password reset link stay usable. */
  emailVerificationTtl: number
  passwordResetTtl: number
}

export class ConfigError extends Error {
  name = 'ConfigError'
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 }
const UNIT_BYTES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 }

/** Seconds in a `<integer><s|m|h|d>` duration. */
export function parseDuration (value: string): number {
  return Number(value.slice(0, -1)) * UNIT_SECONDS[value.slice(-1)]
}

function parseSize (value: string): number {
  const [, n, unit] = /^([0-9]+)([a-z]+)$/.exec(value)!
  return Number(n) * UNIT_BYTES[unit]
}

/**
 * TRUST_PROXY. `true` trusts every X-Forwarded-For hop, so any client picks the address the rate
 * limits count: refused in production, where the proxies are known.
 */
function parseTrustProxy (value: string, isProduction: boolean): Config['trustProxy'] {
  if (value === 'false') return false
  if (value === 'true') {
    if (isProduction) {
      throw new ConfigError('Invalid configuration: TRUST_PROXY=true trusts any client\'s X-Forwarded-For in production; ' +
        'set the number of proxies in front of the service (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.7)')
    }
    return true
  }
  if (/^[0-9]+$/.test(value)) return Number(value)
  const proxies = value.split(',').map((p) => p.trim()).filter(Boolean)
  for (const proxy of proxies) {
    const [address, bits, extra] = proxy.split('/')
    const family = isIP(address)
    const maxBits = family === 4 ? 32 : 128
    if (!family || extra !== undefined || (bits !== undefined && !(/^[0-9]+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new ConfigError(`Invalid configuration: TRUST_PROXY must be ${describe('TRUST_PROXY')}, got ${JSON.stringify(proxy)}`)
    }
  }
  return proxies
}

function describe (name: string): string {
  const schema = (EnvSchema.properties as Record<string, { description?: string }>)[name]
  return schema?.description ?? 'a valid value'
}

/**
 * Secrets for development and test are generated once and kept in the data directory, so
 * tokens survive a restart without anyone having to invent a secret.
 */
function localSecrets (dataDir: string): { access: string, refresh: string } {
  const file = join(dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  mkdirSync(dataDir, { recursive: true })
  const secrets = { access: randomBytes(48).toString('base64url'), refresh: randomBytes(48).toString('base64url') }
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 })
  chmodSync(file, 0o600)
  return secrets
}

const PUBLIC_KEY_PEM = /-----BEGIN PUBLIC KEY-----[^-]+-----END PUBLIC KEY-----/g

/**
 * EdDSA keys: the private key from ACCESS_TOKEN_PRIVATE_KEY (required in production; generated
 * once under DATA_DIR otherwise) and the earlier public keys. A PEM given in one line with `\n`
 * escapes, as some secret stores and .env files hold it, is accepted too.
 */
function ed25519Keys (raw: Record<string, string>, isProduction: boolean, dataDir: string) {
  const pem = (value: string) => value.replace(/\\n/g, '\n')
  let privateKey = raw.ACCESS_TOKEN_PRIVATE_KEY && pem(raw.ACCESS_TOKEN_PRIVATE_KEY)
  if (!privateKey) {
    if (isProduction) throw new ConfigError('Invalid configuration: ACCESS_TOKEN_PRIVATE_KEY must be set with ACCESS_TOKEN_ALGORITHM=EdDSA in production')
    privateKey = localPrivateKey(dataDir)
  }
  if (keyType(() => createPrivateKey(privateKey)) !== 'ed25519') throw new ConfigError(`Invalid configuration: ACCESS_TOKEN_PRIVATE_KEY must be ${describe('ACCESS_TOKEN_PRIVATE_KEY')}, got another value`)

  const given = pem(raw.ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS ?? '')
  const previousPublicKeys = given.match(PUBLIC_KEY_PEM) ?? []
  const rest = given.replace(PUBLIC_KEY_PEM, '').replace(/[\s,]/g, '')
  if (rest || previousPublicKeys.some((key) => keyType(() => createPublicKey(key)) !== 'ed25519')) {
    throw new ConfigError(`Invalid configuration: ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS must be ${describe('ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS')}`)
  }
  return { privateKey, previousPublicKeys }
}

function keyType (parse: () => KeyObject): string | undefined {
  try {
    return parse().asymmetricKeyType
  } catch {
    return undefined
  }
}

/** The development and test Ed25519 key, generated once into the data directory like the secrets. */
function localPrivateKey (dataDir: string): string {
  const file = join(dataDir, 'access-token-ed25519.pem')
  if (existsSync(file)) return readFileSync(file, 'utf8')
  mkdirSync(dataDir, { recursive: true })
  const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
  writeFileSync(file, key, { mode: 0o600 })
  chmodSync(file, 0o600)
  return key
}

// Secrets and URLs with credentials may come from a file (`<NAME>_FILE`), as container secrets do.
const FILE_VARIABLE = /(_SECRETS?|_KEYS?|^DATABASE_URL|^REDIS_URL|^SMTP_URL)$/

/** The value of `<name>_FILE`'s file, without its final newline; undefined when not given. */
function fromFile (source: Record<string, string | undefined>, name: string): string | undefined {
  const path = source[`${name}_FILE`]
  if (!path || !FILE_VARIABLE.test(name)) return undefined
  if (source[name]) throw new ConfigError(`Invalid configuration: give ${name} or ${name}_FILE, not both`)
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '')
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${name}_FILE names a file that cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}: ${path})`)
  }
}

/** Reads and validates the whole configuration once; throws ConfigError with one readable line. */
export function loadConfig (source: Record<string, string | undefined>): Config {
  const raw: Record<string, string> = { ...DEFAULTS }
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = fromFile(source, key) ?? source[key]
    if (value !== undefined && value !== '') raw[key] = value.trim()
    else if (value === '' && key === 'CORS_ORIGINS') raw[key] = ''
  }
  // Ajv is already loaded for Fastify's own validation; typebox/value would add to the start-up memory.
  const validate = new Ajv({ strict: false }).compile(EnvSchema)
  const error = validate(raw) ? undefined : validate.errors?.[0]
  if (error) {
    const name = error.instancePath.replace(/^\//, '') || String(error.params.missingProperty ?? '')
    // URLs carry passwords and secrets are secrets: the message never repeats those values.
    const got = raw[name] === undefined ? 'nothing' : /URL|SECRET|KEY/.test(name) ? 'another value' : JSON.stringify(raw[name])
    throw new ConfigError(`Invalid configuration: ${name} must be ${describe(name)}, got ${got}`)
  }
  for (const [name, { min, max }] of Object.entries(EnvSchema.properties as Record<string, { min?: number, max?: number }>)) {
    if (min === undefined || raw[name] === undefined) continue
    const n = Number(raw[name])
    if (n < min || n > max!) throw new ConfigError(`Invalid configuration: ${name} must be ${describe(name)}, got "${raw[name]}"`)
  }

  const env = raw.NODE_ENV as Config['env']
  const isProduction = env === 'production'
  const dataDir = isAbsolute(raw.DATA_DIR) ? raw.DATA_DIR : join(ROOT, raw.DATA_DIR)
  let accessTokenSecret = raw.ACCESS_TOKEN_SECRET
  let refreshTokenSecret = raw.REFRESH_TOKEN_SECRET
  const accessTokenAlgorithm = raw.ACCESS_TOKEN_ALGORITHM as Config['accessTokenAlgorithm']
  if (isProduction) {
    // With EdDSA the private key signs access tokens and ACCESS_TOKEN_SECRET has no use.
    for (const name of [...(accessTokenAlgorithm === 'HS256' ? ['ACCESS_TOKEN_SECRET'] : []), 'REFRESH_TOKEN_SECRET']) {
      if ((raw[name] ?? '').length < 32) {
        throw new ConfigError(`Invalid configuration: ${name} must be set to at least 32 characters in production`)
      }
    }
  } else if (!accessTokenSecret || !refreshTokenSecret) {
    const generated = localSecrets(dataDir)
    accessTokenSecret ??= generated.access
    refreshTokenSecret ??= generated.refresh
  }

  // A long window would let a stolen rotated token be replayed without raising the theft signal.
  if (parseDuration(raw.REFRESH_TOKEN_REUSE_INTERVAL) > MAX_REUSE_INTERVAL) {
    throw new ConfigError(`Invalid configuration: REFRESH_TOKEN_REUSE_INTERVAL must be at most 5m, got "${raw.REFRESH_TOKEN_REUSE_INTERVAL}"`)
  }

  const previousSecrets = (raw.ACCESS_TOKEN_PREVIOUS_SECRETS ?? '').split(',').map((v) => v.trim()).filter(Boolean)
  if (isProduction && previousSecrets.some((v) => v.length < 32)) {
    throw new ConfigError('Invalid configuration: every ACCESS_TOKEN_PREVIOUS_SECRETS entry must be at least 32 characters in production')
  }

  const keys = accessTokenAlgorithm === 'EdDSA' ? ed25519Keys(raw, isProduction, dataDir) : undefined
  if (!keys && raw.ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS) {
    throw new ConfigError('Invalid configuration: ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS applies to ACCESS_TOKEN_ALGORITHM=EdDSA only')
  }
  if (keys && previousSecrets.length) {
    // Every algorithm but the configured one is refused, so HS256 secrets would verify nothing.
    throw new ConfigError('Invalid configuration: ACCESS_TOKEN_PREVIOUS_SECRETS applies to ACCESS_TOKEN_ALGORITHM=HS256 only')
  }

  if (raw.METRICS_PORT !== undefined && raw.METRICS_PORT !== '0' && Number(raw.METRICS_PORT) === Number(raw.PORT)) {
    throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT (metrics are never served on the public port)')
  }

  // A link born expired would be mailed uselessly, and its job could never succeed.
  for (const name of ['EMAIL_VERIFICATION_EXPIRES_IN', 'PASSWORD_RESET_EXPIRES_IN']) {
    if (parseDuration(raw[name]) === 0) throw new ConfigError(`Invalid configuration: ${name} must be longer than 0s, got "${raw[name]}"`)
  }

  // Without SMTP a production service would write its users' reset links to its own disk.
  if (isProduction && !raw.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL must be set in production (mail is written to files only in development and test)')
  }

  const origins = raw.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
  return {
    env,
    isProduction,
    port: Number(raw.PORT),
    host: raw.HOST,
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    redisKeyPrefix: raw.REDIS_KEY_PREFIX,
    accessTokenSecret: accessTokenSecret!,
    refreshTokenSecret: refreshTokenSecret!,
    accessTokenPreviousSecrets: previousSecrets,
    accessTokenAlgorithm,
    accessTokenPrivateKey: keys?.privateKey,
    accessTokenPreviousPublicKeys: keys?.previousPublicKeys ?? [],
    accessTokenTtl: parseDuration(raw.ACCESS_TOKEN_EXPIRES_IN),
    refreshTokenTtl: parseDuration(raw.REFRESH_TOKEN_EXPIRES_IN),
    refreshTokenReuseInterval: parseDuration(raw.REFRESH_TOKEN_REUSE_INTERVAL),
    sessionRetention: parseDuration(raw.SESSION_RETENTION),
    auditRetention: parseDuration(raw.AUDIT_RETENTION),
    jwtIssuer: raw.JWT_ISSUER,
    apiVersion: raw.API_VERSION,
    publishMode: raw.PUBLISH_MODE as Config['publishMode'],
    workerEnabled: raw.WORKER_ENABLED === 'true',
    workerConcurrency: Number(raw.WORKER_CONCURRENCY),
    workerRescueIntervalMs: parseDuration(raw.WORKER_RESCUE_INTERVAL) * 1000,
    requireEmailConfirmed: raw.REQUIRE_EMAIL_CONFIRMED === 'true',
    registrationEnabled: raw.REGISTRATION_ENABLED === 'true',
    rateLimit: { max: Number(raw.RATE_LIMIT_MAX), windowMs: parseDuration(raw.RATE_LIMIT_WINDOW) * 1000 },
    loginRateLimit: { max: Number(raw.LOGIN_RATE_LIMIT_MAX), windowMs: parseDuration(raw.LOGIN_RATE_LIMIT_WINDOW) * 1000 },
    trustProxy: parseTrustProxy(raw.TRUST_PROXY, isProduction),
    corsOrigins: origins,
    bodyLimit: parseSize(raw.BODY_LIMIT),
    docsEnabled: raw.DOCS_ENABLED === undefined ? !isProduction : raw.DOCS_ENABLED === 'true',
    logLevel: raw.LOG_LEVEL,
    migrateOnStart: raw.MIGRATE_ON_START === 'true',
    dataDir,
    embeddedDbPort: Number(raw.EMBEDDED_DB_PORT),
    dbPoolSize: Number(raw.DB_POOL_SIZE),
    wsAuthTimeoutMs: parseDuration(raw.WS_AUTH_TIMEOUT) * 1000,
    wsHeartbeatMs: parseDuration(raw.WS_HEARTBEAT_INTERVAL) * 1000,
    metricsPort: raw.METRICS_PORT === undefined ? undefined : Number(raw.METRICS_PORT),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    publicAppUrl: raw.PUBLIC_APP_URL.replace(/\/+$/, ''),
    emailVerificationTtl: parseDuration(raw.EMAIL_VERIFICATION_EXPIRES_IN),
    passwordResetTtl: parseDuration(raw.PASSWORD_RESET_EXPIRES_IN)
  }
}

export default fp<{ config: Config }>(async (app, opts) => {
  app.decorate('config', opts.config)
}, { name: 'config' })
