/**
 * The configuration, one module per concern, assembled here into one validated Config.
 *
 * To add a concern: write `<concern>.ts` with defineConcern (its variables with their
 * descriptions and defaults in their schemas, its slice of Config and its refusals) and add it to
 * CONCERNS, and to the NEEDS of the commands that read it. Config and EnvSchema follow from the
 * list. Every problem is reported at once, one line each, in the list's order (database
 * first: its DATABASE_URL line is the one the documentation shows): the variables that do not
 * have their form, then the refusals of every concern whose variables all have theirs.
 *
 * A command loads only the concerns it needs (NEEDS): the others are neither validated nor read,
 * so `migrate` starts without the token secrets or SMTP_URL, and their part of Config is absent.
 * A concern that reads another's variable is needed with it (keys and signing: the algorithm;
 * metrics and server: PORT; oidc, webauthn and pages with server: PUBLIC_URL; webauthn and pages
 * with mail: PUBLIC_APP_URL).
 */
import { Type, type TProperties } from '@sinclair/typebox'
import { Ajv, type ValidateFunction } from 'ajv'
import { ConfigError, invalid, type Base, type Concern, type Env } from './concern.js'
import { fromFile } from './files.js'
import { runtime, readBase } from './runtime.js'
import { signing } from './signing.js'
import { tokens } from './tokens.js'
import { keys } from './keys.js'
import { metrics } from './metrics.js'
import { accounts } from './accounts.js'
import { safety } from './safety.js'
import { mail } from './mail.js'
import { server } from './server.js'
import { database } from './database.js'
import { redis } from './redis.js'
import { rateLimits } from './rate-limits.js'
import { sockets } from './sockets.js'
import { workers } from './workers.js'
import { federation } from './federation.js'
import { webauthn } from './webauthn.js'
import { mfa } from './mfa.js'
import { overload } from './overload.js'
import { pages } from './pages.js'
import { webhooks } from './webhooks.js'
import { rooms } from './rooms.js'
import { oidc } from './oidc.js'

export const CONCERNS = {
  runtime, database, signing, tokens, keys, metrics, accounts, mail, server, redis, rateLimits, sockets, workers, safety, mfa, webauthn,
  federation, overload, pages, webhooks, rooms, oidc
} as const

export type ConcernName = keyof typeof CONCERNS
const ALL = Object.keys(CONCERNS) as ConcernName[]

/** The concerns each command validates and reads (runtime always). */
export const NEEDS = {
  serve: ALL,
  // Jobs only: no routes, sockets or pages, no token is signed or checked, no second factor, passkey ceremony or provider sign-in runs.
  worker: ALL.filter((name) => !['signing', 'keys', 'sockets', 'mfa', 'webauthn', 'federation', 'overload', 'pages', 'oidc'].includes(name)),
  // migrate and import: the database alone.
  database: ['database'],
  // user ...: the database, and the password policy (safety) that user create applies as the API does.
  user: ['database', 'safety']
} as const satisfies Record<string, readonly ConcernName[]>

type Slices = ReturnType<(typeof CONCERNS)[ConcernName]['read']>
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never

/** Every concern's slice in one object: the type of `app.config`. */
export type Config = Intersection<Slices>

type Property = { description?: string, min?: number, max?: number }
interface Loader {
  concerns: Concern[]
  properties: Record<string, Property>
  /** The index in `concerns` of the concern that declares each variable: the order of the problems. */
  owners: Map<string, number>
  validate: () => ValidateFunction
}

function loader (concerns: Concern[]): Loader {
  const schema = Type.Object(Object.assign({}, ...concerns.map((c) => c.env)) as TProperties)
  let validate: ValidateFunction | undefined
  return {
    concerns,
    properties: schema.properties as Record<string, Property>,
    owners: new Map(concerns.flatMap((c, i) => Object.keys(c.env).map((name) => [name, i] as const))),
    // Ajv is already loaded for Fastify's own validation; typebox/value would add to the start-up memory.
    // Compiled on first use and kept: about 40 ms, paid once per process rather than per load.
    // useDefaults: the variables not given get their schema's default as they are checked.
    validate: () => (validate ??= new Ajv({ strict: false, allErrors: true, useDefaults: true }).compile(schema))
  }
}

