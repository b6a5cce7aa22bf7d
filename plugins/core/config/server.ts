import { isIP } from 'node:net'
import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern, invalid, type Env } from './concern.js'
import { Bool, Duration, Int, Size, list, parseDuration, parseSize } from './forms.js'

const TrustProxy = Type.String({
  pattern: '^(true|false|[0-9]+|[0-9a-fA-F.:/, ]+)$',
  default: 'false',
  description: 'false, a hop count (1), or comma-separated proxy addresses or CIDR ranges'
})
const PublicUrl = Type.String({ pattern: '^https?://[^?#]+$', description: 'the http(s):// address of this service, without query or fragment' })

/** PUBLIC_URL without its final slashes, or (unset) the service on this machine's PORT. */
export const publicUrlOf = (env: Env): string =>
  (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? '8000'}`).replace(/\/+$/, '')

export interface ServerConfig {
  port: number
  host: string
  /** Fastify's trustProxy: false, every hop (development only), a hop count, or proxy addresses/ranges. */
  trustProxy: boolean | number | string[]
  corsOrigins: string[]
  bodyLimit: number
  /** REQUEST_TIMEOUT: the time a request's headers and body have to arrive (ms; 0 turns it off). */
  requestTimeoutMs: number
  logLevel: string
  /** GET /openapi.json and the API reference at /docs (DOCS_ENABLED; unset: on outside production). */
  docsEnabled: boolean
  apiVersion: string
  /** The service's own external base URL (PUBLIC_URL): the OpenID provider's issuer, the hosted account pages. */
  publicUrl: string
}

/** The HTTP listener and what every request meets: proxies, CORS, body size, logs, the reference. */
export const server = defineConcern({
  env: {
    PORT: Int(0, 65535, '8000'),
    HOST: Type.String({ minLength: 1, default: '0.0.0.0', description: 'a host name or address' }),
    TRUST_PROXY: TrustProxy,
    CORS_ORIGINS: Type.String({ pattern: '^[^*]*$', default: '', description: 'comma-separated exact origins (* is refused)' }),
    BODY_LIMIT: Size('1mb'),
    REQUEST_TIMEOUT: Duration('10s'),
    LOG_LEVEL: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
      { default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' }),
    DOCS_ENABLED: Type.Optional(Bool()),
    API_VERSION: Type.String({ pattern: '^v[0-9]+$', default: 'v1', description: 'a version label like v1' }),
    PUBLIC_URL: Type.Optional(PublicUrl)
  },
  read: (env, { isProduction }): ServerConfig => ({
    port: Number(env.PORT),
    host: env.HOST,
    trustProxy: trustProxy(env.TRUST_PROXY, isProduction),
    corsOrigins: list(env.CORS_ORIGINS),
    bodyLimit: parseSize(env.BODY_LIMIT),
    requestTimeoutMs: parseDuration(env.REQUEST_TIMEOUT) * 1000,
    logLevel: env.LOG_LEVEL,
    docsEnabled: env.DOCS_ENABLED === undefined ? !isProduction : env.DOCS_ENABLED === 'true',
    apiVersion: env.API_VERSION,
    publicUrl: publicUrlOf(env)
  })
})

/**
 * TRUST_PROXY. `true` trusts every X-Forwarded-For hop, so any client picks the address the rate
 * limits count: refused in production, where the proxies are known.
 */
function trustProxy (value: string, isProduction: boolean): ServerConfig['trustProxy'] {
  if (value === 'false') return false
  if (value === 'true') {
    if (isProduction) {
      throw new ConfigError('Invalid configuration: TRUST_PROXY=true trusts any client\'s X-Forwarded-For in production; ' +
        'set the number of proxies in front of the service (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.7)')
    }
    return true
  }
  if (/^[0-9]+$/.test(value)) return Number(value)
  const proxies = list(value)
  for (const proxy of proxies) {
    const [address, bits, extra] = proxy.split('/')
    const family = isIP(address)
    const maxBits = family === 4 ? 32 : 128
    if (!family || extra !== undefined || (bits !== undefined && !(/^[0-9]+$/.test(bits) && Number(bits) <= maxBits))) {
      throw invalid('TRUST_PROXY', TrustProxy, JSON.stringify(proxy))
    }
  }
  return proxies
}
