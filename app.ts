import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyPluginAsync } from 'fastify'
import type { DestinationStream } from 'pino'
import autoload from '@fastify/autoload'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { lazyCompilers } from './plugins/core/lazy-compilers.js'
import configPlugin, { type Config } from './plugins/core/config.js'
import lifecycle, { requestId } from './plugins/core/lifecycle.js'
import cookies from './plugins/core/cookies.js'
import securityHeaders from './plugins/core/security-headers.js'
import i18n from './plugins/core/i18n.js'
import errors, { type ErrorTracker } from './plugins/core/errors.js'
import clientErrors from './plugins/core/client-errors.js'
import { REDACT, serializers } from './plugins/core/logging.js'
import args from './plugins/core/args.js'
import cors from './plugins/core/cors.js'
import docs from './plugins/core/docs.js'
import pages from './plugins/core/pages.js'
import db from './plugins/core/db.js'
import redis from './plugins/core/redis.js'
import rateLimit from './plugins/core/rate-limit.js'
import worker from './plugins/core/worker.js'
import metrics from './plugins/core/metrics.js'
import websocket from './plugins/core/websocket.js'
import { tokens, accountMetrics, sessions, passwordAdmission, signInSteps, accountData, accountOwnData, accountLifecycle, auth } from './plugins/accounts/index.js'
import { auditData } from './plugins/audit/index.js'
import { oidcData, oidcProvider } from './plugins/oidc/index.js'
import { orgsData, orgs } from './plugins/orgs/index.js'
import { realtimeData, rooms, protocol } from './plugins/realtime/index.js'
import { accountAdmin } from './plugins/admin/index.js'
import { mailer } from './plugins/mail/index.js'
import { passkeys } from './plugins/passkeys/index.js'
import { factors, factorsDataPlugin } from './plugins/factors/index.js'
import { federation, federationDataPlugin } from './plugins/federation/index.js'
import { posts, postsDataPlugin, type PublishSteps } from './plugins/posts/index.js'
import { cronItems, taskList } from './workers/index.js'
import { webhooks, webhooksDataPlugin } from './plugins/webhooks/index.js'
import { privacy } from './plugins/privacy/index.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation name every route carries (V1Login); checked against the path's version. */
    operation?: string
  }
  interface FastifyInstance {
    /** The operation name of the routes that a plugin we do not own registers in this scope. */
    routeOperation?: string
  }
}

export interface AppOptions {
  config: Config
  /** Error tracking: called with the error and the request context for every 5xx. */
  onError?: ErrorTracker
  /**
   * Folders to autoload before the domains' routes; versions are sub-folders (v1/, v2/). Tests
   * add fixture routes here, and plugins whose hooks must see every route (a route collector).
   */
  routeDirs?: string[]
  /** Logger options on top of LOG_LEVEL (tests capture log lines with a stream). */
  logger?: Omit<FastifyLoggerOptions, 'redact'> & { stream?: DestinationStream }
  /**
   * Every route's validators and serializers compiled at start (Fastify's default) instead of at
   * each one's first use: test/app.test.ts compiles every schema this way.
   */
  compileSchemasAtStart?: boolean
  /** `serve` (HTTP, WebSocket, worker when enabled) or `worker` (jobs only: no routes, no sockets). */
  role?: 'serve' | 'worker'
  /** The moderation and preview steps of an asynchronous publish. */
  publishSteps?: Partial<PublishSteps>
  /** LISTEN for room events (serve only; default true). False with MIGRATE_ON_START and the worker off, nothing connects to the database (npm run openapi). */
  listen?: boolean
}

const VERSIONED = /^\/(v[0-9]+)\//
/**
 * routes/: one file per endpoint, autoloaded per version (folder names are the path's prefixes:
 * routes/v1/posts/create.ts serves /v1/posts/create), next to app.ts in the sources and in dist/
 * alike. An action users and admins share is written once, in routes/v1/users/, and declares
 * `export const sharedWith = ['admins']`: its plugin is registered under /v1/admins too, and takes
 * its account type from the prefix it serves (servedUnder). The webhook endpoints of organizations
 * (routes/v1/orgs/) are shared with admins the same way.
 */
