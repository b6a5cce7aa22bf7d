/**
 * The commands of `latchkey` (cli.ts loads this file once the Node.js version is checked): what
 * each runs, the usage text, and the one line and exit status of what ends a command.
 */
import { createReadStream } from 'node:fs'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { RegisterArgsSchema } from './schemas/accounts.js'
import { loadConfig, type Config } from './plugins/core/config.js'
import { NEEDS } from './plugins/core/config/load.js'
import { resolveDatabase } from './db/embedded.js'
import { migrate } from './db/migrate.js'
import configPlugin from './plugins/core/config.js'
import db from './plugins/core/db.js'
import metrics from './plugins/core/metrics.js'
import { ACCOUNT_TYPES, weakness } from './plugins/accounts/index.js'
import { AppError } from './plugins/core/errors.js'
import { PROFILE_OPTIONS, accountAdmin, type AccountActionName, importAccounts, profileOptions, updateProfileByEmail } from './plugins/admin/index.js'
import { CLI_ACTOR } from './plugins/audit/index.js'
import { redactUrls } from './plugins/core/logging.js'
import { announce } from './plugins/core/mode.js'
import { createI18n } from './plugins/core/i18n.js'
import type { FastifyInstance } from 'fastify'
import { UsageError, parse } from './plugins/core/cli-args.js'
import { failure } from './plugins/core/cli-failure.js'
import { oauthClientCommand } from './plugins/oidc/index.js'
import { eraseOrExport } from './plugins/privacy/index.js'

const USAGE = `usage: latchkey [start]            production: API, WebSocket and in-process worker (the default;
                                   NODE_ENV defaults to production; serve is another name for it)
       latchkey start-dev          development: nothing to set (the embedded PostgreSQL without
                                   DATABASE_URL, generated secrets), on 127.0.0.1 unless HOST is set
       latchkey worker             background jobs only
       latchkey migrate            apply database migrations
       latchkey user create --email E [--password P] [--admin]
                                   (without --password, the password is read from standard input)
       latchkey user list [--admin]
                                   one line per account, newest first (by creation time): id, email,
                                   status, email confirmed, created
       latchkey user deactivate|activate|delete|restore --email E [--admin]
                                   deactivate and delete also sign the account out everywhere
       latchkey user update --email E [--admin] [--name N] [--given-name N] [--family-name N]
                                   [--picture URL] [--locale L] [--zoneinfo Z] [--user-metadata JSON]
                                   [--app-metadata JSON]: "" clears a field, JSON replaces it whole
       latchkey user erase --email E [--admin]
                                   erases the account now: every row about the person deleted, its
                                   audit events kept under a tombstone id (printed)
       latchkey user export --email E [--admin]
                                   everything kept about the person, as one JSON document on
                                   standard output
       latchkey import users FILE [--admin]
                                   accounts from JSON lines (email, passwordHash: argon2 up to
                                   256 MiB, 10 iterations, 8 lanes or bcrypt of cost 4 to 14,
                                   isEmailConfirmed, createdAt, id); prints the counts, and each
                                   invalid line's number and reason on standard error
       latchkey oauth-client create --name N [--redirect-uri U]... [--type public|confidential]
                                   [--grant G]... [--scope S]... [--organization ID]
                                   [--post-logout-redirect-uri U]... [--backchannel-logout-uri U]
                                   registers an OAuth client of the OpenID provider; prints its
                                   client_id, and its secret this once (docs/oidc-provider.md)
       latchkey help               this text (also --help or -h, after any command)
exit status: 0 done, 1 failed, 2 a mistake in the command line or the configuration, or a Node.js
             older than package.json engines (then one line says how to run it on a newer one)`

// The API's own rules for a new account (email format, password 8..1024), with the API's formats.
const validAccount = addFormats.default(new Ajv({ allErrors: true })).compile(RegisterArgsSchema)

