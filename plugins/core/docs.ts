import { readFileSync } from 'node:fs'
import { STATUS_CODES } from 'node:http'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifySchema, RouteOptions } from 'fastify'
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import { ROOT } from '../../paths.js'
import { ErrorSchema } from '../../schemas/common.js'
import { nameComponents } from './openapi/components.js'
import { HEADER_PARAMETERS, describeRoute, routeShape } from './openapi/operations.js'

const OPENAPI_PATH = '/openapi.json'
const DOCS_PREFIX = '/docs'

type Json = Record<string, any>

// Markers between the two transforms, removed from the document.
const ANY_METHOD = 'x-any-method'
const ERROR_BODY = 'x-error-body'
const HEADERS = 'x-headers'

/** What each tag (the first segment of a path) holds; every tag needs one. */
const TAGS: Record<string, string> = {
  users: 'The accounts of an application\'s users: sign-up, sign-in (password, second factor, passkeys, providers, ' +
    'mailed links), tokens, devices, the account\'s own settings',
  admins: 'Administrators: their own accounts (as users have, without sign-up), and the administration of users ' +
    'and the audit log',
  orgs: 'Organizations, their members, roles, invitations and API keys: who may do what, in whose name',
  posts: 'Posts and their publication to real-time rooms (the WebSocket `/v1/ws`)',
  rooms: 'Real-time rooms from a backend: publishing into them (the sockets\' side is docs/websocket.md)',
  service: 'Probes and keys: liveness, readiness, the public keys of access tokens'
}

/** Where the API is: relative to the document, so the served /openapi.json points at its own service. */
const SERVERS = [{ url: '/', description: 'The service that serves this document (GET /openapi.json)' }]

/**
 * The reference page only loads its own files and calls this API: nothing from elsewhere
 * (the plugin's default CSP also allows https: styles and fonts and upgrades to https, which
 * breaks the page on a plain-http development port).
 */
const DOCS_CSP = "default-src 'self'; base-uri 'self'; connect-src 'self'; font-src 'self' data:; form-action 'self'; " +
  "frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self'"

const DESCRIPTION = `Token authentication, sessions and publishing.

Every \`/v1\` action accepts any HTTP method (GET, POST, PUT, PATCH, DELETE); each is documented as
POST with a JSON body. Its arguments may equally be sent in the query string: the body is merged
over the query string (the body wins) and one schema validates and coerces the result. A body that
is not JSON is 415. \`lang\` (query string or body) only picks the language of messages.

Protected actions take \`Authorization: jwt-<type> <access token>\` (security schemes \`jwt-user\`,
\`jwt-admin\`); the organization actions that name a permission also take \`Authorization: api-key <key>\`
(security scheme \`api-key\`), an organization's API key holding that permission. The access token's audience is \`<type>-<client>\`, the client being \`X-Client\`
(\`web\` or \`app\`, anything else means \`web\`): send the same \`X-Client\` with a token as at the
login that issued it. \`X-Platform\` (free text up to 32 characters) is stored on the session at
every sign-in. Both are header parameters of the operations that read them. Refresh and logout read the refresh token from the cookie
\`jwt-<type>-refresh\` first, then from the \`refreshToken\` argument.

Every error is the flat body \`Error\`; clients branch on \`error\`, which never changes, while
\`message\` is translated. Each operation lists the errors it may answer.

The WebSocket endpoint \`GET /v1/ws\` (rooms, events, re-authentication) is not an HTTP operation
and is described in docs/websocket.md.`

/** The first documented segment: `/v1/users/login` is `users`, unversioned paths are `service`. */
function tagOf (url: string): string {
  const versioned = /^\/v[0-9]+\/([^/]+)/.exec(url)
  return versioned ? versioned[1] : 'service'
}

/** An arguments schema as a client sends it: a property with a default may be left out. */
function argsAsSent (schema: Json): Json {
  const properties = schema.properties ?? {}
  const required = (schema.required ?? []).filter((name: string) => properties[name]?.default === undefined)
  const out = { ...schema, required }
  if (!required.length) delete out.required
  return out
}

