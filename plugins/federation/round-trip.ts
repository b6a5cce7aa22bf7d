/**
 * The browser's round trip through a provider: the state cookie it leaves with and must bring
 * back, and the callback URL the provider sends it back to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { CookieSerializeOptions } from '@fastify/cookie'
import { STATE_TTL } from './flow.js'

/** The cookie that binds a provider sign-in to the browser that started it (its state). */
export const STATE_COOKIE = 'latchkey-oauth-state'

/** Lax, not Strict: the provider's redirect back is a cross-site navigation that must carry it. */
export function stateCookieOptions (app: FastifyInstance): CookieSerializeOptions {
  return { httpOnly: true, secure: app.config.isProduction, sameSite: 'lax', path: '/v1/users/oauth/', maxAge: STATE_TTL }
}

/**
 * The callback URL given to the provider (it must be registered there): this service's address
 * as the request names it (behind a proxy, with TRUST_PROXY, as X-Forwarded-Proto and -Host do).
 */
export function callbackUrl (request: FastifyRequest, provider: string): string {
  return `${request.protocol}://${request.host}/v1/users/oauth/${provider}/callback`
}
