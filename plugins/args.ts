import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'

function isPlainObject (value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/**
 * Merged request arguments: for every route that declares a body schema, the query string and
 * the body are merged (the body wins) before validation, so one schema validates, coerces and
 * fills defaults for any HTTP method. `lang` only picks the language and is never an argument.
 */
export function mergeArgs (request: FastifyRequest, _reply: unknown, done: () => void) {
  const merged: Record<string, unknown> = { ...(request.query as Record<string, unknown>) }
  if (isPlainObject(request.body)) Object.assign(merged, request.body)
  delete merged.lang
  request.body = merged
  done()
}

export default fp(async (app) => {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return
    const existing = route.preValidation
    route.preValidation = existing ? [mergeArgs, ...[existing].flat()] : [mergeArgs]
  })
}, { name: 'args' })
