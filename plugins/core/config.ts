import fp from 'fastify-plugin'
import type { Config } from './config/load.js'

export { loadConfig, EnvSchema, type Config } from './config/load.js'
export { ConfigError, type Env } from './config/concern.js'
export { parseDuration } from './config/forms.js'
export { DEFAULT_DB_POOL_SIZE } from './config/database.js'

declare module 'fastify' {
  interface FastifyInstance { config: Config }
}

/** `app.config`: the configuration loadConfig read (plugins/core/config/load.ts), once per app. */
export default fp<{ config: Config }>(async (app, opts) => {
  app.decorate('config', opts.config)
}, { name: 'config' })