/**
 * `Authorization: jwt-<type> <token>`: a header value with its own scheme
 * (docs/api.md#api-reference-openapijson-and-docs).
 */
function securityScheme (name: string): Json {
  return {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: `The scheme and an access token: \`Authorization: ${name} <access token>\`. ` +
      `A missing or refused token is 401 with \`WWW-Authenticate: ${name}\`.`
  }
}

const API_KEY = 'api-key'
const API_KEY_SCHEME: Json = {
  type: 'apiKey',
  in: 'header',
  name: 'Authorization',
  description: 'An organization\'s API key: `Authorization: api-key lk_...`, on the organization actions whose permission the key ' +
    'holds and on /v1/rooms/publish (rooms:publish), for its own organization only. A missing, unknown, revoked or expired key is 401 ' +
    'with `WWW-Authenticate: api-key`.'
}

/**
 * Per route, before @fastify/swagger converts it: the operation name, a tag per feature, the
 * summary and a description listing the errors (openapi/operations.ts), the security scheme of
 * `config.auth` (none, `[]`, on public routes), the error body marked for a reference, the
 * headers to reference, and, for the routes that take any method, the arguments as the JSON
 * body of one documented POST.
 */
function transform (translate: (key: string) => string) {
  return function ({ schema, url, route, openapiObject }: { schema: FastifySchema, url: string, route: RouteOptions, openapiObject: Json }) {
    const config = route.config as { operation?: string, auth?: string, permission?: string | true, apiKeys?: true } | undefined
    if (!schema || schema.hide) return { schema, url }
    const args = schema.querystring as Json | undefined
    const { anyMethod, hasArgs } = routeShape(route)
    const doc = describeRoute(route, anyMethod, hasArgs, translate)
    const out: Json = { ...schema, operationId: config?.operation, tags: [tagOf(url)], description: doc.description, security: [] }
    if (doc.summary) out.summary = doc.summary
    if (doc.headers.length) out[HEADERS] = doc.headers
    if (config?.auth) {
      const name = `jwt-${config.auth}`
      out.security = [{ [name]: [] }]
      openapiObject.components.securitySchemes[name] = securityScheme(name)
      if (typeof config.permission === 'string' || config.apiKeys) {
        // Either scheme: an access token, or an API key (of the organization, holding the permission where one is named).
        out.security.push({ [API_KEY]: [] })
        openapiObject.components.securitySchemes[API_KEY] = API_KEY_SCHEME
      }
    }
    out.response = Object.fromEntries(Object.entries((schema.response ?? {}) as Json).map(([status, body]) =>
      [status, body === ErrorSchema ? { ...body, [ERROR_BODY]: true } : body]))
    if (anyMethod) {
      out[ANY_METHOD] = true
      delete out.querystring
      if (args && Object.keys(args.properties ?? {}).length) out.body = argsAsSent(args)
    } else if (args) {
      out.querystring = argsAsSent(args)
    }
    return { schema: out, url }
  }
}

/** A versioned path's place: version, first segment, the segment's own actions before deeper paths, then by name. */
function pathKey (url: string): [number, string, number, string] | null {
  const versioned = /^\/v([0-9]+)\/([^/]+)/.exec(url)
  return versioned ? [Number(versioned[1]), versioned[2], url.split('/').length, url] : null
}

/**
 * The paths in one order whatever order the domains' routes plugins register their routes in:
 * the unversioned ones as registered, then the versioned ones by pathKey.
 */
function sortPaths (paths: Json): Json {
  const order = (a: string, b: string): number => {
    const [ka, kb] = [pathKey(a), pathKey(b)]
    if (!ka || !kb) return Number(Boolean(ka)) - Number(Boolean(kb))
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] < kb[i] ? -1 : 1
    return 0
  }
  return Object.fromEntries(Object.keys(paths).sort(order).map((url) => [url, paths[url]]))
}

/**
 * The whole document: one operation per any-method route, the error body as a component,
 * `lang` on every operation, response descriptions, the tags.
 */
