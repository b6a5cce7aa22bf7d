#!/usr/bin/env -S node --max-semi-space-size=4
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { RegisterArgsSchema } from './schemas/accounts.js'
import { ConfigError, loadConfig, type Config } from './plugins/core/config.js'
import { NEEDS } from './plugins/core/config/load.js'
import { resolveDatabase } from './db/embedded.js'
import { migrate } from './db/migrate.js'
import configPlugin from './plugins/core/config.js'
import db, { isDatabaseUnavailable } from './plugins/core/db.js'
import metrics from './plugins/core/metrics.js'
import { ACCOUNT_TYPES } from './plugins/accounts/registry.js'
import { AppError } from './plugins/core/errors.js'
import accountAdmin, { type AccountActionName } from './plugins/admin/accounts.js'
import { CLI_ACTOR } from './plugins/audit/events.js'
import type { FastifyInstance } from 'fastify'

const USAGE = `usage: latchkey [serve]            API, WebSocket and in-process worker (default)
       latchkey worker             background jobs only
       latchkey migrate            apply database migrations
       latchkey user create --email E [--password P] [--admin]
                                   (without --password, the password is read from standard input)
       latchkey user list [--admin]
                                   one line per account, newest first: id, email, status, email confirmed, created
       latchkey user deactivate|activate|delete|restore --email E [--admin]
                                   deactivate and delete also sign the account out everywhere`

// The API's own rules for a new account (email format, password 8..1024), with the API's formats.
const validAccount = addFormats.default(new Ajv({ allErrors: true })).compile(RegisterArgsSchema)

/** The first line of standard input; not echoed when it is a terminal. */
async function readPassword (): Promise<string> {
  const tty = process.stdin.isTTY
  if (tty) process.stderr.write('Password: ')
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() })
  const lines = createInterface({ input: process.stdin, output: tty ? muted : undefined, terminal: tty })
  try {
    for await (const line of lines) return line
    return ''
  } finally {
    lines.close()
    if (tty) process.stderr.write('\n')
  }
}

/**
 * What the admin API does to accounts (database, migrations at start, accountAdmin), without
 * HTTP or tokens: the CLI creates and changes accounts exactly as the API does.
 */
async function accountServices (config: Config) {
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config })
  // One-shot commands count nothing and open no metrics port.
  await app.register(metrics, { enabled: false })
  await app.register(db)
  await app.register(accountAdmin)
  await app.ready()
  return app
}

async function main (argv: string[]): Promise<number> {
  const [command = 'serve', ...rest] = argv
  switch (command) {
    case 'serve': {
      const { startServer } = await import('./server.js')
      await startServer({ config: loadConfig(process.env, { needs: NEEDS.serve }) })
      return -1
    }
    case 'worker': {
      const { startWorker } = await import('./server.js')
      await startWorker({ config: loadConfig(process.env, { needs: NEEDS.worker }) })
      return -1
    }
    case 'migrate': {
      const db = await resolveDatabase(loadConfig(process.env, { needs: NEEDS.database }))
      try {
        await migrate(db.url)
        console.log('migrations applied')
      } finally {
        await db.stop()
      }
      return 0
    }
    case 'user':
      return userCommand(loadConfig(process.env, { needs: NEEDS.database }), rest)
    default:
      console.error(USAGE)
      return 2
  }
}

const STATE_CHANGES: Record<string, [AccountActionName, string]> = {
  deactivate: ['deactivate', 'deactivated'],
  activate: ['activate', 'activated'],
  delete: ['delete', 'deleted'],
  restore: ['restore', 'restored']
}

async function userCommand (config: Config, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, admin: { type: 'boolean', default: false } }
  })
  const [sub] = positionals
  const kind = values.admin ? ACCOUNT_TYPES.admin : ACCOUNT_TYPES.user
  if (sub === 'list') return withServices(config, (app) => listAccounts(app, kind))
  const change = STATE_CHANGES[sub]
  if (change && values.email) {
    const email = values.email
    return withServices(config, async (app) => {
      const id = await app.accountAdmin.idByEmail(kind, email)
      const account = id && await app.accountAdmin.apply(kind, id, change[0], CLI_ACTOR)
      if (!account) {
        console.error(`no ${kind.type} with the email ${email}`)
        return 1
      }
      console.log(`${kind.type} ${account.id} ${change[1]} (${account.email})`)
      return 0
    })
  }
  if (sub !== 'create' || !values.email) {
    console.error(USAGE)
    return 2
  }
  const args = { email: values.email, password: values.password ?? await readPassword() }
  if (!validAccount(args)) {
    const names = [...new Set(validAccount.errors!.map((e) => e.instancePath.slice(1) || String(e.params.missingProperty)))]
    console.error(`invalid ${names.join(', ')}: the email must be a valid address and the password 8 to 1024 characters`)
    return 2
  }
  return withServices(config, async (app) => {
    try {
      // Admins exist only through this command, run by someone who controls the address.
      const account = await app.accountAdmin.create(kind, args.email, args.password, { emailConfirmed: values.admin })
      console.log(`${kind.type} ${account.id} created for ${account.email}`)
      return 0
    } catch (err) {
      if (!(err instanceof AppError && err.code.endsWith('_BAD_REQUEST_USER_ALREADY_EXISTS'))) throw err
      console.error(`a ${kind.type} with the email ${args.email} already exists`)
      return 1
    }
  })
}

async function withServices (config: Config, run: (app: FastifyInstance) => Promise<number>): Promise<number> {
  const app = await accountServices(config)
  try {
    return await run(app)
  } finally {
    await app.close()
  }
}

/** Every account, a page at a time, as tab-separated lines: id, email, status, email confirmed, created. */
async function listAccounts (app: FastifyInstance, kind: typeof ACCOUNT_TYPES.user): Promise<number> {
  let after: string | null = null
  do {
    const page = await app.accountAdmin.list(kind, { status: 'all', limit: 100, after })
    for (const a of page.accounts) {
      const status = a.deletedAt ? 'deleted' : a.isActive ? 'active' : 'inactive'
      console.log([a.id, a.email, status, a.isEmailConfirmed ? 'confirmed' : 'unconfirmed', a.createdAt].join('\t'))
    }
    after = page.nextCursor && page.accounts[page.accounts.length - 1].id
  } while (after)
  return 0
}

main(process.argv.slice(2)).then((code) => {
  if (code >= 0) process.exit(code)
}, (err: unknown) => {
  // Configuration, usage and connection mistakes are one readable line, not a stack trace.
  const code = err instanceof Error && 'code' in err ? err.code : undefined
  if (err instanceof ConfigError) {
    console.error(err.message)
    process.exit(2)
  } else if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`${(err as Error).message}\n${USAGE}`)
  else if (isDatabaseUnavailable(err)) console.error(`cannot reach the database: ${(err as Error).message}`)
  else console.error(err)
  process.exit(1)
})
