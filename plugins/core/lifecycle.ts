import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './errors.js'

declare module 'fastify' {
  interface FastifyInstance {
    closing: boolean
    /**
     * A request whose reply is hijacked to a handler of its own (the OpenID provider): it runs
     * until its raw response closes, and the close waits for it as for any other.
     */
    handOver: (request: FastifyRequest, reply: FastifyReply) => void
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/

/** Echoes an incoming X-Request-ID only when it is safe to put in logs and headers. */
export function requestId (header: string | string[] | undefined, fresh: () => string): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : fresh()
}

// The longest a close waits for running handlers; close-with-grace gives the whole close 15 s.
// Below avvio's bound for one close hook (Fastify's pluginTimeout, 10 s by default; app.ts sets
// more): past it a handler that never ended failed the whole close with AVV_ERR_READY_TIMEOUT
// instead of this warning.
const DRAIN_MS = 8_000
// Set on a request while it counts as running (a decorator, so every request has the same shape).
const kRunning = Symbol('running')

/**
 * Request identity and shutdown behaviour. While the app closes, every request (probes too)
 * is answered 503 before any other work, with Connection: close so clients reconnect elsewhere.
 * The close waits for the requests already running, including those whose client has hung up
 * (Fastify's own close does not), so that their queries finish before the pools close.
 */
export default fp(async (app) => {
  app.decorate('closing', false)
  app.decorateRequest(kRunning, false)
  let running = 0
  let drained: (() => void) | undefined
  app.addHook('preClose', async () => {
    app.closing = true
    if (running === 0) return
    let timer: NodeJS.Timeout | undefined
    await new Promise<void>((resolve) => {
      drained = resolve
      timer = setTimeout(() => {
        app.log.warn({ inFlight: running }, 'closing with requests still running')
        resolve()
      }, DRAIN_MS)
    })
    clearTimeout(timer)
  })
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    if (app.closing) {
      reply.header('connection', 'close')
      return done(new AppError('SERVICE_UNAVAILABLE'))
    }
    // A WebSocket upgrade is hijacked and never sends a reply; its sockets are closed apart.
    if (request.headers.upgrade === undefined) {
      (request as Counted)[kRunning] = true
      running++
    }
    done()
  })
  // onSend runs once the request has its answer (handler, error or 404), even when the client
  // has hung up in the meantime; hijacked replies are the upgrades left out above. It can run
  // twice for one request (an error in a later onSend hook sends the error), hence the flag.
  const ended = (request: FastifyRequest) => {
    if ((request as Counted)[kRunning]) {
      (request as Counted)[kRunning] = false
      if (--running === 0) drained?.()
    }
  }
  app.addHook('onSend', (request, reply, payload, done) => {
    ended(request)
    done(null, payload)
  })
  app.decorate('handOver', (request: FastifyRequest, reply: FastifyReply) => {
    reply.raw.once('close', () => ended(request))
  })
}, { name: 'lifecycle' })

type Counted = FastifyRequest & { [kRunning]: boolean }
