import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { onRequestHookHandler } from 'fastify'

declare module 'fastify' {
  interface FastifyContextConfig { securityHeaders?: boolean }
  interface FastifyInstance {
    /** The API security headers, for answers no route gives (errors.ts). */
    securityHeaders: Record<string, string>
  }
}

/**
 * helmet's headers, with API settings: only those that mean something for JSON responses.
 * They do not depend on the request, so helmet runs once at start and every response gets the
 * resulting set in one call; @fastify/helmet rebuilds helmet's middleware on every request,
 * which cost a measurable share of the probes' throughput.
 */
export function securityHeaders (options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (name: string, value: string) => { headers[name.toLowerCase()] = value },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()] }
  }
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {})
  return headers
}

export default fp(async (app) => {
  const headers = securityHeaders({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: app.config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false
  })
  app.decorate('securityHeaders', headers)
  const addHeaders: onRequestHookHandler = (_request, reply, done) => {
    reply.headers(headers)
    done()
  }
  // Route by route rather than in a global hook, so that the probes, which opt out
  // (`config: { securityHeaders: false }`: load balancers are not browsers), pay nothing for
  // them. First among the route's own hooks, so its 401s and 429s carry them as well; 404s,
  // undecodable paths and errors raised before these hooks get them in errors.ts.
  app.addHook('onRoute', (route) => {
    if (route.config?.securityHeaders === false) return
    route.onRequest = [addHeaders, ...[route.onRequest ?? []].flat()]
  })
}, { name: 'security-headers', dependencies: ['config'] })
