import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify'
import type { ErrorObject } from 'ajv'
import { isPlainObject } from './objects.js'
import { DEFAULT_LOCALE } from './i18n.js'
import { isSecretName, redactUrl } from './logging.js'
import { isDatabaseUnavailable } from './db.js'
import { ErrorSchema } from '../../schemas/common.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The action's own error codes (the `error` of the body: `USER.NOT_FOUND`), or a code with
     * the condition it depends on, documented with the route in openapi.json; the generic ones
     * (arguments, authentication, rate limit, 5xx) are added there from the route's declaration.
     */
    errors?: ReadonlyArray<string | { error: string, when: string }>
  }
  interface FastifyInstance {
    frameworkError: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply
  }
}

export interface ErrorDef { error: string, status: number, keys: string[] }

declare const defined: unique symbol
/**
 * A code with its definition, as `defineErrors` returns it. A domain throws its errors with
 * these values, so code that throws one has imported (and so registered) its catalog: a code
 * cannot be used while its definition is missing.
 */
export interface ErrorEntry<Code extends string = string> {
  readonly code: Code
  readonly def: ErrorDef
  readonly [defined]: true
}

/** `NAMESPACE[code_in_lower_case]`, the key of a message in locales/<lang>.json. */
export const messageKey = (namespace: string, code: string) => `${namespace}[${code.toLowerCase()}]`

/** Every code defined so far: a code means one thing in every body and log line. */
const DEFINED = new Set<string>()
/** The definitions by the `error` of the body, for the document. */
const BY_ERROR = new Map<string, ErrorDef>()

/** The definition of an `error` code as bodies carry it (`USER.NOT_FOUND`), if one is defined. */
export const errorDefinition = (error: string): ErrorDef | undefined => BY_ERROR.get(error)

/** Adds codes to the catalog and returns their entries (for `new AppError(entry)`). */
export function defineErrors<const Defs extends Record<string, ErrorDef>> (defs: Defs): { readonly [C in keyof Defs & string]: ErrorEntry<C> } {
  const entries: Record<string, { code: string, def: ErrorDef }> = {}
  for (const [code, def] of Object.entries(defs)) {
    if (DEFINED.has(code)) throw new Error(`error code ${code} is defined twice`)
    DEFINED.add(code)
    BY_ERROR.set(def.error, def)
    entries[code] = { code, def }
  }
  return entries as unknown as { readonly [C in keyof Defs & string]: ErrorEntry<C> }
}

/** A domain's code under its namespace: `ORG` and `NOT_FOUND` is `ORG.NOT_FOUND` in bodies, `ORG[not_found]` in the messages. */
export const domainError = (namespace: string, code: string, status: number): ErrorDef =>
  ({ error: `${namespace}.${code}`, status, keys: [messageKey(namespace, code)] })

/** A domain's codes, written once by name and status: `defineDomainErrors('ORG', { NOT_FOUND: 404 })` defines `ORG_NOT_FOUND`. */
export function defineDomainErrors<const NS extends string, const S extends Record<string, number>> (namespace: NS, statuses: S) {
  return defineErrors(Object.fromEntries(Object.entries(statuses).map(([code, status]) => [`${namespace}_${code}`, domainError(namespace, code, status)]))) as
    unknown as { readonly [K in keyof S & string as `${NS}_${K}`]: ErrorEntry<`${NS}_${K}`> }
}

const core = (status: number, code: string, ...alternates: string[]): ErrorDef =>
  ({ error: code, status, keys: [code, ...alternates].map((k) => messageKey('GLOBAL', k)) })

/** The core's own codes, defined with AppError itself: these may be given by name. */
const CORE_ERRORS = defineErrors({
  BAD_REQUEST_INVALID_ARGUMENTS: core(400, 'BAD_REQUEST_INVALID_ARGUMENTS', 'BAD_REQUEST_INVALID_JSON', 'BAD_REQUEST_INVALID_URL'),
  UNAUTHORIZED: core(401, 'UNAUTHORIZED'),
  FORBIDDEN: core(403, 'FORBIDDEN'),
  NOT_FOUND: core(404, 'NOT_FOUND'),
  PAYLOAD_TOO_LARGE: core(413, 'PAYLOAD_TOO_LARGE'),
  UNSUPPORTED_MEDIA_TYPE: core(415, 'UNSUPPORTED_MEDIA_TYPE'),
  REQUEST_TIMEOUT: core(408, 'REQUEST_TIMEOUT'),
  UPGRADE_REQUIRED: core(426, 'UPGRADE_REQUIRED'),
  TOO_MANY_REQUESTS: core(429, 'TOO_MANY_REQUESTS'),
  INTERNAL_SERVER_ERROR: core(500, 'INTERNAL_SERVER_ERROR'),
  SERVICE_UNAVAILABLE: core(503, 'SERVICE_UNAVAILABLE')
})
export type CoreErrorCode = keyof typeof CORE_ERRORS