const ROUTES_DIR = fileURLToPath(new URL('./routes', import.meta.url))

function trustHops (hops: number) {
  return (_address: string, hop: number) => hop < hops
}

/**
 * What every domain keeps about an account, and what a claim, a deactivation, an erasure and an
 * export do with it (plugins/accounts/data.ts), the accounts' own first: in both roles (the worker
 * erases) and in the CLI's account services.
 */
export async function registerAccountData (app: FastifyInstance): Promise<void> {
  await app.register(accountData)
  for (const data of [accountOwnData, factorsDataPlugin, federationDataPlugin, oidcData, orgsData, webhooksDataPlugin, realtimeData, postsDataPlugin,
    auditData]) {
    await app.register(data)
  }
}

export async function buildApp (opts: AppOptions): Promise<FastifyInstance> {
  const { config, role = 'serve' } = opts
  const app = Fastify({
    // Redaction applies to any logger options passed in too.
    logger: { level: config.logLevel, ...opts.logger, redact: REDACT, serializers },
    bodyLimit: config.bodyLimit,
    // A first start-dev creates, starts and migrates the embedded PostgreSQL inside the db plugin:
    // on a slow or busy machine that passed avvio's default 10 s and failed the start.
    pluginTimeout: 120_000,
    // REQUEST_TIMEOUT: a request whose headers and body have not all arrived by then is answered
    // 408 and its connection closed (the errors plugin's clientError). Node checks every
    // connectionsCheckingInterval (30 s by default): each second here, so the bound holds.
    requestTimeout: config.requestTimeoutMs,
    ...(config.requestTimeoutMs > 0 && {
      http: { requestTimeout: config.requestTimeoutMs, headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs) }
    }),
    // Fastify binds it to the root instance, where plugins/core/client-errors.ts decorates clientError.
    clientErrorHandler (err, socket) { (this as unknown as FastifyInstance).clientError(err, socket) },
    // A hop count trusts that many proxies nearest to us (Fastify's own reading of a number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => requestId(req.headers['x-request-id'], randomUUID),
    // We answer 503 ourselves while closing, in the standard body (plugins/core/lifecycle.ts).
    return503OnClosing: false,
    // A path the router cannot decode gets the standard error body too (plugins/core/errors.ts).
    frameworkErrors: (err, request, reply) => request.server.frameworkError(err, request, reply),
    ajv: { customOptions: { allErrors: true } },
    ...(!opts.compileSchemasAtStart && { schemaController: { compilersFactory: lazyCompilers() } })
  }).withTypeProvider<TypeBoxTypeProvider>()

  // Every route carries an operation name (V1Login); versioned paths must match their version.
  app.addHook('onRoute', function (route) {
    // @fastify/cors registers its preflight route itself (with CORS_ORIGINS); it is named here.
    if (route.method === 'OPTIONS' && route.url === '*' && !route.config?.operation) {
      route.config = { ...route.config, operation: 'Preflight' }
    }
    if (!route.config?.operation && this.routeOperation) route.config = { ...route.config, operation: this.routeOperation }
    const operation = route.config?.operation
    if (!operation) throw new Error(`route ${route.method} ${route.url} has no operation name`)
    const version = VERSIONED.exec(route.url)?.[1]
    if (version && !operation.startsWith(version.toUpperCase())) {
      throw new Error(`operation ${operation} does not match the version of ${route.url}`)
    }
  })

  try {
    await register(app, opts, role)
  } catch (err) {
    // Whatever was opened before the failure (pools, LISTEN, the embedded database) is closed.
    await app.close().catch(() => {})
    throw err
  }
  return app
}

