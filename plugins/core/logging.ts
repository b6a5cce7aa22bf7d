import type { FastifyRequest } from 'fastify'
import { stdSerializers } from 'pino'

/**
 * Argument names whose values are secrets (passwords, refresh, access and one-time tokens,
 * second-factor and recovery codes, the codes of a provider's callback and of the exchange, and
 * the callback's state).
 */
const SECRET_NAME = /password|token|secret|code|^state$/i
export const REDACTED = '[redacted]'

export function isSecretName (name: string): boolean {
  return SECRET_NAME.test(name)
}

function decodeName (raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return raw
  }
}

/**
 * The URL with the value of every secret query argument replaced: arguments may come in the
 * query string of any method, and the URL is in every request's log line.
 */
export function redactUrl (url: string): string {
  const start = url.indexOf('?')
  if (start === -1) return url
  const args = url.slice(start + 1).split('&').map((arg) => {
    const eq = arg.indexOf('=')
    return eq !== -1 && isSecretName(decodeName(arg.slice(0, eq))) ? `${arg.slice(0, eq + 1)}${REDACTED}` : arg
  })
  return `${url.slice(0, start + 1)}${args.join('&')}`
}

/**
 * Text with every URL in it shown without its password (`postgres://app:[redacted]@db/x`) and
 * with its secret query arguments redacted: for messages printed where no logger redacts.
 */
export function redactUrls (text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, (url) =>
    redactUrl(url.replace(/^([^:]+:\/\/[^/?#@:]*):[^/?#]*@/, `$1:${REDACTED}@`)))
}

/** Fields that never reach a log line, whatever logs them. */
export const REDACT = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
  censor: REDACTED
}

export const serializers = {
  /** Fastify's request fields, with the URL redacted. */
  req (request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort
    }
  },
  /** pino's error fields without a driver's bound parameters (postgres.js: `parameters`, `args`). */
  err (err: Error) {
    const out = stdSerializers.err(err)
    delete out.parameters
    delete out.args
    return out
  }
}