function entryOf (code: CoreErrorCode | ErrorEntry): ErrorEntry {
  if (typeof code !== 'string') return code
  // Only a cast or plain JavaScript gets here with another string.
  if (!Object.hasOwn(CORE_ERRORS, code)) throw new Error(`unknown error code ${code}`)
  return CORE_ERRORS[code]
}

type Params = Record<string, string | number>
/** What is wrong with one argument: a text, or a catalog key translated into the response's language. */
export type FieldError = { name: string, message: string } | { name: string, key: string, params?: Params }

export interface AppErrorOptions {
  /** A custom message, used instead of a translated key. */
  message?: string
  /** Which of the code's message keys to use (0 is the default). */
  keyIndex?: number
  status?: number
  params?: Record<string, string | number>
  fields?: FieldError[]
  /** More top-level keys for the body (for example the failing checks of /ready). */
  extra?: Record<string, unknown>
  /** Response headers that go with the error (`Retry-After` of a 429). */
  headers?: Record<string, string | number>
}

/** A typed, expected error: the handler turns it into the flat body of its code. */
export class AppError extends Error {
  readonly code: string
  readonly def: ErrorDef
  readonly statusCode: number
  /** A core code by name, or a domain's entry from its `defineErrors`. */
  constructor (code: CoreErrorCode | ErrorEntry, readonly options: AppErrorOptions = {}) {
    const entry = entryOf(code)
    super(options.message ?? entry.def.error)
    this.name = 'AppError'
    this.code = entry.code
    this.def = entry.def
    this.statusCode = options.status ?? entry.def.status
  }
}

export type ErrorTracker = (error: Error, context: Record<string, unknown>) => void

/** The request's arguments (query and body; merged already when validation ran), secrets masked. */
function maskedArgs (request: FastifyRequest): Record<string, unknown> {
  const args = { ...(isPlainObject(request.query) ? request.query : {}), ...(isPlainObject(request.body) ? request.body : {}) }
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, isSecretName(k) ? '********' : v]))
}

type Translate = (key: string, params?: Params) => string
/** ajv-i18n's translator of Ajv's messages into one language (it rewrites `message` in place). */
type Localize = (errors: ErrorObject[]) => void

/**
 * One entry of `fields`: Ajv's message in the request's language, except for patterns, whose
 * message would show the regular expression, and enums, whose message would not say the values.
 */
