import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ACCOUNT_TYPES } from './accounts.js'
import { isPlainObject } from './args.js'
import { DEFAULT_LOCALE } from './i18n.js'

interface ErrorDef { error: string, status: number, keys: string[] }

const key = (namespace: string, code: string) => `${namespace}[${code.toLowerCase()}]`
const global = (code: string, status: number, ...alternates: string[]): [string, ErrorDef] =>
  [code, { error: code, status, keys: [code, ...alternates].map((k) => key('GLOBAL', k)) }]

/** Errors every account type has, written once and prefixed per type (USER_, ADMIN_, ...). */
const ACCOUNT_ERRORS: Array<[string, number]> = [
  ['BAD_REQUEST_INVALID_LOGIN_CREDENTIALS', 400],
  ['BAD_REQUEST_ACCOUNT_INACTIVE', 400],
  ['BAD_REQUEST_ACCOUNT_DELETED', 400],
  ['BAD_REQUEST_ACCOUNT_DOES_NOT_EXIST', 400],
  ['BAD_REQUEST_USER_ALREADY_EXISTS', 400],
  ['UNAUTHORIZED_EMAIL_NOT_CONFIRMED', 401],
  ['UNAUTHORIZED_INVALID_REFRESH_TOKEN', 401]
]

/** The one table of error codes: code -> public `error` string, HTTP status, message keys. */
export const ERRORS: Record<string, ErrorDef> = Object.fromEntries([
  global('BAD_REQUEST_INVALID_ARGUMENTS', 400, 'BAD_REQUEST_INVALID_JSON', 'BAD_REQUEST_INVALID_URL'),
  global('UNAUTHORIZED', 401),
  global('FORBIDDEN', 403),
  global('NOT_FOUND', 404),
  global('PAYLOAD_TOO_LARGE', 413),
  global('UNSUPPORTED_MEDIA_TYPE', 415),
  global('UPGRADE_REQUIRED', 426),
  global('TOO_MANY_REQUESTS', 429),
  global('INTERNAL_SERVER_ERROR', 500),
  global('SERVICE_UNAVAILABLE', 503),
  ...Object.values(ACCOUNT_TYPES).flatMap(({ errorPrefix }) => ACCOUNT_ERRORS.map(([rest, status]): [string, ErrorDef] =>
    [`${errorPrefix}_${rest}`, { error: `${errorPrefix}.${rest}`, status, keys: [key(errorPrefix, rest)] }])),
  ['POST_NOT_FOUND', { error: 'POST.NOT_FOUND', status: 404, keys: [key('POST', 'NOT_FOUND')] }]
])

export type ErrorCode = keyof typeof ERRORS

export interface AppErrorOptions {
  /** A custom message, used instead of a translated key. */
  message?: string
  /** Which of the code's message keys to use (0 is the default). */
  keyIndex?: number
  status?: number
  params?: Record<string, string | number>
  fields?: Array<{ name: string, message: string }>
  /** More top-level keys for the body (for example the failing checks of /ready). */
  extra?: Record<string, unknown>
}

/** A typed, expected error: the handler turns it into the flat body of its code. */
export class AppError extends Error {
  readonly code: string
  readonly statusCode: number
  constructor (code: string, readonly options: AppErrorOptions = {}) {
    const def = ERRORS[code]
    if (!def) throw new Error(`unknown error code ${code}`)
    super(options.message ?? def.error)
    this.name = 'AppError'
    this.code = code
    this.statusCode = options.status ?? def.status
  }
}

export type ErrorTracker = (error: Error, context: Record<string, unknown>) => void

declare module 'fastify' {
  interface FastifyContextConfig { operation?: string, auth?: string }
  interface FastifyInstance {
    frameworkError: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply
  }
}

const MASKED_ARGS = new Set(['password', 'refreshToken', 'token'])

/** The request's arguments (query and body; merged already when validation ran), secrets masked. */
function maskedArgs (request: FastifyRequest): Record<string, unknown> {
  const args = { ...(isPlainObject(request.query) ? request.query : {}), ...(isPlainObject(request.body) ? request.body : {}) }
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, MASKED_ARGS.has(k) ? '********' : v]))
}

/** Maps what Fastify and its plugins throw onto our codes. */
function fromFramework (err: FastifyError): AppError | null {
  if (err.validation) {
    const fields = err.validation.map((v) => ({
      name: (v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (v.params as { missingProperty?: string })?.missingProperty) ?? '',
      message: v.message ?? 'is invalid'
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

export default fp<{ onError?: ErrorTracker }>(async (app, opts) => {
  const { config } = app

  function body (request: FastifyRequest, err: AppError, locale = request.locale) {
    const def = ERRORS[err.code]
    const message = err.options.message ??
      app.i18n.translate(locale, def.keys[err.options.keyIndex ?? 0] ?? def.keys[0], err.options.params)
    const out: Record<string, unknown> = { status: err.statusCode, success: false, error: def.error, message }
    if (err.options.fields) out.fields = err.options.fields
    if (err.options.extra) Object.assign(out, err.options.extra)
    if (err.statusCode >= 500) out.requestId = request.id
    return out
  }

  function internal (request: FastifyRequest, reply: FastifyReply, err: Error) {
    const account = request.account
    const context = {
      requestId: request.id,
      method: request.method,
      url: request.url,
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
    const known = err instanceof AppError ? err : fromFramework(err)
    if (known) {
      // 503 is expected (shutting down, a dependency down) and logged where it is decided.
      if (known.statusCode >= 500 && known.statusCode !== 503) request.log.error({ requestId: request.id, err }, known.message)
      return reply.code(known.statusCode).send(body(request, known))
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // A 4xx from a plugin we did not map: keep its status, give it the nearest code's shape.
      const code = Object.keys(ERRORS).find((c) => ERRORS[c].status === status && ERRORS[c].error === c) ??
        'BAD_REQUEST_INVALID_ARGUMENTS'
      return reply.code(status).send(body(request, new AppError(code, { status, message: err.message })))
    }
    return internal(request, reply, err)
  })

  // Through the error handler above, which also gives it the security headers.
  app.setNotFoundHandler((_request, reply) => {
    reply.send(new AppError('NOT_FOUND'))
  })

  // The router answers a path it cannot decode before any route, hook or request decorator
  // applies; app.ts hands it here (Fastify's frameworkErrors) for the same body and headers.
  app.decorate('frameworkError', (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = fromFramework(err) ?? new AppError('INTERNAL_SERVER_ERROR')
    if (known.statusCode >= 500) request.log.error({ requestId: request.id, err }, known.message)
    const locale = app.i18n.fromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE
    reply.headers(app.securityHeaders).header('x-request-id', request.id)
    return reply.code(known.statusCode).send(body(request, known, locale))
  })
}, { name: 'errors', dependencies: ['config', 'i18n', 'security-headers'] })
