import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preValidationAsyncHookHandler } from 'fastify'
import { ACCOUNT_TYPES, clientOf, type Account, type AccountTypeName } from './registry.js'
import { AppError } from '../core/errors.js'
import { adminMfaRequired } from './errors.js'

/**
 * What an authenticated route needs of the caller's session besides its account type:
 * - `policy`: aal2 where the account type makes a second factor mandatory (admins with
 *   ADMIN_MFA_REQUIRED; users never), any session elsewhere;
 * - `aal1`: any session, even where a second factor is mandatory: what a session without one
 *   needs to see its account, sign out and enrol a factor to sign in with next time.
 * Rules that depend on the account's data (aal2 while it has a verified factor) are the
 * actions' own (plugins/factors/enrolment.ts).
 */
export type RouteAssurance = 'policy' | 'aal1'

/** Who may call a route, declared in its config and checked by this plugin alone. */
export interface RouteAccess {
  /** The account type a route requires (`Authorization: jwt-<type> <token>`). */
  auth?: AccountTypeName
  /** Required with `auth`: the session's assurance the route needs. */
  assurance?: RouteAssurance
  /**
   * Reserved for organizations (section 23): the permission a route will need within the
   * caller's organization. Nothing grants or checks one yet, so a route declaring one is
   * refused at start-up rather than served unchecked.
   */
  permission?: string
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    /** The authenticated caller on routes that declare `auth`; null elsewhere. */
    account: Account | null
  }
}

/** How openapi.json lists the refusal on the admin routes it concerns. */
const MFA_REQUIRED = { error: 'ADMIN.FORBIDDEN_MFA_REQUIRED', when: 'with ADMIN_MFA_REQUIRED=true, to an aal1 token' }

/**
 * Access is declared on the route: `config: { auth: 'user', assurance: 'policy' }`. Only those
 * routes read the Authorization header; public routes ignore it entirely, so a stale access
 * token sent along with a refresh cannot break the refresh.
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

  const refuseAal1: preValidationAsyncHookHandler = async (request) => {
    if (request.account?.aal !== 'aal2') throw adminMfaRequired()
  }

  app.addHook('onRoute', (route) => {
    const { auth: type, assurance, permission } = route.config ?? {}
    if (permission !== undefined) throw new Error(`route ${route.url}: permissions are not checked yet`)
    if (!type) {
      if (assurance) throw new Error(`route ${route.url}: an assurance without auth`)
      return
    }
    if (!(type in ACCOUNT_TYPES)) throw new Error(`route ${route.url}: unknown account type ${type}`)
    if (assurance !== 'policy' && assurance !== 'aal1') throw new Error(`route ${route.url}: auth without an assurance ('policy' or 'aal1')`)
    route.onRequest = [...[route.onRequest ?? []].flat(), authenticator(type)]
    if (type !== 'admin' || assurance === 'aal1') return
    // Admins' second factor: right after authentication, before the arguments are looked at.
    // The error is declared whatever the setting (the document is the same).
    route.config = { ...route.config, errors: [...route.config?.errors ?? [], MFA_REQUIRED] }
    if (app.config.adminMfaRequired) route.preValidation = [refuseAal1, ...[route.preValidation ?? []].flat()]
  })
}, { name: 'auth', dependencies: ['sessions'] })