/** The first line of standard input (empty when there is none); not echoed when it is a terminal. */
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
 * What the admin API does to accounts (database, migrations at start, every domain's account data,
 * accountAdmin, erasure and export), without HTTP or tokens: the CLI creates, changes, erases and
 * exports accounts exactly as the API does.
 */
async function accountServices (config: Config) {
  const app = Fastify({ logger: false })
  await app.register(configPlugin, { config })
  // One-shot commands count nothing and open no metrics port.
  await app.register(metrics, { enabled: false })
  await app.register(db)
  const { registerAccountData } = await import('./app.js')
  const { privacy } = await import('./plugins/privacy/index.js')
  await registerAccountData(app)
  await app.register(accountAdmin)
  await app.register(privacy)
  await app.ready()
  return app
}

/**
 * What `start` (and `serve`, its other name) and `start-dev` set when the environment does not (an
 * empty value is unset, as everywhere), in process.env so that the whole process agrees on them.
 */
const MODES: Record<string, Record<string, string>> = {
  start: { NODE_ENV: 'production' },
  serve: { NODE_ENV: 'production' },
  // Vite's and Next.js's habit: a development server answers this machine only.
  'start-dev': { NODE_ENV: 'development', HOST: '127.0.0.1' }
}

async function main (argv: string[]): Promise<number> {
  const [command = 'start', ...rest] = argv
  if (['help', '--help', '-h'].includes(command)) return usage()
  switch (command) {
    case 'start':
    case 'serve':
    case 'start-dev': {
      if (parse(command, rest, {}).values.help) return usage()
      for (const [name, value] of Object.entries(MODES[command])) if (!process.env[name]) process.env[name] = value
      const config = loadConfig(process.env, { needs: NEEDS.serve })
      // The process's first log line, before the database's and the migrations'.
      announce(config)
      const { startServer } = await import('./server.js')
      await startServer({ config })
      return -1
    }
    case 'worker': {
      if (parse(command, rest, {}).values.help) return usage()
      const config = loadConfig(process.env, { needs: NEEDS.worker })
      const { startWorker } = await import('./server.js')
      await startWorker({ config })
      return -1
    }
    case 'migrate': {
      if (parse(command, rest, {}).values.help) return usage()
      const config = loadConfig(process.env, { needs: NEEDS.database })
      const db = await resolveDatabase(config)
      try {
        await migrate(config.databaseDirectUrl ?? db.url)
        console.log('migrations applied')
      } finally {
        await db.stop()
      }
      return 0
    }
    case 'user':
      return userCommand(rest)
    case 'import':
      return importCommand(rest)
    case 'oauth-client':
      return oauthClientCommand(rest, usage)
    default:
      throw new UsageError(`unknown command ${command}`)
  }
}

function usage (): number {
  console.log(USAGE)
  return 0
}

const STATE_CHANGES: Record<string, [AccountActionName, string]> = {
  deactivate: ['deactivate', 'deactivated'],
  activate: ['activate', 'activated'],
  delete: ['delete', 'deleted'],
  restore: ['restore', 'restored']
}

