/* What ends a command, as one line on stderr and an exit status (commands.ts prints them). */
import { EmbeddedDatabaseError } from '../../db/embedded.js'
import { UsageError } from './cli-args.js'
import { ConfigError } from './config.js'
import { isDatabaseUnavailable } from './db.js'

const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'the address is already in use',
  EACCES: 'permission denied (a port below 1024 needs privileges)',
  EADDRNOTAVAIL: 'the address is not one of this machine\'s'
}

/**
 * The one line and exit code of what ended a command: 2 for a mistake in the command line or the
 * configuration, 1 for a failure; a stack trace only for what we did not foresee (a bug).
 */
export function failure (err: unknown): { line: string, code: number } {
  const e = err as { code?: unknown, syscall?: string, address?: string, port?: number, severity?: string, message?: string }
  if (err instanceof UsageError) return { line: `latchkey: ${err.message} (latchkey --help prints the usage)`, code: 2 }
  if (err instanceof ConfigError) return { line: err.message, code: 2 }
  if (err instanceof EmbeddedDatabaseError) return { line: err.message, code: 1 }
  if (isDatabaseUnavailable(err)) return { line: `cannot reach the database: ${e.message}`, code: 1 }
  // A PostgreSQL error (postgres.js or pg): a missing database, a refused login, a lacking privilege.
  if (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && e.severity) return { line: `the database refused: ${e.message}`, code: 1 }
  if (e?.syscall === 'listen' && typeof e.code === 'string' && LISTEN_ERRORS[e.code]) {
    return { line: `cannot listen on ${e.address}:${e.port}: ${LISTEN_ERRORS[e.code]}`, code: 1 }
  }
  return { line: err instanceof Error ? err.stack ?? err.message : String(err), code: 1 }
}
