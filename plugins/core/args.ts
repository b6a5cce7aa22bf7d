import fp from 'fastify-plugin'
import type { preValidationHookHandler } from 'fastify'
import { AppError } from './errors.js'
import { isPlainObject } from './objects.js'
import { nulGuard, type NulGuard } from './nul-guard.js'

/**
 * Merged request arguments. A route declares its arguments as its `querystring` schema (Fastify
 * refuses body schemas on GET, and every route takes any method); before validation the body is
 * merged over the query string, so that one schema validates, coerces and fills defaults for
 * the whole set, and handlers read `request.query`. `lang` only picks the language.
 * PostgreSQL text cannot hold U+0000, so a string containing it is refused here wherever the
 * schema types one (a redirect URI in a list, a nullable URI, a record's value: nul-guard.ts),
 * each named by its path; an argument the schema leaves untyped (a refresh token) is the route's to judge.
 */
export function argsMerger (guard: NulGuard | null): preValidationHookHandler {
  return function mergeArgs (request, _reply, done) {
    // The language may come from `lang`, which is about to leave the arguments: settle it first.
    void request.locale
    const merged: Record<string, unknown> = { ...(request.query as Record<string, unknown>) }
    if (isPlainObject(request.body)) Object.assign(merged, request.body)
    delete merged.lang
    request.query = merged
    const found = new Set<string>()
    guard?.(merged, '', found)
    if (found.size) {
      const bad = [...found]
      return done(new AppError('BAD_REQUEST_INVALID_ARGUMENTS', {
        params: { names: bad.join(', ') },
        fields: bad.map((name) => ({ name, message: request.t('GLOBAL[nul_character]') }))
      }))
    }
    done()
  }
}

/**
 * A route's own preValidation that refuses arguments its schema does not name (Ajv's default
 * drops them silently): for actions where a misspelt argument would quietly change the answer.
 * It runs after argsMerger (which onRoute puts first), so it sees body and query string merged.
 */
export function refuseUnknownArgs (schema: { properties: Record<string, unknown> }): preValidationHookHandler {
  const known = new Set(Object.keys(schema.properties))
  return function unknownArgs (request, _reply, done) {
    const unknown = Object.keys(request.query as Record<string, unknown>).filter((name) => !known.has(name))
    if (!unknown.length) return done()
    done(new AppError('BAD_REQUEST_INVALID_ARGUMENTS', {
      params: { names: unknown.join(', ') },
      fields: unknown.map((name) => ({ name, key: 'GLOBAL[unknown_argument]' }))
    }))
  }
}

export default fp(async (app) => {
  // Arguments are JSON or the query string: a text/plain body (a browser's fetch of a string)
  // is 415, not silently ignored.
  app.removeContentTypeParser('text/plain')
  app.addHook('onRoute', (route) => {
    if (!route.schema?.querystring) return
    route.preValidation = [argsMerger(nulGuard(route.schema.querystring)), ...[route.preValidation ?? []].flat()]
  })
}, { name: 'args', dependencies: ['i18n'] })