async function userCommand (argv: string[]): Promise<number> {
  const { values, positionals } = parse('user', argv, {
    email: { type: 'string' }, password: { type: 'string' }, admin: { type: 'boolean', default: false }, ...PROFILE_OPTIONS
  }, true)
  if (values.help) return usage()
  const [sub, extra] = positionals
  if (extra !== undefined) throw new UsageError(`user: unexpected argument ${extra}`)
  const change = STATE_CHANGES[sub]
  const privacy = sub === 'erase' || sub === 'export'
  if (sub !== 'list' && sub !== 'create' && sub !== 'update' && !change && !privacy) {
    throw new UsageError(sub ? `user: unknown action ${sub}` : 'user: create, list, update, deactivate, activate, delete, restore, erase or export?')
  }
  const profileChange = profileOptions(sub, values)
  if (sub !== 'list' && !values.email) throw new UsageError(`user ${sub}: --email is required`)
  if (sub === 'list' && (values.email || values.password)) throw new UsageError('user list: takes only --admin')
  if (sub !== 'create' && values.password) throw new UsageError(`user ${sub}: --password applies to create only`)
  const kind = values.admin ? ACCOUNT_TYPES.admin : ACCOUNT_TYPES.user
  // By sound, not spelling: a user, an admin.
  const article = kind.type === 'admin' ? 'an' : 'a'
  const config = loadConfig(process.env, { needs: NEEDS.user })
  if (sub === 'list') return withServices(config, (app) => listAccounts(app, kind))
  const email = values.email!
  if (privacy) return withServices(config, (app) => eraseOrExport(app, kind, sub, email))
  if (sub === 'update') return withServices(config, (app) => updateProfileByEmail(app, kind, email, profileChange!))
  if (change) {
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
  const args = { email, password: values.password ?? await readPassword() }
  if (values.password === undefined && !args.password) {
    console.error('user create: no password read from standard input (give --password, or one line on standard input)')
    return 2
  }
  if (!validAccount(args)) {
    const names = [...new Set(validAccount.errors!.map((e) => e.instancePath.slice(1) || String(e.params.missingProperty)))]
    console.error(`invalid ${names.join(', ')}: the email must be a valid address and the password 8 to 1024 characters`)
    return 2
  }
  // The API's password policy (PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE), for admins too.
  const weak = await weakness(config.passwordPolicy, args.password, args.email)
  if (weak) {
    console.error(`invalid password: the password ${createI18n().translate('en', weak.key, weak.params)}`)
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
      console.error(`${article} ${kind.type} with the email ${args.email} already exists`)
      return 1
    }
  })
}

async function importCommand (argv: string[]): Promise<number> {
  const { values, positionals } = parse('import', argv, { admin: { type: 'boolean', default: false } }, true)
  if (values.help) return usage()
  const [what, file, extra] = positionals
  if (what !== 'users') throw new UsageError(what ? `import: unknown kind ${what} (import users FILE)` : 'import: users FILE?')
  if (!file) throw new UsageError('import users: the FILE to read is missing')
  if (extra !== undefined) throw new UsageError(`import users: unexpected argument ${extra}`)
  const kind = values.admin ? ACCOUNT_TYPES.admin : ACCOUNT_TYPES.user
  const input = file === '-' ? process.stdin : createReadStream(file)
  // Opened before the database is: a file that cannot be read is one line, exit 1.
  if (input !== process.stdin) {
    const unreadable = await once(input, 'readable').then(() => null, (err: Error) => err.message)
    if (unreadable) {
      console.error(`cannot read ${file}: ${unreadable}`)
      return 1
    }
  }
  return withServices(loadConfig(process.env, { needs: NEEDS.database }), async (app) => {
    const started = Date.now()
    const report = await importAccounts(app.sql, kind, input)
    for (const { line, reason } of report.invalid) console.error(`line ${line}: ${reason}`)
    console.log(`imported ${report.imported}, skipped ${report.skipped} (email taken), invalid ${report.invalid.length} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`)
    return 0
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

/** Every account, newest first, as tab-separated lines: id, email, status, email confirmed, created. */
async function listAccounts (app: FastifyInstance, kind: typeof ACCOUNT_TYPES.user): Promise<number> {
  for await (const accounts of app.accountAdmin.every(kind)) {
    for (const a of accounts) {
      const status = a.deletedAt ? 'deleted' : a.isActive ? 'active' : 'inactive'
      console.log([a.id, a.email, status, a.isEmailConfirmed ? 'confirmed' : 'unconfirmed', a.createdAt].join('\t'))
    }
  }
  return 0
}

/** Runs the command of `argv` and exits with its status (`start` and `worker` own the process until a signal). */
export function run (argv: string[]): void {
  main(argv).then((code) => {
    if (code >= 0) process.exit(code)
  }, (err: unknown) => {
    const { line, code } = failure(err)
    // Nothing printed here went through the logger's redaction: no URL keeps its password.
    console.error(redactUrls(line))
    process.exit(code)
  })
}
