#!/usr/bin/env -S node --max-semi-space-size=4
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { ConfigError, loadConfig } from './plugins/config.js'
import { resolveDatabase } from './db/embedded.js'
import { migrate } from './db/migrate.js'
import { createDatabase } from './plugins/db.js'
import { createAccount } from './plugins/sessions.js'
import { ACCOUNT_TYPES } from './plugins/accounts.js'

const USAGE = `usage: latchkey [serve]            API, WebSocket and in-process worker (default)
       latchkey worker             background jobs only
       latchkey migrate            apply database migrations
       latchkey user create --email E --password P [--admin]`

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
      const { startWorker } = await import('./workers/standalone.js')
      await startWorker(config)
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
      const db = await resolveDatabase(config)
      const sql = postgres(db.url, { max: 1, onnotice: () => {} })
      try {
        if (config.migrateOnStart) await migrate(db.url)
        const kind = values.admin ? ACCOUNT_TYPES.admin : ACCOUNT_TYPES.user
        const account = await createAccount(createDatabase(sql), kind, values.email, values.password).catch((err) => {
          if (err?.code === '23505' || err?.cause?.code === '23505') return null
          throw err
        })
        if (!account) {
          console.error(`a ${kind.type} with the email ${values.email} already exists`)
          return 1
        }
        console.log(`${kind.type} ${account.id} created for ${account.email}`)
      } finally {
        await sql.end({ timeout: 5 })
        await db.stop()
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