export const EnvSchema = Type.Object(Object.assign({}, ...Object.values(CONCERNS).map((c) => c.env)))
const loaders = new Map<string, Loader>()

/**
 * Reads and validates the configuration of the concerns `needs` names (every one by default:
 * `serve`) once; throws ConfigError with every problem found, one readable line each.
 */
export function loadConfig (source: Record<string, string | undefined>, opts: { needs?: readonly ConcernName[] } = {}): Config {
  const needed = new Set<ConcernName>(['runtime', ...(opts.needs ?? ALL)])
  const names = ALL.filter((name) => needed.has(name))
  const key = names.join(',')
  let found = loaders.get(key)
  if (!found) loaders.set(key, found = loader(names.map((name) => CONCERNS[name] as Concern)))
  const { concerns, properties, owners, validate } = found

  const problems: Array<{ order: number, line: string }> = []
  // The variables without their form: reported once each, and no concern reads them.
  const malformed = new Set<string>()
  const refuse = (name: string, order: number, err: ConfigError) => {
    malformed.add(name)
    for (const line of err.problems) problems.push({ order, line })
  }
  // The values given (not empty); validation adds the defaults of the others.
  const env: Record<string, string> = {}
  const given = (name: string, order: number) => {
    try {
      const value = fromFile(source, name) ?? source[name]
      if (value) env[name] = value.trim()
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err
      refuse(name, order, err)
    }
  }

  for (const name of Object.keys(properties)) given(name, owners.get(name)!)
  concerns.forEach((concern, order) => {
    if (!concern.dynamic) return
    const names = Object.keys(source).map((name) => name.replace(/_FILE$/, '')).filter((name) => concern.dynamic!.test(name))
    for (const name of new Set(names)) given(name, order)
  })
  const check = validate()
  for (const error of check(env) ? [] : check.errors ?? []) {
    const name = error.instancePath.replace(/^\//, '') || String(error.params.missingProperty ?? '')
    // A value outside a union fails each of its members: one line per variable.
    if (malformed.has(name)) continue
    // URLs carry passwords and secrets are secrets: the message never repeats those values.
    const got = env[name] === undefined ? 'nothing' : /URL|SECRET|KEY/.test(name) ? 'another value' : JSON.stringify(env[name])
    refuse(name, owners.get(name) ?? 0, invalid(name, properties[name], got))
  }
  for (const [name, { min, max }] of Object.entries(properties)) {
    if (min === undefined || env[name] === undefined || malformed.has(name)) continue
    const n = Number(env[name])
    if (n < min || n > max!) refuse(name, owners.get(name)!, invalid(name, properties[name], `"${env[name]}"`))
  }

  const slices: object[] = []
  // NODE_ENV and DATA_DIR decide every concern's reading: without them nothing more can be said.
  if (!malformed.has('NODE_ENV') && !malformed.has('DATA_DIR')) {
    const base = readBase(env)
    concerns.forEach((concern, order) => {
      if (Object.keys(concern.env).some((name) => malformed.has(name))) return
      // What the concern reads: its own variables and others' (keys reads the algorithm, metrics PORT).
      const read = new Set<string>()
      const tracked = new Proxy(env, { get: (target, name) => (typeof name === 'string' && read.add(name), target[name as string]) })
      const readMalformed = () => [...read].some((name) => malformed.has(name))
      // Each concern reads the variables it declared; the cast forgets which ones, not their validity.
      const readSlice = concern.read as (env: Env, base: Base) => object
      try {
        const slice = readSlice(tracked, base)
        if (!readMalformed()) slices.push(slice)
      } catch (err) {
        // A refusal (or a failure) that follows from another concern's malformed variable says nothing more.
        if (readMalformed()) return
        if (!(err instanceof ConfigError)) throw err
        for (const line of err.problems) problems.push({ order, line })
      }
    })
  }
  if (problems.length) throw new ConfigError(problems.sort((a, b) => a.order - b.order).map((p) => p.line))
  // The slices of the concerns left out are absent: nothing the command runs reads them.
  return Object.freeze(Object.assign({}, ...slices)) as Config
}
