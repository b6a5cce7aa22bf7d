import fp from 'fastify-plugin'
import cookie from '@fastify/cookie'
import type { FastifyRequest } from 'fastify'

/** The request's cookies, parsed on first use. */
export function cookiesOf (request: FastifyRequest): Record<string, string | undefined> {
  const header = request.headers.cookie
  request.cookies ??= header ? request.server.parseCookie(header) : {}
  return request.cookies
}

/**
 * @fastify/cookie without its parsing hook: only the language and the refresh and logout
 * routes read cookies (through `cookiesOf`), and a global hook costs every request, the probes
 * included.
 * Setting cookies is unchanged (the plugin's onSend writer stays).
 */
export default fp(async (app) => {
  await app.register(cookie, { hook: false })
}, { name: 'cookies' })
