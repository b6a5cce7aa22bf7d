import { availableParallelism } from 'node:os'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../core/errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route hashes or verifies a password: bounded by PASSWORD_HASH_QUEUE. */
    hashesPassword?: boolean
  }
  interface FastifyInstance {
    /**
     * Requests of hashing routes running and waiting to run (at most PASSWORD_HASH_QUEUE wait),
     * and the hashes running in this process (at most HASHING_AT_ONCE).
     */
    passwordHashing: () => { running: number, waiting: number, hashing: number }
  }
}

// Hashes running at once: one per core, so that a flood keeps every core hashing (the login
// throughput of an unbounded service) while nothing more piles up behind them. One fewer (a core
// left to the event loop) was tried: on 2 cores it halved the logins a second.
export const HASHING_AT_ONCE = availableParallelism()
// Hashing routes running at once: two per hash, so that while one request of a pair does its
// statements (reading the account before its hash, opening the session after) the other hashes
// and no core waits for a round trip. One per hash held a core idle through them: logins at
// 0.61-0.66 of raw argon2id, against 0.70-0.82 with two (bench/README.md). The waiting ones touch neither
// the database pool nor the lockout's count. Lowering the pool threads' priority for good (nice 10)
// cost logins 8%: under a flood the hashes run on threads of their own at nice 19 (passwords.ts).
export const RUNNING_AT_ONCE = 2 * HASHING_AT_ONCE
// The longest a request waits for its turn: it is refused then, so none waits 2 s in all.
export const MAX_WAIT_MS = 1000

// The process's hashes (argon2 and bcrypt run on libuv's thread pool, which every app of the process shares).
let hashing = 0
const turns: Array<() => void> = []
// While hashing requests are being refused (a flood), one core is left to everything else.
export const HASHING_UNDER_FLOOD = Math.max(1, HASHING_AT_ONCE - 1)
const FLOOD_MS = 1000
let refusedAt = -Infinity

/** Whether hashing requests were refused within the last second. */
const underFlood = (): boolean => performance.now() - refusedAt < FLOOD_MS

/**
 * Hashes allowed at once now: HASHING_AT_ONCE, or HASHING_UNDER_FLOOD within a second of a
 * refusal. A flood's logins are refused anyway; with every core hashing for the few it admits,
 * the event loop and PostgreSQL waited behind the hashes (refresh p99 5 to 7 times its quiet
 * figure). A saturated service that refuses nothing keeps every core hashing.
 */
export const hashesAllowed = (): number => underFlood() ? HASHING_UNDER_FLOOD : HASHING_AT_ONCE

/**
 * Runs `hash` (a password hash or verification) in its turn: at most HASHING_AT_ONCE at once in
 * the process, the others in order. `hash` is told whether it runs under a flood (hashes are being
 * refused), when it should run at the lowest CPU priority (passwords.ts).
 */
export async function hashingTurn<T> (hash: (underFlood: boolean) => Promise<T>): Promise<T> {
  if (hashing < hashesAllowed() && !turns.length) hashing++
  else await new Promise<void>((go) => turns.push(go))
  try {
    return await hash(underFlood())
  } finally {
    // A waiting hash always has one running ahead of it, whose end lets it go.
    hashing--
    while (turns.length && hashing < hashesAllowed()) {
      hashing++
      turns.shift()!()
    }
  }
}

const kHashing = Symbol('hashing')
type Counted = FastifyRequest & { [kHashing]: boolean }

function refuse (reply: FastifyReply): AppError {
  refusedAt = performance.now()
  // The standard 503, told to come back in a second: by then the hashes ahead of it are done.
  reply.header('retry-after', '1')
  return new AppError('SERVICE_UNAVAILABLE')
}

