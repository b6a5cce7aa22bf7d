import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { ACCOUNT_TYPES, clientOf, type Account, type AccountTypeName } from './registry.js'
import { AppError } from '../core/errors.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The account type a route requires (`Authorization: jwt-<type> <token>`). */
    auth?: AccountTypeName
  }
  interface FastifyRequest {
    /** The authenticated caller on routes that declare `auth`; null elsewhere. */
    account: Account | null
  }
}

/**
 * Access is declared on the route: `config: { auth: 'user' }`. Only those routes read the
 * Authorization header; public routes ignore it entirely, so a stale access token sent along
 * with a refresh cannot break the refresh.
 */
export default fp(async (app) => {
  const { sessions } = app
  app.decorateRequest('account', null)

  function authenticator (type: AccountTypeName): onRequestHookHandler {
    const kind = ACCOUNT_TYPES[type]
    const prefix = `${kind.scheme} `
    // RFC 6750 section 3: the scheme the route accepts, and whether a presented token was refused.
    const challenge = kind.scheme
    const refused = `${kind.scheme} error="invalid_token"`
    return async function authenticate (request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers.authorization
      const token = typeof header === 'string' && header.startsWith(prefix) ? header.slice(prefix.length).trim() : ''
      if (!token) {
        reply.header('www-authenticate', challenge)
        throw new AppError('UNAUTHORIZED')
      }
      const account = await sessions.authenticate(kind, token, clientOf(request.headers['x-client']))
      if (!account) {
        reply.header('www-authenticate', refused)
        throw new AppError('UNAUTHORIZED')
      }
      request.account = account
    }
  }

  app.addHook('onRoute', (route) => {
    const type = route.config?.auth
    if (!type) return
    if (!(type in ACCOUNT_TYPES)) throw new Error(`route ${route.url}: unknown account type ${type}`)
    route.onRequest = [...[route.onRequest ?? []].flat(), authenticator(type)]
  })
}, { name: 'auth', dependencies: ['sessions'] })
