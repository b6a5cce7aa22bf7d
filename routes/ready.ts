import type { FastifyPluginAsync } from 'fastify'
import { Type } from '@sinclair/typebox'
import { Success } from '../schemas/common.js'
import { defineAction } from '../plugins/core/action.js'
import { AppError } from '../plugins/core/errors.js'

// Within the second a balancer's probe allows, even when a dependency hangs.
const CHECK_TIMEOUT_MS = 800

function withTimeout<T> (promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Readiness: the database answers, when configured Redis answers a ping, and a rooms broker with a
 * connection of its own (NATS) has it up.
 */
const ready: FastifyPluginAsync = async (app) => {
  const { sql, redis } = app
  defineAction(app, {
    method: ['GET'],
    url: '/ready',
    operation: 'Ready',
    rateLimit: false,
    securityHeaders: false,
    summary: 'Readiness: the database, Redis and the NATS broker answer',
    responses: {
      200: Success(200, { checks: Type.Object({ database: Type.String(), cache: Type.String(), broker: Type.Optional(Type.String()) }) })
    },
    handler: async (request) => {
      const [database, cache] = await Promise.all([
        withTimeout(sql`select 1`).then(() => 'ok', () => 'failed'),
        redis ? withTimeout(redis.ping()).then(() => 'ok', () => 'failed') : 'disabled'
      ])
      const broker = app.hasDecorator('rooms') ? app.rooms.broker : undefined
      const checks = { database, cache, ...(broker?.up ? { broker: broker.up() ? 'ok' : 'failed' } : {}) }
      const failing = Object.entries(checks).filter(([, v]) => v === 'failed').map(([k]) => k)
      if (failing.length) {
        request.log.warn({ checks }, 'not ready')
        throw new AppError('SERVICE_UNAVAILABLE', { message: `Not ready: ${failing.join(', ')} failed`, extra: { checks } })
      }
      return { status: 200 as const, success: true as const, checks }
    }
  })
}
export default ready
