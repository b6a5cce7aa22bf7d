import fp from 'fastify-plugin'
import underPressure from '@fastify/under-pressure'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from './errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route hashes or verifies a password: bounded by PASSWORD_HASH_QUEUE. */
    hashesPassword?: boolean
  }
  interface FastifyInstance {
    /** Requests of hashing routes in progress (at most PASSWORD_HASH_QUEUE). */
    passwordHashing: () => number
  }
}

// The event loop this late means the process is far behind: hashing routes are shed first.
const MAX_EVENT_LOOP_DELAY_MS = 1000
const kHashing = Symbol('hashing')
type Counted = FastifyRequest & { [kHashing]: boolean }

function refuse (reply: FastifyReply): AppError {
  // The standard 503, told to come back in a second: by then the hashes ahead of it are done.
  reply.header('retry-after', '1')
  return new AppError('SERVICE_UNAVAILABLE')
}

/**
 * Overload: argon2 runs on libuv's thread pool, and a login flood would queue every hashing
 * request behind it (and the CPU with it) for as long as the flood lasts. At most
 * PASSWORD_HASH_QUEUE requests of the routes marked `hashesPassword` are in progress; the next
 * one is answered 503 with Retry-After: 1 before its body is read, so every other route keeps its
 * latency. The same routes are refused while the event loop lags (@fastify/under-pressure).
 */
export default fp(async (app) => {
  const limit = app.config.passwordHashQueue
  let running = 0
  app.decorate('passwordHashing', () => running)
  app.decorateRequest(kHashing, false)

  await app.register(underPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    exposeStatusRoute: false,
    pressureHandler: async (request, reply) => {
      if (request.routeOptions.config?.hashesPassword) throw refuse(reply)
    }
  })

  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config?.hashesPassword) return done()
    if (running >= limit) return done(refuse(reply))
    running++
    ;(request as Counted)[kHashing] = true
    done()
  })
  // onSend runs once the request has its answer, also when its client has gone (lifecycle.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if ((request as Counted)[kHashing]) {
      (request as Counted)[kHashing] = false
      running--
    }
    done(null, payload)
  })
}, { name: 'overload', dependencies: ['config', 'errors'] })
