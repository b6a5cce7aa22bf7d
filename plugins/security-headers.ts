import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { IncomingMessage, ServerResponse } from 'node:http'

declare module 'fastify' {
  interface FastifyContextConfig { securityHeaders?: boolean }
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
  // Probes opt out (`config: { securityHeaders: false }`): load balancers are not browsers, and
  // the bytes cost the probes' throughput.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) reply.headers(headers)
    done()
  })
}, { name: 'security-headers', dependencies: ['config'] })
