#!/usr/bin/env -S node --max-semi-space-size=4
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import { ConfigError, loadConfig, type Config } from './plugins/core/config.js'
import { resolveDatabase } from './db/embedded.js'
import { migrate } from './db/migrate.js'
import configPlugin from './plugins/core/config.js'
import db from './plugins/core/db.js'
import tokens from './plugins/accounts/tokens.js'
import sessions from './plugins/accounts/sessions.js'
import { ACCOUNT_TYPES } from './plugins/accounts/registry.js'
import { AppError } from './plugins/core/errors.js'

const USAGE = `usage: latchkey [serve]            API, WebSocket and in-process worker (default)
       latchkey worker             background jobs only
       latchkey migrate            apply database migrations
       latchkey user create --email E --password P [--admin]`

/**
 * The account services the API uses (database, migrations at start, session service), without
 * HTTP: the CLI creates accounts exactly as registration does.
 */
async function accountServices (config: Config) {
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config })
  await app.register(db)
  await app.register(tokens)
  await app.register(sessions)
  await app.ready()
  return app
}

async function main (argv: string[]): Promise<number> {
  const config = loadConfig(process.env)
  const [command = 'serve', ...rest] = argv
  switch (command) {
    case 'serve': {
      const { startServer } = await import('./server.js')
      await startServer({ config })
      return -1
    }
    case 'worker': {
      const { startWorker } = await import('./server.js')
      await startWorker({ config })
      return -1
    }
    case 'migrate': {
      const db = await resolveDatabase(config)
      try {
        await migrate(db.url)
        console.log('migrations applied')
      } finally {
        await db.stop()
      }
      return 0
    }
    case 'user': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { email: { type: 'string' }, password: { type: 'string' }, admin: { type: 'boolean', default: false } }
      })
      if (positionals[0] !== 'create' || !values.email || !values.password) {
        console.error(USAGE)
        return 2
      }
      const app = await accountServices(config)
      try {
        const kind = values.admin ? ACCOUNT_TYPES.admin : ACCOUNT_TYPES.user
        const account = await app.sessions.createAccount(kind, values.email, values.password)
        console.log(`${kind.type} ${account.id} created for ${account.email}`)
      } catch (err) {
        if (!(err instanceof AppError && err.code.endsWith('_BAD_REQUEST_USER_ALREADY_EXISTS'))) throw err
        console.error(`a ${values.admin ? 'admin' : 'user'} with the email ${values.email} already exists`)
        return 1
      } finally {
        await app.close()
      }
      return 0
    }
    default:
      console.error(USAGE)
      return 2
  }
}

main(process.argv.slice(2)).then((code) => {
  if (code >= 0) process.exit(code)
}, (err: unknown) => {
  // Configuration and usage mistakes are one readable line, not a stack trace.
  if (err instanceof ConfigError) console.error(err.message)
  else if (err instanceof Error && 'code' in err && err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`${err.message}\n${USAGE}`)
  else console.error(err)
  process.exit(1)
})
