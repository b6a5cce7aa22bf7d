import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { Validator } from '@seriousme/openapi-schema-validator'
import { ROOT } from '../../../paths.js'
import { ErrorSchema } from '../../../schemas/common.js'
import { OPENAPI_FILE, openapiDocument } from '../../../scripts/openapi.js'
import { build } from '../../helpers/app.js'
import { collected } from '../../fixtures/route-collector/collect.js'

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', ACCESS_TOKEN_SECRET: 'a'.repeat(32), REFRESH_TOKEN_SECRET: 'b'.repeat(32),
  PUBLIC_URL: 'https://auth.example.com' }
const NOT_FOUND = { status: 404, success: false, error: 'NOT_FOUND', message: 'Route not found' }
const routeDirs = [join(ROOT, 'test', 'fixtures', 'route-collector')]

t.test('GET /openapi.json', async (t) => {
  collected.routes = []
  const app = await build(t, { routeDirs })
  const routes = collected.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.hidden)
  const res = await app.inject({ method: 'GET', url: '/openapi.json' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  const doc = res.json()

  t.test('is OpenAPI 3.1 and valid against its schema', async (t) => {
    t.equal(doc.openapi, '3.1.0')
    const validator = new Validator()
    t.same(await validator.validate(doc), { valid: true })
    t.equal(validator.version, '3.1')
    const broken = structuredClone(doc)
    delete broken.paths['/v1/users/login'].post.responses['201'].description
    t.equal((await validator.validate(broken)).valid, false, 'the validator refuses a response without a description')
  })

  t.test('every route is there with its method, operation name and response statuses', async (t) => {
    t.ok(routes.length >= 30, `${routes.length} routes were collected`)
    const operations = new Set<string>()
    for (const route of routes) {
      // A route that takes any method is documented once, as POST.
      const methods = [route.method].flat()
      const method = methods.length > 1 && methods.includes('POST') ? 'post' : methods[0].toLowerCase()
      // Path parameters are :name in the router and {name} in OpenAPI.
      const operation = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[method]
      t.ok(operation, `${method.toUpperCase()} ${route.url} is documented`)
      t.equal(operation?.operationId, route.operation, `${route.url} is ${route.operation}`)
      t.same(Object.keys(operation?.responses ?? {}).sort(), route.statuses.map((s) => s.toUpperCase()).sort(),
        `${route.url} documents ${route.statuses.join(', ')}`)
      t.ok(route.statuses.includes('4xx') && route.statuses.includes('5xx'), `${route.url} declares the error body`)
      operations.add(route.operation!)
    }
    const documented = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((o: any) => o.operationId))
    t.same(documented.sort(), [...operations].sort(), 'one operation per route, nothing else (the reference hides itself)')
  })

  t.test('the error body is one component, referenced by every 4XX and 5XX response', async (t) => {
    const error = doc.components.schemas.Error
    t.same(Object.keys(error.properties), Object.keys(ErrorSchema.properties))
    t.same(error.required, ['status', 'success', 'error', 'message'])
    let references = 0
    for (const item of Object.values(doc.paths) as any[]) {
      for (const operation of Object.values(item) as any[]) {
        for (const status of ['4XX', '5XX']) {
          t.same(operation.responses[status].content['application/json'].schema, { $ref: '#/components/schemas/Error' })
          references++
        }
      }
    }
    t.ok(references >= 60)
    const validation = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email: 'nope' } })
    t.equal(validation.statusCode, 400)
    t.same(Object.keys(validation.json()).sort(), ['error', 'fields', 'message', 'status', 'success'], 'a 400 has the documented keys')
  })

  t.test('protected operations name their scheme: Authorization: jwt-user|jwt-admin <token>', async (t) => {
    t.same(doc.components.securitySchemes['jwt-user'], {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: 'The scheme and an access token: `Authorization: jwt-user <access token>`. ' +
        'A missing or refused token is 401 with `WWW-Authenticate: jwt-user`.'
    })
    t.equal(doc.components.securitySchemes['jwt-admin'].name, 'Authorization')
    t.same(doc.paths['/v1/users/me'].post.security, [{ 'jwt-user': [] }])
    t.same(doc.paths['/v1/admins/listusers'].post.security, [{ 'jwt-admin': [] }])
    t.same(doc.paths['/v1/posts/publish'].post.security, [{ 'jwt-user': [] }])
    t.same(doc.paths['/v1/orgs/listmembers'].post.security, [{ 'jwt-user': [] }, { 'api-key': [] }], 'a permission: a member\'s token or a key')
    t.same(doc.paths['/v1/orgs/leave'].post.security, [{ 'jwt-user': [] }], 'any member: a token only')
    t.same(doc.paths['/v1/orgs/get'].post.security, [{ 'jwt-user': [] }, { 'api-key': [] }], 'any member, or any key of the organization (apiKeys)')
    t.same(doc.paths['/v1/rooms/publish'].post.security, [{ 'jwt-admin': [] }, { 'api-key': [] }], 'an admin, or a key the route checks itself')
    t.equal(doc.components.securitySchemes['api-key'].name, 'Authorization')
    t.same(doc.paths['/v1/users/login'].post.security, [], 'login is public: security []')
    t.same(doc.paths['/health'].get.security, [])
  })

  t.test('arguments are the JSON body as a client sends it', async (t) => {
    const login = doc.paths['/v1/users/login'].post
    t.equal(login.requestBody.required, true)
    t.same(login.requestBody.content['application/json'].schema.required, ['email', 'password'])
    t.notOk(login.parameters.some((p: any) => p.in === 'query' && p.name === 'email'), 'not repeated as query parameters')
    const list = doc.paths['/v1/admins/listusers'].post.requestBody
    t.equal(list.required, false, 'nothing to send is required')
    t.equal(list.content['application/json'].schema.properties.status.default, 'all', 'a default is documented...')
    t.notOk(list.content['application/json'].schema.required, '...and not required')
    t.notOk(doc.paths['/v1/users/me'].post.requestBody, 'no arguments, no body')
    t.same(doc.paths['/v1/users/me'].post.parameters, [{ $ref: '#/components/parameters/lang' }, { $ref: '#/components/parameters/X-Client' }])
    t.match(doc.components.parameters.lang, { name: 'lang', in: 'query', required: false })
    const res = await app.inject({ method: 'GET', url: '/v1/admins/listusers?status=all&limit=5' })
    t.equal(res.statusCode, 401, 'the query string is accepted too (as documented), here without a token')
  })

  t.test('is the committed openapi.json, which npm run openapi rewrites', async (t) => {
    const committed = readFileSync(OPENAPI_FILE, 'utf8')
    t.equal(committed, await openapiDocument(), 'openapi.json is up to date: run npm run openapi')
    t.same(doc, JSON.parse(committed), 'what the server serves')
  })
})

