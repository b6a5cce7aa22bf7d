/**
 * The configuration, one module per concern, assembled here into one validated Config.
 *
 * To add a concern: write `<concern>.ts` with defineConcern (its variables with their
 * descriptions, their defaults, its slice of Config and its refusals) and add it to CONCERNS.
 * Config, EnvSchema and the defaults follow from the list. Refusals are checked in its order
 * (the first one stops the start), after every variable has been checked against its form.
 */
import { Type } from '@sinclair/typebox'
import { Ajv, type ValidateFunction } from 'ajv'
import { invalid, type Base, type Env } from './concern.js'
import { fromFile } from './files.js'
import { runtime, readBase } from './runtime.js'
import { tokens } from './tokens.js'
import { keys } from './keys.js'
import { metrics } from './metrics.js'
import { accounts } from './accounts.js'
import { mail } from './mail.js'
import { server } from './server.js'
import { database } from './database.js'
import { redis } from './redis.js'
import { rateLimits } from './rate-limits.js'
import { sockets } from './sockets.js'
import { workers } from './workers.js'

export const CONCERNS = [
  runtime, tokens, keys, metrics, accounts, mail, server, database, redis, rateLimits, sockets, workers
] as const

type Slices = ReturnType<(typeof CONCERNS)[number]['read']>
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never

/** Every concern's slice in one object: the type of `app.config`. */
export type Config = Intersection<Slices>

export const EnvSchema = Type.Object(Object.assign({}, ...CONCERNS.map((c) => c.env)))
const DEFAULTS: Record<string, string> = Object.assign({}, ...CONCERNS.map((c) => c.defaults))
const PROPERTIES = EnvSchema.properties as Record<string, { description?: string, min?: number, max?: number }>
// Compiled on first use and kept: about 40 ms, paid once per process rather than per load.
let validator: ValidateFunction | undefined

/** Reads and validates the whole configuration once; throws ConfigError with one readable line. */
export function loadConfig (source: Record<string, string | undefined>): Config {
  const env: Record<string, string> = { ...DEFAULTS }
  for (const name of Object.keys(PROPERTIES)) {
    const value = fromFile(source, name) ?? source[name]
    if (value) env[name] = value.trim()
  }
  // Ajv is already loaded for Fastify's own validation; typebox/value would add to the start-up memory.
  const validate = validator ??= new Ajv({ strict: false }).compile(EnvSchema)
  const error = validate(env) ? undefined : validate.errors?.[0]
  if (error) {
    const name = error.instancePath.replace(/^\//, '') || String(error.params.missingProperty ?? '')
    // URLs carry passwords and secrets are secrets: the message never repeats those values.
    const got = env[name] === undefined ? 'nothing' : /URL|SECRET|KEY/.test(name) ? 'another value' : JSON.stringify(env[name])
    throw invalid(name, PROPERTIES[name], got)
  }
  for (const [name, { min, max }] of Object.entries(PROPERTIES)) {
    if (min === undefined || env[name] === undefined) continue
    const n = Number(env[name])
    if (n < min || n > max!) throw invalid(name, PROPERTIES[name], `"${env[name]}"`)
  }

  const base = readBase(env)
  // Each concern reads the variables it declared; the cast forgets which ones, not their validity.
  const read = (concern: (typeof CONCERNS)[number]) => (concern.read as (env: Env, base: Base) => object)(env, base)
  return Object.assign({}, ...CONCERNS.map(read)) as Config
}
