import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'

export function isPlainObject (value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * Merged request arguments. A route declares its arguments as its `querystring` schema (Fastify
 * refuses body schemas on GET, and every route takes any method); before validation the body is
 * merged over the query string, so that one schema validates, coerces and fills defaults for
 * the whole set, and handlers read `request.query`. `lang` only picks the language.
 */
export function mergeArgs (request: FastifyRequest, _reply: unknown, done: () => void) {
  // The language may come from `lang`, which is about to leave the arguments: settle it first.
  void request.locale
  const merged: Record<string, unknown> = { ...(request.query as Record<string, unknown>) }
  if (isPlainObject(request.body)) Object.assign(merged, request.body)
  delete merged.lang
  request.query = merged
  done()
}

export default fp(async (app) => {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.querystring) return
    route.preValidation = [mergeArgs, ...[route.preValidation ?? []].flat()]
  })
}, { name: 'args' })
