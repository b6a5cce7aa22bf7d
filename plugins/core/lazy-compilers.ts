import AjvCompiler from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
/** What Fastify hands a compiler for one route's part (body, querystring, a response's status). */
type RouteSchema = Record<string, unknown>
type Validate = ((data: unknown) => unknown) & { errors?: unknown }
type Build<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F

/** A route's function compiled at its first call; a validator's `errors`, which Fastify reads after a failed call, from the compiled one. */
function atFirstCall<F extends (data: unknown) => unknown> (build: Build<F>): Build<F> {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options)
    return (route) => {
      let compiled: F | undefined
      const lazy = (data: unknown) => (compiled ??= compile(route))(data)
      return Object.defineProperty(lazy, 'errors', { get: () => (compiled as Validate | undefined)?.errors }) as unknown as F
    }
  }
}

/**
 * Fastify's own compilers (ajv for the requests, fast-json-stringify for the responses), each
 * route's functions compiled at its first use instead of at start: an idle instance does not
 * hold the validators and serializers of the routes nobody calls (about 20 MB of the idle RSS).
 * test/app.test.ts builds the app with Fastify's eager compilers, which compile every schema.
 */
export function lazyCompilers (): CompilersFactory {
  // Fastify's types give the factories ajv's signatures, not the per-route ones Fastify calls.
  return {
    buildValidator: atFirstCall(AjvCompiler() as unknown as Build<Validate>),
    buildSerializer: atFirstCall(SerializerSelector() as unknown as Build<(data: unknown) => string>)
  } as unknown as CompilersFactory
}