function transformObject (openapiObject: Json, locales: string[]) {
  const { components } = openapiObject
  openapiObject.paths = sortPaths(openapiObject.paths)
  // By name, as the paths are ordered: not in the order the routes that use them were registered.
  components.securitySchemes = Object.fromEntries(Object.entries(components.securitySchemes as Json).sort(([a], [b]) => a.localeCompare(b)))
  components.parameters = {
    lang: {
      name: 'lang',
      in: 'query',
      required: false,
      description: `The language of messages: ${locales.join(', ')} (a tag like es-MX counts as es; ` +
        'also read from the JSON body, then the i18n-locale cookie and Accept-Language). Not an argument of the action.',
      schema: { type: 'string' }
    },
    ...HEADER_PARAMETERS
  }
  const tags = new Set<string>()
  for (const item of Object.values(openapiObject.paths as Record<string, Json>)) {
    // An any-method route is the same operation under every method: POST stands for them.
    if (Object.values(item).some((operation) => operation[ANY_METHOD])) {
      for (const method of Object.keys(item)) if (method !== 'post') delete item[method]
      delete item.post[ANY_METHOD]
      // Fastify's body schemas are required; a body with nothing required may be left out.
      const body = item.post.requestBody
      if (body && !body.content['application/json'].schema.required) body.required = false
    }
    for (const operation of Object.values(item) as Json[]) {
      for (const tag of operation.tags ?? []) tags.add(tag)
      const headers: string[] = operation[HEADERS] ?? []
      delete operation[HEADERS]
      operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/lang' },
        ...headers.map((name) => ({ $ref: `#/components/parameters/${name}` }))]
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        const media = response.content?.['application/json']
        if (media?.schema[ERROR_BODY]) {
          const { [ERROR_BODY]: _, ...error } = media.schema
          components.schemas.Error ??= error
          media.schema = { $ref: '#/components/schemas/Error' }
          response.description = status[0] === '4'
            ? 'Client error; `error` says which (BAD_REQUEST_INVALID_ARGUMENTS, UNAUTHORIZED, TOO_MANY_REQUESTS, the action\'s own codes)'
            : 'Server error (500, or 503 SERVICE_UNAVAILABLE while a dependency is down or the process stops)'
        } else if (response.description === 'Default Response') {
          response.description = STATUS_CODES[status] ?? status
        }
      }
    }
  }
  openapiObject.tags = [...tags].sort().map((name) => {
    if (!TAGS[name]) throw new Error(`tag ${name} has no description (TAGS in plugins/core/docs.ts)`)
    return { name, description: TAGS[name] }
  })
  return nameComponents(openapiObject)
}

function swaggerOptions (locales: string[], translate: (key: string) => string): FastifyDynamicSwaggerOptions {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Latchkey', version, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
      servers: SERVERS,
      components: { securitySchemes: {} }
    },
    transform: transform(translate) as FastifyDynamicSwaggerOptions['transform'],
    transformObject: ({ openapiObject }: Json) => transformObject(openapiObject, locales)
  }
}

/**
 * GET /openapi.json (OpenAPI 3.1, generated from the route schemas) and the reference at /docs,
 * with DOCS_ENABLED (on by default outside production). Off, neither exists: both are 404 and
 * nothing of them is loaded. Registered before the routes, whose schemas it collects.
 */
export default fp(async (app) => {
  if (!app.config.docsEnabled) return
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')])
  // The document is in the default language: the errors' messages are English.
  await app.register(swagger, swaggerOptions(app.i18n.locales, (key) => app.i18n.translate('en', key)))
  app.route({
    method: 'GET',
    url: OPENAPI_PATH,
    config: { operation: 'OpenApi' },
    schema: { hide: true },
    handler: async () => app.swagger()
  })
  await app.register(async (scope) => {
    // The reference's routes are the plugin's own: they are named here (app.ts's onRoute).
    scope.decorate('routeOperation', 'Docs')
    await scope.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: DOCS_CSP
    })
  })
}, { name: 'docs', dependencies: ['config', 'i18n'] })
