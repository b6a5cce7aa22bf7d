import { isIP } from 'node:net'
import pino from 'pino'
import type { Config } from './config.js'

/** What the mode line lists when it is on: each a door a production operator opens on purpose. */
const SURFACES = [
  ['demo', 'demo /demo/', (c: Config) => c.demoEnabled],
  ['console', 'console /admin/', (c: Config) => c.adminConsoleEnabled],
  ['provider', 'OpenID provider /oidc', (c: Config) => c.oidcProviderEnabled],
  ['docs', 'docs /docs', (c: Config) => c.docsEnabled]
] as const

/**
 * The first log line of `start` and `start-dev` (docs/operations.md#logs): the mode, the address
 * the server binds, the data directory and what is on, so that a service started in the wrong
 * mode, open to the network or writing where nobody looks is seen at once. Only the configuration
 * is read: it is logged before the database starts (`latchkey started` follows, with the port).
 */
export function modeLine (config: Config) {
  const host = isIP(config.host) === 6 ? `[${config.host}]` : config.host
  const address = `http://${host}:${config.port}`
  const on = SURFACES.filter(([, , enabled]) => enabled(config))
  const mode = config.isProduction ? 'production mode' : `${config.env} mode, not for production (latchkey start is)`
  const what = on.length ? `on: ${on.map(([, label]) => label).join(', ')}` : 'no demo, console, OpenID provider or docs'
  return {
    fields: { mode: config.env, address, dataDir: config.dataDir, on: on.map(([name]) => name) },
    msg: `${mode}: ${address}, data directory ${config.dataDir}, ${what}`
  }
}

/** Logs the mode line, synchronously: nothing the start logs next (on other streams) can come first. */
export function announce (config: Config): void {
  const { fields, msg } = modeLine(config)
  pino({ level: config.logLevel }, pino.destination({ dest: 1, sync: true })).info(fields, msg)
}
