import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { BrowserContext, Page } from 'playwright-core'
import { buildApp } from '../../app.js'
import { ROOT } from '../../paths.js'
import { freePort } from '../../db/embedded.js'
import { build, cloneDatabase, testConfig } from './app.js'
import { ENV } from './accounts.js'

type Test = Parameters<typeof build>[0]

/** Given, so that an app started again (a restart) checks the tokens of the first. */
export const SECRETS = { ACCESS_TOKEN_SECRET: 's'.repeat(40), REFRESH_TOKEN_SECRET: 'r'.repeat(40) }

/** The page the SDK runs in, on the app's origin, outside its pages (test/fixtures/sdk-page/). */
const PAGE = '/sdk-test'
const routeDirs = [join(ROOT, 'test', 'fixtures', 'sdk-page')]

export interface SdkApp {
  app: FastifyInstance
  origin: string
  port: number
  /** POST requests to /v1/users/refresh the server has received so far. */
  refreshes: () => number
}

function countRefreshes (app: FastifyInstance): () => number {
  let n = 0
  app.server.on('request', (req) => { if (req.method === 'POST' && req.url?.startsWith('/v1/users/refresh')) n++ })
  return () => n
}

/** An app listening on http://localhost:<port> (the SDK file is served: the console is on by default outside production). */
export async function sdkApp (t: Test, env: Record<string, string> = {}): Promise<SdkApp> {
  const port = await freePort()
  // Its origin is the passkeys' origin too (RP ID localhost).
  const app = await build(t, { env: { ...ENV, ...SECRETS, WEBAUTHN_ORIGINS: `http://localhost:${port}`, ...env }, routeDirs })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, origin: `http://localhost:${port}`, port, refreshes: countRefreshes(app) }
}

/** An app that can be stopped and started again on the same port and database (a restart). */
export async function restartableApp (t: Test, env: Record<string, string> = {}) {
  const port = await freePort()
  const { url, drop } = await cloneDatabase()
  let app: FastifyInstance | undefined
  const config = testConfig({ ...ENV, ...SECRETS, ...env }, url)
  t.teardown(async () => {
    await app?.close()
    await drop()
  })
  return {
    port,
    origin: `http://localhost:${port}`,
    /** Its configuration, for another process of the same installation (a worker) while it is down. */
    config,
    get app () { return app! },
    async start () {
      app = await buildApp({ config, routeDirs })
      await app.listen({ port, host: '127.0.0.1' })
      return app
    },
    async stop () {
      await app?.close()
      app = undefined
    }
  }
}

/**
 * A tab of `context` on `origin` with the SDK imported from the service (`/client/latchkey.js`)
 * and a client in `window.lk`; `window.authLog` collects onAuthChange's events.
 */
export async function sdkTab (context: BrowserContext, origin: string, options: Record<string, unknown> = {}): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${origin}${PAGE}`)
  await page.evaluate(async ({ origin, options }) => {
    const w = globalThis as any
    const { createClient } = await import(`${origin}/client/latchkey.js`)
    w.lk = createClient({ baseUrl: origin, ...options })
    w.authLog = []
    w.lk.onAuthChange((state: any) => w.authLog.push(state.event))
  }, { origin, options })
  return page
}

/** Waits until `fn` (run in the page) returns something truthy, and returns it. */
export async function until<T> (page: Page, fn: string, timeout = 15_000): Promise<T> {
  const handle = await page.waitForFunction(fn, undefined, { timeout, polling: 50 })
  return await handle.jsonValue() as T
}
