/**
 * openapi.json for generators and readers: the committed file passes Redocly's recommended
 * ruleset with no error and no warning, every operation has a summary and lists its errors,
 * shared objects are named components, and the headers clients send are declared.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { ROOT } from '../../../paths.js'
import { OPENAPI_FILE } from '../../../scripts/openapi.js'
import { build } from '../../helpers/app.js'
import { collected } from '../../fixtures/route-collector/collect.js'

const run = promisify(execFile)
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly')
const REDIRECTS = ['/v1/users/oauth/{provider}/authorize', '/v1/users/oauth/{provider}/callback']

interface Lint { totals: { errors: number, warnings: number, ignored: number }, problems: Array<{ ruleId: string, location: Array<{ pointer: string }> }> }

/** `redocly lint <file> --format=json` in `cwd` (where it finds .redocly.lint-ignore.yaml, if any); no telemetry. */
async function lint (file: string, cwd: string): Promise<Lint> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }
  const out = await run(REDOCLY, ['lint', file, '--format=json'], { cwd, env, maxBuffer: 64 << 20 })
    .catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }))
  return JSON.parse(out.stdout) as Lint
}

const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'))

t.test('the committed openapi.json passes npx redocly lint (recommended): 0 errors, 0 warnings', async (t) => {
  const result = await lint('openapi.json', ROOT)
  t.same(result.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}`), [], 'no problem')
  t.same(result.totals, { errors: 0, warnings: 0, ignored: 2 }, 'the two redirects of .redocly.lint-ignore.yaml only')
})

t.test('what is ignored is exactly the 2XX of the two redirect-only routes; the linter does catch problems', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-openapi-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(committed))
  const bare = await lint('openapi.json', dir)
  t.same(bare.problems.map((p) => [p.ruleId, p.location[0].pointer]).sort(), REDIRECTS.map((path) =>
    ['operation-2xx-response', `#/paths/${path.replaceAll('/', '~1')}/get/responses`]).sort(), 'without the ignore file: these two only')
  for (const path of REDIRECTS) {
    t.same(Object.keys(committed.paths[path].get.responses).sort(), ['302', '4XX', '5XX'], `${path} only redirects`)
  }
  const broken = structuredClone(committed)
  delete broken.paths['/v1/users/me'].post.summary
  broken.paths['/v1/users/login'].post.security = undefined
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(broken))
  const rules = (await lint('openapi.json', dir)).problems.map((p) => p.ruleId)
  t.ok(rules.includes('operation-summary') && rules.includes('security-defined'), 'a missing summary or security is reported')
})

t.test('every documented route has a one-line summary and a description of its errors', async (t) => {
  collected.routes = []
  const app = await build(t, { routeDirs: [join(ROOT, 'test', 'fixtures', 'route-collector')] })
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const routes = collected.routes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.hidden)
  t.ok(routes.length >= 70, `${routes.length} routes`)
  for (const route of routes) {
    const item = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]
    const operation = item.post ?? item.get
    t.match(operation.summary, /^[A-Z][^\n]{9,79}$/, `${route.operation} has a summary (schema.summary): one line, under 80 characters`)
    t.notMatch(operation.summary, /\.$/, `${route.operation}: a summary, not a sentence`)
    t.match(operation.description, /Errors:\n\n- [45]\d\d `[A-Z_.]+`/, `${route.operation} lists its errors`)
    for (const error of route.errors) t.match(operation.description, `\`${error}\``, `${route.operation} lists ${error}`)
  }
  const login = doc.paths['/v1/users/login'].post.description
  t.match(login, '- 400 `USER.BAD_REQUEST_INVALID_LOGIN_CREDENTIALS`: ', 'with the status and the English message')
  t.match(login, '- 429 `TOO_MANY_REQUESTS`: Too many requests, retry in <after>')
  t.notMatch(login, 'UNAUTHORIZED`', 'a public route is not 401 UNAUTHORIZED')
  t.match(doc.paths['/v1/admins/listusers'].post.description, '- 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): ')
  t.notMatch(doc.paths['/v1/admins/me'].post.description, 'FORBIDDEN_MFA_REQUIRED', 'me is reachable with an aal1 token')
  t.notMatch(doc.paths['/health'].get.description, 'TOO_MANY_REQUESTS', 'the probes are not rate limited')
  t.notOk(doc.paths['/v1/ws'], 'the WebSocket endpoint is left out (docs/websocket.md)')
  t.match(doc.info.description, '/v1/ws')
})

t.test('shared objects are named components, referenced wherever they appear', async (t) => {
  const schemas = committed.components.schemas
  for (const name of ['User', 'AdminUserView', 'Session', 'Factor', 'UserTokens', 'AdminTokens', 'UserTokensRefreshed', 'MfaRequired',
    'AuditEvent', 'Identity', 'Post', 'Error']) t.ok(schemas[name], `${name} is a component`)
  t.same(Object.keys(schemas.User.properties).sort(), ['appMetadata', 'createdAt', 'email', 'familyName', 'givenName', 'id', 'isActive',
    'isEmailConfirmed', 'lastLogin', 'lastLoginAt', 'locale', 'loginCount', 'name', 'picture', 'updatedAt', 'userMetadata', 'zoneinfo'])
  t.same(schemas.UserTokens.properties.user, { $ref: '#/components/schemas/User' })
  t.same(schemas.AdminTokens.properties.admin, { $ref: '#/components/schemas/User' })
  t.same(committed.paths['/v1/users/login'].post.responses['201'].content['application/json'].schema, { $ref: '#/components/schemas/UserTokens' })
  t.same(committed.paths['/v1/users/me'].post.responses['200'].content['application/json'].schema.properties.user, { $ref: '#/components/schemas/User' })
  // No inline copy is left: no object in the operations has the user's properties.
  const inline: string[] = []
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return
    if ((node as any).properties?.isEmailConfirmed || ((node as any).properties?.token && (node as any).properties?.refreshToken)) inline.push(path)
    for (const [key, value] of Object.entries(node)) walk(value, `${path}/${key}`)
  }
  walk(committed.paths, '#/paths')
  t.same(inline, [], 'the user object and the token pair are never inlined')
})

t.test('X-Client and X-Platform are declared header parameters where they are read', async (t) => {
  const { parameters } = committed.components
  t.match(parameters['X-Client'], { name: 'X-Client', in: 'header', required: false })
  t.match(parameters['X-Platform'], { name: 'X-Platform', in: 'header', required: false })
  const refs = (path: string, method = 'post') => committed.paths[path][method].parameters.map((p: { $ref: string }) => p.$ref.split('/').pop())
  for (const path of ['/v1/users/login', '/v1/users/register', '/v1/users/verifymfa', '/v1/users/passkeylogin', '/v1/admins/login']) {
    t.same(refs(path), ['lang', 'X-Client', 'X-Platform'], `${path} opens a session: both`)
  }
  t.same(refs('/v1/users/me'), ['lang', 'X-Client'], 'a protected route: X-Client (the token\'s audience)')
  t.same(refs('/v1/admins/listusers'), ['lang', 'X-Client'])
  t.same(refs('/v1/users/requestpasswordreset'), ['lang'], 'a public route that opens no session: neither')
  t.same(refs('/health', 'get'), ['lang'])
})