t.test('GET /docs is the interactive reference, with a strict CSP of its own', async (t) => {
  const app = await build(t)
  const page = await app.inject({ method: 'GET', url: '/docs' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /^text\/html/)
  t.match(page.payload, /<div id="swagger-ui">/)
  const csp = String(page.headers['content-security-policy'])
  t.match(csp, /default-src 'self'/)
  t.match(csp, /script-src 'self';/)
  t.notMatch(csp, /https:|unsafe-inline|upgrade-insecure-requests/, 'nothing from elsewhere, plain http works')
  t.equal(page.headers['x-frame-options'], 'DENY', 'the API security headers too')
  const script = await app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' })
  t.equal(script.statusCode, 200, 'the reference is served from the package, no CDN')
  t.match(script.headers['content-type'], /javascript/)
  const spec = await app.inject({ method: 'GET', url: '/docs/json' })
  t.same(spec.json(), (await app.inject({ method: 'GET', url: '/openapi.json' })).json(), 'the page reads the same document')
  t.equal((await app.inject({ method: 'GET', url: '/docs/static/nope.js' })).statusCode, 404)
  const api = await app.inject({ method: 'POST', url: '/v1/users/login', payload: {} })
  t.equal(api.headers['content-security-policy'], undefined, 'the API answers are as before')
})

t.test('the served document follows the configuration: no register when registration is off', async (t) => {
  const app = await build(t, { env: { REGISTRATION_ENABLED: 'false' } })
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  t.notOk(doc.paths['/v1/users/register'])
  t.ok(doc.paths['/v1/users/login'])
})

t.test('DOCS_ENABLED=false, and production by default: both paths are 404 in the standard body', async (t) => {
  for (const [name, env] of [['DOCS_ENABLED=false', { DOCS_ENABLED: 'false' }], ['production', PRODUCTION]] as const) {
    const app = await build(t, { env })
    for (const url of ['/openapi.json', '/docs', '/docs/', '/docs/json', '/docs/static/swagger-ui-bundle.js']) {
      const res = await app.inject({ method: 'GET', url })
      t.equal(res.statusCode, 404, `${name}: ${url} is 404`)
      t.same(res.json(), NOT_FOUND)
    }
    t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
  }
  const app = await build(t, { env: { ...PRODUCTION, DOCS_ENABLED: 'true' } })
  t.equal((await app.inject({ method: 'GET', url: '/openapi.json' })).statusCode, 200, 'production may turn it on')
})
