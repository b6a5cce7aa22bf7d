import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import postgres from 'postgres'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../../app.js'
import { loadConfig, type Config } from '../../plugins/core/config.js'
import { ROOT } from '../../paths.js'
import { brokerEnv } from './brokers.js'
import { testPgBouncer } from './pgbouncer.js'

/** The routes, after the guard that fails an answer with an error code the route does not document. */
const GUARDED_ROUTES = [join(ROOT, 'test', 'fixtures', 'error-guard')]

type Test = { teardown: (fn: () => unknown) => void }

const adminUrl = process.env.TEST_DATABASE_URL
const template = process.env.TEST_TEMPLATE_DB
if (!adminUrl || !template) throw new Error('run the tests with `npm test` (it prepares the database)')

function withDatabase (url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

/** A fresh database cloned from the migrated template; `drop` removes it. */
export async function cloneDatabase (): Promise<{ url: string, drop: () => Promise<void> }> {
  const name = `latchkey_t_${randomBytes(6).toString('hex')}`
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} })
  // Cloning needs the template to have no other sessions; files clone in parallel, so retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database "${name}" template "${template}"`)
      break
    } catch (err) {
      if (attempt > 50 || (err as { code?: string }).code !== '55006') throw err
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100))
    }
  }
  const drop = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end({ timeout: 5 })
  }
  return { url: withDatabase(adminUrl!, name), drop }
}

/** Test configuration: the defaults of NODE_ENV=test, the broker of forEachBroker's run, plus the given variables. */
export function testConfig (env: Record<string, string> = {}, databaseUrl?: string): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MIGRATE_ON_START: 'false',
    WORKER_ENABLED: 'false',
    REDIS_KEY_PREFIX: `latchkey-test:${randomBytes(4).toString('hex')}:`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...brokerEnv(env.DATABASE_DIRECT_URL ?? databaseUrl),
    ...env
  })
}

export interface BuildOptions extends Partial<Omit<AppOptions, 'config'>> {
  env?: Record<string, string>
}

/**
 * An app on its own database, closed (and the database dropped) when the test ends. Without
 * `routeDirs`, the routes answer only the error codes openapi.json lists for them
 * (test/fixtures/error-guard: another is a 500 UNDECLARED_ERROR).
 */
export async function build (t: Test, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const { url, drop } = await cloneDatabase()
  const { env, ...rest } = { routeDirs: GUARDED_ROUTES, ...opts }
  let app: FastifyInstance | undefined
  t.teardown(async () => {
    await app?.close()
    await drop()
  })
  // TEST_PGBOUNCER=1: the app's requests go through PgBouncer in transaction mode, LISTEN and jobs direct.
  const bouncer = await testPgBouncer(adminUrl!)
  const through = bouncer ? { DATABASE_DIRECT_URL: url, ...env } : env
  app = await buildApp({ config: testConfig(through, bouncer ? bouncer.through(url) : url), ...rest })
  await app.ready()
  return app
}

/** A logger stream that keeps every JSON line, for tests that assert on logs. */
export function captureLogs (): { stream: Writable, lines: Array<Record<string, any>> } {
  const lines: Array<Record<string, any>> = []
  const stream = new Writable({
    write (chunk, _enc, cb) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      cb()
    }
  })
  return { stream, lines }
}
