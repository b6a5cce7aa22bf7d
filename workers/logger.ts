import { Logger } from 'graphile-worker'
import type { FastifyBaseLogger } from 'fastify'

/** graphile-worker's log lines, written through our pino logger. */
export function graphileLogger (log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fn = level === 'error' ? log.error : level === 'warning' ? log.warn : level === 'debug' ? log.debug : log.info
    fn.call(log, { ...scope, ...meta, component: 'worker' }, message)
  })
}
