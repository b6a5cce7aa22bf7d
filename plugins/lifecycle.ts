import fp from 'fastify-plugin'
import { AppError } from './errors.js'

declare module 'fastify' {
  interface FastifyInstance { closing: boolean }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/

/** Echoes an incoming X-Request-ID only when it is safe to put in logs and headers. */
export function requestId (header: string | string[] | undefined, fresh: () => string): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : fresh()
}

/**
 * Request identity and shutdown behaviour. While the app closes, every request (probes too)
 * is answered 503 before any other work, with Connection: close so clients reconnect elsewhere.
 */
export default fp(async (app) => {
  app.decorate('closing', false)
  app.addHook('preClose', async () => {
    app.closing = true
  })
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    if (app.closing) {
      reply.header('connection', 'close')
      return done(new AppError('SERVICE_UNAVAILABLE'))
    }
    done()
  })
}, { name: 'lifecycle' })