function fieldMessage (v: FastifySchemaValidationError, t: Translate, localize?: Localize): string {
  if (v.keyword === 'pattern') return t('GLOBAL[invalid_format]')
  if (v.keyword === 'enum') return t('GLOBAL[not_one_of]', { values: ((v.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ') })
  const localized = { ...v } as ErrorObject
  localize?.([localized])
  return localized.message ?? v.message ?? 'is invalid'
}

/** Maps what Fastify and its plugins throw onto our codes. */
function fromFramework (err: FastifyError, t: Translate, localize?: Localize): AppError | null {
  if (err.validation) {
    const fields = err.validation.map((v) => ({
      name: (v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (v.params as { missingProperty?: string })?.missingProperty) ?? '',
      message: fieldMessage(v, t, localize)
    }))
    const names = [...new Set(fields.map((f) => f.name || 'arguments'))]
    // The message names every failing argument (translated); `fields` says what is wrong with each.
    return new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { fields, params: { names: names.join(', ') } })
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { keyIndex: 1 })
    // A path that does not decode (`/v1/%zz`): the router's own answer, handed over by app.ts.
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { keyIndex: 2, status: err.statusCode })
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE')
  }
  return null
}

export interface ErrorsOptions {
  onError?: ErrorTracker
  /** Who made the request, for the 500 context (`loggedOut` when null). */
  caller?: (request: FastifyRequest) => { type: string, id: string } | null
}

export default fp<ErrorsOptions>(async (app, opts) => {
  const { config } = app
  // Only the languages we have catalogs for: all of ajv-i18n would add about 5 MB at start.
  const localizers = new Map<string, Localize>()
  for (const locale of app.i18n.locales.filter((l) => l !== DEFAULT_LOCALE)) {
    const module = await import(`ajv-i18n/localize/${locale}/index.js`).catch(() => null)
    if (module) localizers.set(locale, module.default as Localize)
  }

  function body (request: FastifyRequest, err: AppError, locale = request.locale) {
    const { def } = err
    const message = err.options.message ??
      app.i18n.translate(locale, def.keys[err.options.keyIndex ?? 0] ?? def.keys[0], err.options.params)
    const out: Record<string, unknown> = { status: err.statusCode, success: false, error: def.error, message }
    if (err.options.fields) {
      out.fields = err.options.fields.map((f) => 'key' in f ? { name: f.name, message: app.i18n.translate(locale, f.key, f.params) } : f)
    }
    if (err.options.extra) Object.assign(out, err.options.extra)
    if (err.statusCode >= 500) out.requestId = request.id
    return out
  }

  function internal (request: FastifyRequest, reply: FastifyReply, err: Error) {
    const account = opts.caller?.(request) ?? null
    const context = {
      requestId: request.id,
      method: request.method,
      url: redactUrl(request.url),
      operation: request.routeOptions.config?.operation,
      userType: account?.type ?? 'loggedOut',
      userId: account?.id ?? null,
      errorName: err.name,
      errorMessage: err.message
    }
    request.log.error({ ...context, err }, 'request failed')
    try {
      opts.onError?.(err, context)
    } catch (hookError) {
      request.log.error({ err: hookError }, 'error tracking hook failed')
    }
    const out: Record<string, unknown> = {
      status: 500,
      success: false,
      error: config.isProduction ? 'INTERNAL_SERVER_ERROR' : err.name,
      message: config.isProduction ? request.t('GLOBAL[internal_server_error]') : err.message,
      requestId: request.id
    }
    if (!config.isProduction) {
      Object.assign(out, {
        stack: err.stack,
        reqRoute: request.routeOptions.url ?? null,
        reqUserType: context.userType,
        reqUserId: context.userId,
        reqArgs: maskedArgs(request)
      })
    }
    return reply.code(500).send(out)
  }

  app.setErrorHandler((err: FastifyError, request, reply) => {
    // The security headers, for the 404s and for an error raised before the route's own hooks
    // ran (the 503 of a closing app); a route that set them already sets the same values.
    if (request.routeOptions.config?.securityHeaders !== false) reply.headers(app.securityHeaders)
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ requestId: request.id, code: err.code }, 'database unavailable')
      return reply.code(503).send(body(request, new AppError('SERVICE_UNAVAILABLE')))
    }
    const known = err instanceof AppError ? err : fromFramework(err, (key, params) => request.t(key, params), localizers.get(request.locale))
    if (known) {
      // 503 is expected (shutting down, a dependency down) and logged where it is decided.
      if (known.statusCode >= 500 && known.statusCode !== 503) request.log.error({ requestId: request.id, err }, known.message)
      if (known.options.headers) reply.headers(known.options.headers)
      return reply.code(known.statusCode).send(body(request, known))
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // A 4xx from a plugin we did not map: keep its status, give it the nearest code's shape.
      const code = Object.values(CORE_ERRORS).find((entry) => entry.def.status === status)?.code ?? 'BAD_REQUEST_INVALID_ARGUMENTS'
      return reply.code(status).send(body(request, new AppError(code, { status, message: err.message })))
    }
    return internal(request, reply, err)
  })

  // Every route declares the error body for 4xx and 5xx (serialized and documented by it), also
  // those whose schemas leave it out: the key set, the WebSocket upgrade, plugins' routes.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined
    if (response?.['4xx'] && response['5xx']) return
    route.schema = { ...route.schema, response: { '4xx': ErrorSchema, '5xx': ErrorSchema, ...response } }
  })

  // Through the error handler above, which also gives it the security headers.
  app.setNotFoundHandler((_request, reply) => {
    reply.send(new AppError('NOT_FOUND'))
  })

  // The router answers a path it cannot decode before any route, hook or request decorator
  // applies; app.ts hands it here (Fastify's frameworkErrors) for the same body and headers.
  app.decorate('frameworkError', (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const locale = app.i18n.fromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE
    const known = fromFramework(err, (key, params) => app.i18n.translate(locale, key, params), localizers.get(locale)) ?? new AppError('INTERNAL_SERVER_ERROR')
    if (known.statusCode >= 500) request.log.error({ requestId: request.id, err }, known.message)
    reply.headers(app.securityHeaders).header('x-request-id', request.id)
    return reply.code(known.statusCode).send(body(request, known, locale))
  })
}, { name: 'errors', dependencies: ['config', 'i18n', 'security-headers'] })
