import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import fastifyStatic from '@fastify/static'
import { ROOT } from '../../paths.js'
import { ACCOUNT_PAGES, ACCOUNT_PATH } from './links.js'

/** What `npm run build` makes of client/ (scripts/build.mjs). */
export const CLIENT_DIR = join(ROOT, 'dist', 'client')
export const SDK_PATH = '/client/latchkey.js'

/** A Host header as browsers send it (a name or address and a port), nothing that could end a directive. */
const HOST = /^[a-z0-9.-]+(:[0-9]+)?$|^\[[0-9a-f:.]+\](:[0-9]+)?$/i

/**
 * The pages load their own bundle and stylesheet and call this API and its sockets: no inline
 * script or style, nothing from elsewhere but images over https (profile pictures are URLs their
 * owners chose; fetched without a referrer), never in a frame. Chromium counts ws: and wss: of the
 * page's host as 'self' (CSP 3); older browsers need them named, so the host's socket origin is.
 */
export function pageCsp (request: FastifyRequest): string {
  const host = request.host
  const socket = HOST.test(host) ? ` ${request.protocol === 'https' ? 'wss' : 'ws'}://${host}` : ''
  return `default-src 'self'; base-uri 'self'; connect-src 'self'${socket}; font-src 'self'; form-action 'self'; ` +
    "frame-ancestors 'none'; img-src 'self' data: https:; manifest-src 'self'; object-src 'none'; script-src 'self'; " +
    "script-src-attr 'none'; style-src 'self'; worker-src 'self'"
}

/**
 * The bundles' names carry no hash: every answer is revalidated (ETag, Last-Modified), which
 * costs a 304 and never leaves a page with a stale script after an upgrade.
 */
const CACHE_CONTROL = 'no-cache'

const pageHeaders: onRequestHookHandler = (request, reply, done) => {
  reply.header('content-security-policy', pageCsp(request))
  reply.header('cache-control', CACHE_CONTROL)
  done()
}

async function page (app: FastifyInstance, name: string, operation: string) {
  const root = join(CLIENT_DIR, name)
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ page: name, root }, `/${name}/ is enabled but not built: run npm run build`)
    return
  }
  await app.register(async (scope) => {
    // The routes are @fastify/static's: they are named here (app.ts's onRoute).
    scope.decorate('routeOperation', operation)
    scope.addHook('onRequest', pageHeaders)
    await scope.register(fastifyStatic, {
      root,
      prefix: `/${name}/`,
      decorateReply: false,
      redirect: true,
      index: 'index.html',
      cacheControl: false,
      dotfiles: 'deny',
      schemaHide: true
    })
    // The page's address without its slash: its relative links need the folder.
    scope.get(`/${name}`, { schema: { hide: true } }, async (_request, reply) => reply.redirect(`/${name}/`, 301))
  })
}

/**
 * The account pages (/account/<page>, client/account/): where the mailed links land when no
 * application is set (links.ts), in production too. Each page's address answers the one
 * index.html, whatever its token (the page itself asks the API and says what the token was
 * worth); never stored, since the address holds the token. The bundle and stylesheet beside it.
 */
async function accountPages (app: FastifyInstance) {
  const root = join(CLIENT_DIR, 'account')
  const index = join(root, 'index.html')
  if (!existsSync(index)) {
    app.log.warn({ root }, `the account pages (${ACCOUNT_PATH}/) are not built: run npm run build`)
    return
  }
  const html = readFileSync(index, 'utf8')
  await app.register(async (scope) => {
    scope.decorate('routeOperation', 'AccountPages')
    scope.addHook('onRequest', pageHeaders)
    await scope.register(fastifyStatic, {
      root,
      prefix: `${ACCOUNT_PATH}/`,
      decorateReply: false,
      cacheControl: false,
      index: false,
      dotfiles: 'deny',
      schemaHide: true,
      // The bundle, its map, the stylesheet and the icon: the page itself only at its addresses.
      allowedPath: (path) => /^\/[\w.-]+\.(js|map|css|svg)$/.test(path)
    })
    for (const name of ACCOUNT_PAGES) {
      scope.get(`${ACCOUNT_PATH}/${name}`, { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html))
    }
  })
}

/**
 * Where a newcomer starts, among what this app serves: the API's prefix always, the reference
 * (/docs), the demo and the console when they answer (enabled, and built). GET / lists them
 * and the start-up line gives their URLs.
 */
export function entryPoints (app: FastifyInstance): { api: string, docs?: string, openapi?: string, demo?: string, admin?: string } {
  const served = (url: string) => app.hasRoute({ method: 'GET', url })
  return {
    api: `/${app.config.apiVersion}/`,
    ...(served('/docs') && { docs: '/docs', openapi: '/openapi.json' }),
    ...(served('/demo') && { demo: '/demo/' }),
    ...(served('/admin') && { admin: '/admin/' })
  }
}

/**
 * The account pages, always; the demo (/demo/, DEMO_ENABLED) and the admin console (/admin/,
 * ADMIN_CONSOLE_ENABLED): static files built at install, under a strict CSP. With either of
 * those two, the SDK as one ESM file at /client/latchkey.js, which pages on the origins of
 * CORS_ORIGINS may import (the CORS headers are plugins/core/cors.ts's, as for every route).
 * Neither enabled: all three are 404.
 */
export default fp(async (app) => {
  await accountPages(app)
  const { demoEnabled, adminConsoleEnabled } = app.config
  if (!demoEnabled && !adminConsoleEnabled) return
  if (!existsSync(join(CLIENT_DIR, 'latchkey.js'))) {
    app.log.warn({ root: CLIENT_DIR }, 'the browser code is not built: run npm run build')
    return
  }
  await app.register(async (scope) => {
    scope.decorate('routeOperation', 'ClientSdk')
    scope.addHook('onRequest', pageHeaders)
    await scope.register(fastifyStatic, {
      root: CLIENT_DIR,
      prefix: '/client/',
      decorateReply: false,
      cacheControl: false,
      index: false,
      schemaHide: true,
      // The SDK and its source map; the pages have their own paths.
      allowedPath: (path) => path === '/latchkey.js' || path === '/latchkey.js.map'
    })
  })
  if (demoEnabled) await page(app, 'demo', 'Demo')
  if (adminConsoleEnabled) await page(app, 'admin', 'AdminConsole')
}, { name: 'pages', dependencies: ['config', 'security-headers', 'errors'] })
