import type { FastifyInstance } from 'fastify'
import type { Configuration } from 'oidc-provider'
import { LATCHKEY_PERMISSIONS } from '../orgs/index.js'
import { permissionsOf } from './machine-scopes.js'

type ResourceIndicators = NonNullable<NonNullable<Configuration['features']>['resourceIndicators']>

/** What `invalid_target` says (oidc-provider's InvalidTarget, passed in: the library is imported only when the provider is on). */
export type InvalidTarget = new (description: string) => Error

/**
 * Resource indicators (RFC 8707): a client names the API its access token is for (`resource`),
 * one of OIDC_RESOURCE_SERVERS, and gets a JWT access token (RFC 9068: `typ` at+jwt, signed
 * RS256 with the provider's key, `aud` the resource) that the API verifies with the JWKS alone.
 * Its life is the service's own access tokens' (ACCESS_TOKEN_EXPIRES_IN): a JWT cannot be
 * revoked before it ends. Without `resource`, tokens stay opaque (userinfo, introspection).
 * The scopes such a token may carry: `email` for a user's (the code and device flows: a user grants
 * no permission, user-scopes.ts); for a client_credentials token `email`, Latchkey's permissions
 * and the client's own (its `app:<x>:<y>` ones, docs/organizations.md), as the opaque token has
 * them (machine-scopes.ts); an organization's client's token also carries `org`.
 */
export function resourceIndicators (app: FastifyInstance, InvalidTarget: InvalidTarget): ResourceIndicators {
  const known = new Set(app.config.oidcResourceServers)
  const machine = ['email', ...LATCHKEY_PERMISSIONS]
  return {
    enabled: true,
    getResourceServerInfo: (ctx, resource, client) => {
      if (!known.has(resource)) throw new InvalidTarget('the resource is not a registered resource server (OIDC_RESOURCE_SERVERS)')
      const scope = ctx.oidc.route === 'token' && ctx.oidc.params?.grant_type === 'client_credentials'
        ? [...new Set([...machine, ...permissionsOf(client.metadata())])].join(' ')
        : 'email'
      return { scope, audience: resource, accessTokenFormat: 'jwt', accessTokenTTL: app.config.accessTokenTtl, jwt: { sign: { alg: 'RS256' } } }
    }
  }
}
