import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions } from '../../app.js'
import { ENV, type TapTest } from './accounts.js'
import { cloneDatabase, testConfig } from './app.js'
import { authHeader, listen, waitForNoConnections, type Urls } from './sockets.js'

/**
 * Several instances on ONE database. Teardown order matters: every app is closed (and its
 * connections gone) before the database is dropped.
 */
export async function cluster (t: TapTest, instances: Array<{ env?: Record<string, string>, role?: AppOptions['role'] }>) {
  const apps = await readyApps(t, instances)
  const out: Array<{ app: FastifyInstance } & Partial<Urls>> = []
  for (const [i, app] of apps.entries()) out.push({ app, ...(instances[i].role === 'worker' ? {} : await listen(app)) })
  return out
}

/** The same instances, ready but not listening (for tests that inject). */
export async function readyApps (t: TapTest, instances: Array<{ env?: Record<string, string>, role?: AppOptions['role'] }>) {
  const { url, drop } = await cloneDatabase()
  const apps: FastifyInstance[] = []
  t.teardown(async () => {
    await Promise.all(apps.map((app) => app.close()))
    await waitForNoConnections(url)
    await drop()
  })
  for (const { env, role } of instances) {
    const app = await buildApp({ config: testConfig({ ...ENV, ...env }, url), role })
    apps.push(app)
    await app.ready()
  }
  return apps
}

/** A real HTTP call, as a client of that instance would make it. */
export async function call (base: string, path: string, token: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeader(token) },
    body: JSON.stringify(body)
  })
  return { status: res.status, body: await res.json() as Record<string, any> }
}
