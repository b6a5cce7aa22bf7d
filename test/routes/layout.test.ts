/**
 * routes/: the API as files. The document the service serves is the one it served before its
 * endpoints moved here (test/fixtures/openapi-before-layout.json: paths, operations, schemas), and
 * every documented path has its file where the path says: /v1/orgs/create in routes/v1/orgs/create.ts,
 * /v1/users/login in routes/v1/users/login.ts or in a shared folder naming `users`
 * (routes/v1/users+admins/login.ts), a path parameter as a `_name` folder.
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

/** The files that may serve `path`: its own, or one in a shared folder of its version naming its prefix. */
export function candidates (path: string): string[] {
  if (SPECIAL[path]) return [SPECIAL[path]]
  const parts = path.slice(1).split('/').map((p) => p.replace(/^\{(\w+)\}$/, '_$1'))
  const file = `${parts.join('/')}.ts`
  if (parts.length < 3) return [file]
  const [version, prefix, ...rest] = parts
  const versionDir = join(ROUTES, version)
  const shared = existsSync(versionDir)
    ? readdirSync(versionDir).filter((name) => name.includes('+') && name.split('+').includes(prefix))
    : []
  return [file, ...shared.map((folder) => [version, folder, ...rest].join('/') + '.ts')]
}

t.test('the document is the one served before the endpoints moved to routes/', async (t) => {
  const now = JSON.parse(await openapiDocument())
  const before = JSON.parse(readFileSync(BEFORE, 'utf8'))
  t.same(Object.keys(now.paths).sort(), Object.keys(before.paths).sort(), 'the same paths')
  for (const [path, operations] of Object.entries(before.paths)) t.same(now.paths[path], operations, `${path}: the same operation`)
  t.same(now.components, before.components, 'the same schemas, parameters and responses')
  t.same(now, before, 'and nothing else differs')
})

t.test('routes/ mirrors the paths', async (t) => {
  const doc = JSON.parse(readFileSync(BEFORE, 'utf8'))
  t.same(candidates('/v1/users/oauth/{provider}/authorize')[0], 'v1/users/oauth/_provider/authorize.ts', 'a parameter is a _folder')
  const missing = Object.keys(doc.paths).filter((path) => !candidates(path).some((file) => existsSync(join(ROUTES, file))))
  t.same(missing, [], 'every documented path has its file')
  const prefixes = new Set(Object.keys(doc.paths).map((p) => p.split('/').slice(1, 3).join('/')))
  const folders = readdirSync(join(ROUTES, 'v1'), { withFileTypes: true }).filter((e) => e.isDirectory())
    .flatMap((e) => e.name.split('+').map((name) => `v1/${name}`))
  t.same(folders.filter((f) => !prefixes.has(f)), [], 'every folder of routes/v1 is a prefix of the API')
})