/**
 * Admission of the password-hashing routes (overload, docs/behaviour.md#overload): argon2 runs on
 * libuv's thread pool, and a login flood would queue every hashing
 * request behind it (and the CPU with it) for as long as the flood lasts. The hashes run one per
 * core (hashingTurn; one fewer while it refuses); the routes marked `hashesPassword` run two per
 * hash at a time; at most PASSWORD_HASH_QUEUE more wait their turn, in order, and the next one is
 * answered 503 with Retry-After: 1 at once (so is one whose turn comes after 1 s), so every other
 * route keeps its latency.
 *
 * A request is admitted last, as the route's final preHandler: after its body has arrived and
 * been parsed and validated, after authentication and after the per-address limits (the global
 * one in onRequest, the route's own preHandler). Malformed input is 400 and a limited client 429,
 * never 503, and a client that trickles its body holds no place (it meets REQUEST_TIMEOUT instead).
 * @fastify/under-pressure's event-loop delay was tried for these routes and left out: the start
 * (and any long pause) lags the loop for a sample, and it refused the first logins after it.
 */
export default fp(async (app) => {
  const limit = app.config.passwordHashQueue
  let running = 0
  const waiting: Array<{ request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void, since: number }> = []
  app.decorate('passwordHashing', () => ({ running, waiting: waiting.length, hashing }))
  // What an operator watches during a flood (docs/operations.md#metrics), with the event loop's delay.
  const refusals = app.metrics?.counter({
    name: 'latchkey_password_hashing_refused_total',
    help: 'Hashing requests answered 503: at their headers (the line full), on arrival after their body, or late (their turn came after 1 s or their client had gone)',
    labelNames: ['at'] as const
  })
  app.metrics?.gauge({
    name: 'latchkey_password_hashing_waiting',
    help: 'Hashing requests waiting for their turn (at most PASSWORD_HASH_QUEUE)',
    collect () { this.set(waiting.length) }
  })
  const refused = (reply: FastifyReply, at: 'headers' | 'arrival' | 'late'): AppError => {
    refusals?.inc({ at })
    return refuse(reply)
  }
  app.decorateRequest(kHashing, false)

  function admit (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    if (running < RUNNING_AT_ONCE) {
      running++
    } else if (waiting.length < limit) {
      // The slot is handed over by the request that frees it (running stays the same).
      waiting.push({ request, reply, done, since: Date.now() })
      ;(request as Counted)[kHashing] = true
      return
    } else {
      return done(refused(reply, 'arrival'))
    }
    ;(request as Counted)[kHashing] = true
    done()
  }

  // Section 22 as amended: while the line is already full, a hashing request is answered at its
  // headers, before its body is read, parsed and validated and before the rate limit's lookup (a
  // Redis round trip with REDIS_URL). A flood's refusals then cost the event loop little more
  // than a 404 would. No place is taken, so a slow body still holds none.
  function refuseWhenFull (_request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    if (running >= RUNNING_AT_ONCE && waiting.length >= limit) return done(refused(reply, 'headers'))
    done()
  }

  // After the route's own preHandlers (its per-address limit): the last step before the handler.
  // The refusal at the headers goes first among the route's onRequest hooks.
  app.addHook('onRoute', (route) => {
    if (!route.config?.hashesPassword) return
    route.preHandler = [...[route.preHandler ?? []].flat(), admit]
    route.onRequest = [refuseWhenFull, ...[route.onRequest ?? []].flat()]
  })
  // onSend runs once the request has its answer, also when its client has gone (lifecycle.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if ((request as Counted)[kHashing]) {
      (request as Counted)[kHashing] = false
      const next = waiting.shift()
      if (!next) {
        running--
      } else {
        // Its admission goes on in a later turn, not inside this request's onSend. A client that
        // has gone while it waited (a flood's timeout), or one that waited too long, gets no
        // hash: its 503 hands the slot on.
        const late = next.request.socket?.destroyed || Date.now() - next.since > MAX_WAIT_MS
        setImmediate(() => late ? next.done(refused(next.reply, 'late')) : next.done())
      }
    }
    done(null, payload)
  })
}, { name: 'password-admission', dependencies: ['config', 'errors', 'metrics'] })
