import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify'
import { ACCOUNT_TYPES, clientOf, type Account, type AccountTypeName } from './registry.js'
import { AppError } from '../core/errors.js'
import { adminMfaRequired } from './errors.js'
import type { AuthenticateJoin } from './repository/owners.js'

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
   * With `auth: 'user'`: what the caller must be allowed in the organization the request names
   * (its `organizationId` argument): a permission (`members:invite`), or `true` for any member.
   * The domain that owns organizations decides (`app.routeAccess.permissions`, set before the
   * routes are registered); a route declaring one while nothing decides is refused at start-up.
   * A route with a permission string also accepts `Authorization: api-key <key>`.
   */
  permission?: string | true
  /**
   * `Authorization: api-key <key>` accepted too. With `permission: true`: any key of the
   * organization (what the organization is, not what to do in it). Without a permission, on a
   * route whose organization is not an argument (`/v1/rooms/publish`, where the room names it):
   * any valid key, and the route decides what the key may do there (`request.apiKey`).
   */
  apiKeys?: true
}

/** The machine caller of a request authenticated with an API key: it acts for one organization only. */
export interface KeyCaller {
  id: string
  organizationId: string
  permissions: string[]
}

/**
 * What the domain that owns organizations plugs in (accounts knows none of it): the API-key
 * scheme and the permission check, both run by this plugin on the routes declaring `permission`.
 */
export interface PermissionHooks {
  /** Verifies the key of `Authorization: api-key <key>` (and its rate limit): its caller, or null (401). */
  authenticateKey: (request: FastifyRequest, reply: FastifyReply, key: string) => Promise<KeyCaller | null>
  /** Refuses (throws) a caller not allowed `permission` in the request's organization; runs after validation. */
  check: (request: FastifyRequest, reply: FastifyReply, permission: string | true) => Promise<void>
  /** The codes `check` may answer, declared on every route with a permission (openapi.json). */
  errors: string[]
  /**
   * The caller's membership as a subquery of the owner's id and an organization's, read with the
   * owner when an org token calls a route with a permission (`account.member`): the check of the
   * token's own organization then costs no second round trip.
   */
  member: AuthenticateJoin
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    /** The authenticated caller on routes that declare `auth`; null elsewhere (and for an API key). */
    account: Account | null
    /** The API key that authenticated the request (routes with a permission); null elsewhere. */
    apiKey: KeyCaller | null
  }
  interface FastifyInstance {
    /** Where a domain plugs the permission check of the routes declaring `permission`. */
    routeAccess: { permissions: PermissionHooks | null }
  }
}

/** The scheme of API keys in the Authorization header. */
export const API_KEY_SCHEME = 'api-key'

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
  app.decorateRequest('apiKey', null)
  app.decorate('routeAccess', { permissions: null })
  const keyPrefix = `${API_KEY_SCHEME} `

  /** `keys`: the hooks when the route also accepts API keys; `member`: the subquery read with the owner on a route with a permission. */
  function authenticator (type: AccountTypeName, keys: PermissionHooks | null, member: AuthenticateJoin | undefined): onRequestHookHandler {
    const kind = ACCOUNT_TYPES[type]
    const prefix = `${kind.scheme} `
    // RFC 6750 section 3: the scheme(s) the route accepts, and whether a presented token was refused.
    const challenge = keys ? `${kind.scheme}, ${API_KEY_SCHEME}` : kind.scheme
    const refused = `${kind.scheme} error="invalid_token"`
    return async function authenticate (request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers.authorization
      if (keys && typeof header === 'string' && header.startsWith(keyPrefix)) {
        const caller = await keys.authenticateKey(request, reply, header.slice(keyPrefix.length).trim())
        if (!caller) {
          reply.header('www-authenticate', `${API_KEY_SCHEME} error="invalid_token"`)
          throw new AppError('UNAUTHORIZED')
        }
        request.apiKey = caller
        return
      }
      const token = typeof header === 'string' && header.startsWith(prefix) ? header.slice(prefix.length).trim() : ''
      if (!token) {
        reply.header('www-authenticate', challenge)
        throw new AppError('UNAUTHORIZED')
      }
      const account = await sessions.authenticate(kind, token, clientOf(request.headers['x-client']), member)
      if (!account) {
        reply.header('www-authenticate', refused)
        throw new AppError('UNAUTHORIZED')
      }
      request.account = account
    }
  }

  // A key has no session, hence no second factor: what it may do is its permissions.
  const refuseAal1: preValidationAsyncHookHandler = async (request) => {
    if (!request.apiKey && request.account?.aal !== 'aal2') throw adminMfaRequired()
  }

  app.addHook('onRoute', (route) => {
    const { auth: type, assurance, permission, apiKeys } = route.config ?? {}
    const hooks = app.routeAccess.permissions
    if (permission !== undefined) {
      if (type !== 'user') throw new Error(`route ${route.url}: a permission needs auth: 'user'`)
      if (!hooks) throw new Error(`route ${route.url}: a permission, and nothing checks permissions`)
    }
    if (!type) {
      if (assurance) throw new Error(`route ${route.url}: an assurance without auth`)
      return
    }
    if (!(type in ACCOUNT_TYPES)) throw new Error(`route ${route.url}: unknown account type ${type}`)
    if (assurance !== 'policy' && assurance !== 'aal1') throw new Error(`route ${route.url}: auth without an assurance ('policy' or 'aal1')`)
    if (apiKeys && permission !== true && permission !== undefined) throw new Error(`route ${route.url}: apiKeys goes with permission: true, or none`)
    if (apiKeys && !hooks) throw new Error(`route ${route.url}: API keys, and nothing checks them`)
    const keys = typeof permission === 'string' || apiKeys ? hooks : null
    const member = permission !== undefined ? hooks?.member : undefined
    route.onRequest = [...[route.onRequest ?? []].flat(), authenticator(type, keys, member)]
    if (permission !== undefined && hooks) {
      // After validation (the organization is an argument), before the route's own hooks.
      const check: preHandlerAsyncHookHandler = (request, reply) => hooks.check(request, reply, permission)
      route.preHandler = [check, ...[route.preHandler ?? []].flat()]
      route.config = { ...route.config, errors: [...route.config?.errors ?? [], ...hooks.errors] }
    }
    if (type !== 'admin' || assurance === 'aal1') return
    // Admins' second factor: right after authentication, before the arguments are looked at.
    // The error is declared whatever the setting (the document is the same).
    route.config = { ...route.config, errors: [...route.config?.errors ?? [], MFA_REQUIRED] }
    if (app.config.adminMfaRequired) route.preValidation = [refuseAal1, ...[route.preValidation ?? []].flat()]
  })
}, { name: 'auth', dependencies: ['sessions'] })
