import { createHmac } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider'
import { postgresAdapter } from './adapter.js'
import { secretMatches } from './clients.js'
import { OIDC_SCOPES } from './client-rules.js'
import { findAccount, loadExistingGrant } from './accounts.js'
import { providerClaims } from './claims.js'
import { interactionRoutes } from './interactions.js'
import { endLatchkeySession } from './logout.js'
import { deviceFlow } from './device.js'
import { resourceIndicators, type InvalidTarget } from './resources.js'
import { keepAppPermissions, organizationClaims } from './machine-scopes.js'
import { LATCHKEY_PERMISSIONS } from '../orgs/index.js'
import { OIDC_PATH } from '../core/config/oidc.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenID provider under /oidc (OIDC_PROVIDER_ENABLED); undefined when it is off. */
    oidcProvider?: Provider
  }
}


/**
 * oidc-provider's configuration, following RFC 9700: the code flow only (no implicit, no
 * password grant: oidc-provider has neither), PKCE with S256 for every client, exact redirect
 * URIs (oidc-provider compares them as strings), refresh tokens rotated on every use.
 */
export function providerConfiguration (app: FastifyInstance, errors: { InvalidTarget: InvalidTarget, InvalidRequest: new (description: string) => Error }): Configuration {
  const keys = app.config.oidcSigningKeys
  // The cookies' signing key, derived from the RSA private key: as secret as it, stable across restarts.
  const rsa = keys.find((k) => k.kty === 'RSA') as unknown as { d: string }
  const cookieKey = createHmac('sha256', rsa.d).update('latchkey oidc cookies').digest('base64url')
  // Permissions are known scopes for client_credentials; a user's grant never holds one (user-scopes.ts).
  const scopes = [...OIDC_SCOPES, ...LATCHKEY_PERMISSIONS]
  return {
    adapter: postgresAdapter(app.sql, new Set(scopes), (description) => new errors.InvalidRequest(description)) as unknown as Configuration['adapter'],
    jwks: { keys: keys as never },
    cookies: { keys: [cookieKey] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    rotateRefreshToken: () => true,
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'EdDSA'] },
    claims: providerClaims(),
    // The claims of the scopes granted are in the ID token too, not only from userinfo (oidc-provider's
    // default for the code flow): relying parties that read only the ID token get them.
    conformIdTokenClaims: false,
    acrValues: ['aal1', 'aal2'],
    scopes,
    // Secrets are compared as hashes (compareClientSecret below): no method that uses one as a key.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    extraClientMetadata: { properties: ['organization_id', 'latchkey_scopes'] },
    extraTokenClaims: (ctx, token) => organizationClaims(ctx.oidc.client?.metadata(), token),
    features: {
      devInteractions: { enabled: false },
      // A client learns about its own tokens only.
      introspection: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      revocation: { enabled: true },
      clientCredentials: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
      resourceIndicators: resourceIndicators(app, errors.InvalidTarget),
      deviceFlow
    },
    fetch: outgoingFetch(app.config.isProduction),
    interactions: { url: (_ctx, interaction) => `${OIDC_PATH}/interaction/${interaction.uid}` },
    findAccount: findAccount(app),
    loadExistingGrant: loadExistingGrant(app),
    // The provider's errors are its own protocol answers; 5xx are logged like the service's.
    renderError: (ctx, out) => {
      ctx.type = 'json'
      ctx.body = out
    }
  }
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/**
 * The provider's requests to clients (back-channel logout): oidc-provider refuses special-use
 * addresses (its SSRF protection). Outside production a loopback URI is let through, as
 * registration lets http://localhost through there: an application developed on the same machine.
 */
function outgoingFetch (production: boolean): NonNullable<Configuration['fetch']> {
  return async (url, options) => {
    if (production || !LOOPBACK.test(new URL(String(url)).hostname)) return await fetch(url, options)
    const { dispatcher: _protected, ...rest } = options as RequestInit & { dispatcher?: unknown }
    return await fetch(url, rest)
  }
}

/**
 * Latchkey as an OpenID provider (docs/oidc-provider.md): oidc-provider (a Koa app) answers
 * every request under /oidc. Its route takes the request before Fastify parses the body
 * (oidc-provider reads it itself) and hands the raw request and response over (`hijack`).
 */
export default fp(async (app) => {
  if (!app.config.oidcProviderEnabled) return
  // Loaded only when enabled: an installation without the provider keeps its memory and start-up time.
  const { default: Provider, errors } = await import('oidc-provider')
  const provider = new Provider(app.config.oidcIssuer, providerConfiguration(app, errors))
  // Behind TRUST_PROXY's proxies the request's protocol and host are the forwarded ones.
  provider.proxy = app.config.trustProxy !== false
  // A client's client_secret is the SHA-256 of its secret (plugins/oidc/clients.ts).
  provider.Client.prototype.compareClientSecret = async function (this: { clientSecret: string }, actual: string) {
    return secretMatches(this.clientSecret, actual)
  }
  keepAppPermissions(provider, () => (Provider as unknown as { ctx?: KoaContextWithOIDC }).ctx)
  provider.on('backchannel.error', (_ctx, err, client) => app.log.warn({ err, clientId: client.clientId }, 'oidc back-channel logout failed'))
  provider.on('server_error', (ctx, err) => app.log.error({ err, path: ctx.path }, 'oidc provider error'))
  // Koa answers a path it has no route for with a text 404: the provider's JSON error instead.
  provider.use(async (ctx, next) => {
    await next()
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404
      ctx.body = { error: 'invalid_request', error_description: 'unrecognized route or not allowed method' }
    }
  })
  provider.use(endLatchkeySession(app))
  const callback = provider.callback()
  app.decorate('oidcProvider', provider)
  await interactionRoutes(app, provider)

  const hand = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.hijack()
    app.handOver(request, reply)
    const req = request.raw as typeof request.raw & { originalUrl?: string }
    const url = req.url ?? '/'
    // oidc-provider reads its mount path from originalUrl minus url, as under Express.
    req.originalUrl = url
    req.url = url.slice(OIDC_PATH.length) || '/'
    reply.raw.setHeader('x-request-id', request.id)
    for (const [name, value] of Object.entries(app.securityHeaders)) reply.raw.setHeader(name, value)
    void Promise.resolve(callback(req, reply.raw)).catch((err: unknown) => {
      app.log.error({ err }, 'oidc provider failed')
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end()
    })
    done()
  }
  await app.register(async (scope) => {
    scope.decorate('routeOperation', 'OidcProvider')
    for (const url of [OIDC_PATH, `${OIDC_PATH}/*`]) {
      scope.route({
        method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT'],
        url,
        schema: { hide: true },
        config: { securityHeaders: false },
        onRequest: hand,
        handler: async () => undefined
      })
    }
  })
}, { name: 'oidc-provider', dependencies: ['config', 'db', 'security-headers', 'sessions', 'auth'] })
