/**
 * routes/: the API as files. The document the service serves keeps all of the one it served before
 * its endpoints moved here (test/fixtures/openapi-before-layout.json: paths, operations, schemas;
 * later sections only add to it), and
 * every documented path has its file where the path says: /v1/orgs/create in routes/v1/orgs/create.ts,
 * a path parameter as a `_name` folder; /v1/admins/login in routes/v1/admins/login.ts, or in a
 * file of another folder of its version that declares it serves `admins` too
 * (routes/v1/users/login.ts: `export const sharedWith = ['admins']`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../../paths.js'
import { openapiDocument } from '../../scripts/openapi.js'

const ROUTES = join(ROOT, 'routes')
const BEFORE = join(ROOT, 'test', 'fixtures', 'openapi-before-layout.json')
// Outside the versions, where the path is not a file name.
const SPECIAL: Record<string, string> = { '/': 'root.ts', '/.well-known/jwks.json': 'jwks.ts' }

/** The prefixes a route file declares it is served under besides its own folder's. */
const sharedWith = (file: string) => JSON.parse((/export const sharedWith = (\[[^\]]*\])/.exec(readFileSync(join(ROUTES, file), 'utf8'))?.[1] ?? '[]').replace(/'/g, '"')) as string[]

/** The files that may serve `path`: its own, or one in another folder of its version that shares itself with the path's prefix. */
function candidates (path: string): string[] {
  if (SPECIAL[path]) return [SPECIAL[path]]
  const parts = path.slice(1).split('/').map((p) => p.replace(/^\{(\w+)\}$/, '_$1'))
  const file = `${parts.join('/')}.ts`
  if (parts.length < 3) return [file]
  const [version, prefix, ...rest] = parts
  const versionDir = join(ROUTES, version)
  const shared = readdirSync(versionDir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== prefix)
    .map((e) => [version, e.name, ...rest].join('/') + '.ts')
    .filter((other) => existsSync(join(ROUTES, other)) && sharedWith(other).includes(prefix))
  return [file, ...shared]
}

/**
 * What changed since, on purpose (besides what later sections add): /v1/rooms/publish declares its access like every other route
 * (`auth: 'admin'` with `apiKeys`) instead of checking tokens itself, so the document now says what
 * it always did: it reads X-Client, and answers admins' second-factor error; and the API keys
 * /v1/orgs/get always accepted (`apiKeys: true`) are listed in its security.
 */
function corrected (before: any): any {
  const doc = structuredClone(before)
  const publish = doc.paths['/v1/rooms/publish'].post
  publish.security = [{ 'jwt-admin': [] }, { 'api-key': [] }]
  publish.parameters = [...publish.parameters, { $ref: '#/components/parameters/X-Client' }]
  publish.description = publish.description.replace('\n- 404 `ORG.NOT_FOUND`', '\n- 403 `ADMIN.FORBIDDEN_MFA_REQUIRED` (with ADMIN_MFA_REQUIRED=true, to an aal1 token): ' +
    'Admins must sign in with a second factor: enrol one (enrolltotp) and sign in again\n- 404 `ORG.NOT_FOUND`')
  doc.paths['/v1/orgs/get'].post.security.push({ 'api-key': [] })
  // Section 30: `profile` is a scope an OAuth client may be registered with.
  for (const path of ['/v1/admins/createoauthclient', '/v1/admins/updateoauthclient']) {
    doc.paths[path].post.requestBody.content['application/json'].schema.properties.scopes.items.description = 'openid, offline_access, email, profile, or a permission'
  }
  return doc
}

/**
 * Where `now` lost or changed something of `before` (paths like `paths./v1/me.post.summary`): every
 * key of an object is kept with what it held, and every item of a list (an enum, the parameters,
 * the security schemes) is still in it. What later sections add (a path, a property, an enum value,
 * an optional argument) is not a difference: clients of the document before see the same API.
 */
function lost (now: unknown, before: unknown, at = ''): string[] {
  if (Array.isArray(before)) {
    if (!Array.isArray(now)) return [at]
    return before.flatMap((item, i) => now.some((other) => !lost(other, item).length) ? [] : [`${at}[${i}]`])
  }
  if (before && typeof before === 'object') {
    if (!now || typeof now !== 'object' || Array.isArray(now)) return [at]
    return Object.entries(before).flatMap(([key, value]) => key in now ? lost((now as Record<string, unknown>)[key], value, at ? `${at}.${key}` : key) : [`${at}.${key}`])
  }
  return now === before ? [] : [at]
}

t.test('the document keeps all of the one served before the endpoints moved to routes/', async (t) => {
  const now = JSON.parse(await openapiDocument())
  const before = JSON.parse(readFileSync(BEFORE, 'utf8'))
  t.same(Object.keys(before.paths).filter((path) => !(path in now.paths)), [], 'no path is gone')
  const expected = corrected(before)
  t.not(JSON.stringify(expected), JSON.stringify(before), 'the corrections change the document before')
  for (const [path, operations] of Object.entries(expected.paths)) t.same(lost(now.paths[path], operations), [], `${path}: the same operation`)
  t.same(lost(now.components, before.components), [], 'the same schemas, parameters and responses, or more')
  t.same(lost(now, expected), [], 'and nothing else is lost or changed but the corrections above')
  t.same(lost({ a: [1, 2], b: { c: 'x' } }, { a: [1, 2, 3], b: { c: 'x' } }), ['a[2]'], 'a lost enum value is a difference')
  t.same(lost({ a: [1], b: { c: 'y' } }, { a: [1], b: { c: 'x', d: 1 } }), ['b.c', 'b.d'], 'as is a changed or lost key')
})

t.test('routes/ mirrors the paths', async (t) => {
  const doc = JSON.parse(readFileSync(BEFORE, 'utf8'))
  t.same(candidates('/v1/users/oauth/{provider}/authorize')[0], 'v1/users/oauth/_provider/authorize.ts', 'a parameter is a _folder')
  t.same(candidates('/v1/admins/login'), ['v1/admins/login.ts', 'v1/users/login.ts'], 'the admins\' login is the users\' file, which says so')
  t.same(candidates('/v1/admins/register'), ['v1/admins/register.ts'], 'the users\' register does not serve admins')
  t.same(candidates('/v1/admins/createwebhook'), ['v1/admins/createwebhook.ts', 'v1/orgs/createwebhook.ts'], 'nor only accounts: the webhook endpoints')
  const missing = Object.keys(doc.paths).filter((path) => !candidates(path).some((file) => existsSync(join(ROUTES, file))))
  t.same(missing, [], 'every documented path has its file')
  const prefixes = new Set(Object.keys(doc.paths).map((p) => p.split('/').slice(1, 3).join('/')))
  const folders = readdirSync(join(ROUTES, 'v1'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `v1/${e.name}`)
  t.same(folders.filter((f) => !prefixes.has(f)), [], 'every folder of routes/v1 is a prefix of the API')
})