async function register (app: FastifyInstance, opts: AppOptions, role: 'serve' | 'worker') {
  const { config } = opts

  // Wiring: no domain knowledge.
  await app.register(configPlugin, { config })
  await app.register(lifecycle)
  await app.register(cookies)
  await app.register(i18n)
  await app.register(securityHeaders)
  await app.register(errors, { onError: opts.onError, caller: (request) => request.account })
  await app.register(clientErrors)
  await app.register(args)
  if (config.corsOrigins.length) await app.register(cors)
  await app.register(metrics, { enabled: true })
  await app.register(db)
  await app.register(redis)
  await app.register(rateLimit)
  // The document collects the routes' schemas as they are registered: before the domains.
  if (role === 'serve') await app.register(docs)
  // The demo, the admin console and the SDK file (static, built at install).
  if (role === 'serve') await app.register(pages)

  // Domains. The worker signs and checks no token (its configuration has no secrets: NEEDS.worker).
  // What other domains plug into a sign-in (second factors), before any of them.
  await app.register(signInSteps)
  await registerAccountData(app)
  if (role === 'serve') {
    // The hashing routes' admission (a bounded line, 503 past it): its onRoute marks every route registered after.
    await app.register(passwordAdmission)
    await app.register(tokens)
    await app.register(accountMetrics)
    await app.register(sessions)
    await app.register(auth)
    await app.register(passkeys)
    await app.register(factors)
    await app.register(federation)
    // Latchkey as an OpenID provider under /oidc (OIDC_PROVIDER_ENABLED).
    await app.register(oidcProvider)
  }
  await app.register(accountAdmin)
  await app.register(mailer)
  await app.register(accountLifecycle)
  // Organizations: where routes are served, the permission check of the routes declaring one;
  // the rooms ask it who may be in an organization's rooms.
  await app.register(orgs)
  await app.register(rooms, { listen: role === 'serve' && opts.listen !== false })
  await app.register(posts, { steps: opts.publishSteps })
  // Webhook endpoints and their deliveries (both roles: the worker sends them).
  await app.register(webhooks)
  // Deletion, erasure and export of accounts (both roles: the worker erases).
  await app.register(privacy)

  // Jobs, then (serve only) sockets and routes.
  await app.register(worker, { enabled: role === 'worker' || config.workerEnabled, taskList, cronItems })
  if (role === 'serve') {
    await app.register(websocket)
    await app.register(protocol)
    for (const dir of opts.routeDirs ?? []) {
      await app.register(autoload, { dir, dirNameRoutePrefix: true })
    }
    await registerRoutes(app)
  }
  // Both roles: onReady hooks open what has a port of its own (the metrics listener).
  await app.ready()
}

/** What a route file exports: its plugin, and the other prefixes of its version it is also served under. */
interface RouteModule { default: FastifyPluginAsync, sharedWith?: readonly string[] }

/**
 * Every module under `dir` (its path and exports), imported one after another. Node's ESM loader
 * walks the loaded module graph for each dynamic import, longer for concurrent ones, and autoload
 * imports a folder's files all at once: imported in turn first (autoload then finds them cached),
 * the routes cost a start about half the time (bench/README.md#the-design-cards-layout).
 */
async function importInTurn (dir: string): Promise<Array<[string, RouteModule]>> {
  const modules: Array<[string, RouteModule]> = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) modules.push(...await importInTurn(path))
    else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) modules.push([path, await import(pathToFileURL(path).href)])
  }
  return modules
}

/** Every route: routes/ autoloaded, then each shared route again under every prefix it names. */
async function registerRoutes (app: FastifyInstance) {
  const modules = await importInTurn(ROUTES_DIR)
  await app.register(autoload, { dir: ROUTES_DIR, dirNameRoutePrefix: true, routeParams: true })
  for (const [path, route] of modules) {
    const version = relative(ROUTES_DIR, path).split(sep)[0]
    for (const under of route.sharedWith ?? []) await app.register(route.default, { prefix: `/${version}/${under}` })
  }
}
