import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AccountType } from './registry.js'
import { refreshCookieOptions } from './route-helpers.js'

/**
 * The handler of a sign-out, logout and logoutall alike: `end` revokes the sessions it ends, then
 * the refresh cookie is cleared (200).
 */
export function signOut (app: FastifyInstance, kind: AccountType, end: (request: FastifyRequest) => Promise<unknown>) {
  const cookie = refreshCookieOptions(app)
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await end(request)
    reply.clearCookie(kind.cookie, cookie)
    return { status: 200 as const, success: true as const }
  }
}
