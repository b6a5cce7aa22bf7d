import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import fp from 'fastify-plugin'
import { AppError } from './errors.js'
import { DEFAULT_LOCALE } from './i18n.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Node's clientError: a request that never reached the router (too slow, malformed), answered on its socket. */
    clientError: (err: NodeJS.ErrnoException, socket: Duplex) => void
  }
}

/**
 * What Node's parser refuses before any request exists: a request whose headers and body did not
 * all arrive within REQUEST_TIMEOUT (408 REQUEST_TIMEOUT), headers too large (431), bytes that are
 * not HTTP (400). Answered in the standard body with the security headers (in English: there is
 * no request, so no Accept-Language), then the connection is closed, as Node does. app.ts hands
 * Fastify's clientErrorHandler here.
 */
export default fp(async (app) => {
  const after = `${app.config.requestTimeoutMs / 1000} s`
  app.decorate('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return
    const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    const status = timeout ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
    const known = timeout
      ? new AppError('REQUEST_TIMEOUT', { params: { after } })
      : new AppError('BAD_REQUEST_INVALID_ARGUMENTS', { status, message: STATUS_CODES[status] })
    app.log.debug({ code: err.code }, 'client error')
    if (socket.writable) {
      const message = known.options.message ?? app.i18n.translate(DEFAULT_LOCALE, known.def.keys[0], known.options.params)
      const payload = JSON.stringify({ status, success: false, error: known.def.error, message })
      const headers = { ...app.securityHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload), connection: 'close' }
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`)
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${payload}`)
    }
    socket.destroy()
  })
}, { name: 'client-errors', dependencies: ['config', 'i18n', 'security-headers'] })
