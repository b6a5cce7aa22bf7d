import type { Static, TObject, TProperties } from '@sinclair/typebox'

/** A refused configuration: every problem found, one `Invalid configuration: ...` line each. */
export class ConfigError extends Error {
  name = 'ConfigError'
  readonly problems: string[]
  constructor (problems: string | string[]) {
    const lines = typeof problems === 'string' ? [problems] : problems
    super(lines.join('\n'))
    this.problems = lines
  }
}

/** The environment after defaults, `_FILE` reading and trimming, validated against every concern. */
export type Env = Readonly<Record<string, string | undefined>>

/** What every concern may read besides its own variables (from NODE_ENV and DATA_DIR). */
export interface Base {
  env: 'development' | 'production' | 'test'
  isProduction: boolean
  /** Where development and test keep what they generate (secrets, keys, the embedded database, mail). */
  dataDir: string
}

/** One concern's part of the environment and of Config. */
export interface Concern<P extends TProperties = TProperties, S = object> {
  /**
   * Its variables; a description completes the refusal `NAME must be <description>, got ...`.
   * Every variable that is not Optional has a `default`, as the environment would spell it.
   */
  env: P
  /**
   * Variables whose names depend on other values (OIDC_<N>_ISSUER for each provider N): every
   * variable of the environment that matches is passed to `read`, which validates them itself.
   */
  dynamic?: RegExp
  /**
   * Its slice of Config; throws ConfigError to refuse (with every problem it finds). It runs only
   * when every variable it reads has its form.
   */
  read: (env: Static<TObject<P>> & Env, base: Base) => S
}

/** Types a concern from its variables, so that `read` sees them with their literal types. */
export const defineConcern = <P extends TProperties, S>(concern: Concern<P, S>): Concern<P, S> => concern

/** `Invalid configuration: NAME must be <description>[, got <got>]`. */
export function invalid (name: string, schema: { description?: string } | undefined, got?: string): ConfigError {
  const must = `Invalid configuration: ${name} must be ${schema?.description ?? 'a valid value'}`
  return new ConfigError(got === undefined ? must : `${must}, got ${got}`)
}
