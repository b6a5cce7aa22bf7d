/**
 * Hostile input to every route of openapi.json: wrong types, nulls, huge strings, deep nesting,
 * prototype keys, broken UTF-8, U+0000 in strings and in lists of them, extreme numbers, arrays for objects, extra properties; each sent
 * without credentials, with a user's token (a member of an organization, so organization routes
 * get past the membership check), on admin routes with an admin's, and on the routes that take one
 * with an API key of that organization. Whatever arrives, the answer is never a 5xx, a 4xx has the
 * standard flat body, and no body shows a stack or SQL.
 */
import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../plugins/accounts/registry.js'
import { build } from './helpers/app.js'
import { ENV, createTestAccount, signIn, type TapTest } from './helpers/accounts.js'
import { newKey, newMember, newOrg } from './helpers/orgs.js'

interface Operation { path: string, method: string, security: string[], properties: string[] }
interface Caller { label: string, scheme: string | null, token: () => Promise<string> }

const deep = (depth: number): unknown => {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** What replaces one argument (the others keep their plausible values). */
const VALUES: unknown[] = [null, -1, 1e308, true, ['a', 1, null], { $gt: '' }, 'x'.repeat(20_000), 'a\u0000b\ud800', "' or 1=1 --", deep(200),
  // U+0000 inside a list of well-formed strings (a redirect URI), past checks that parse them.
  ['http://localhost:3000/a\u0000b']]

/** Whole bodies, sent as raw JSON (or raw bytes) so that nothing on our side reshapes them. */
const BODIES: Array<string | Buffer> = [
  'null', '[]', '"x"', '12', '[{}]', '{', '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}',
  deepJson(5_000), deepArray(5_000),
  Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]) // {"email":"<ff fe c3 28>"}
]

/** Query strings: broken percent-encoding and NUL, repeated and bracketed names, prototype keys. */
const QUERIES = (name: string) => [`${name}=%ff%fe%c3%28%00`, `${name}=1&${name}=2&${name}[]=x&${name}[$gt]=`,
  '__proto__[isAdmin]=true&constructor[prototype][isAdmin]=true']

/** Requests in flight at once (the app answers them concurrently, as it would on a port). */
const CONCURRENCY = 8

const STACK_OR_SQL = /\n\s+at |node_modules|\.ts:\d+|\binsert into\b|\bselect\b.+\bfrom\b|\bupdate\b.+\bset\b|\bviolates\b|\bsyntax error\b|\brelation "/i

function operationsOf (doc: Record<string, any>): Operation[] {
  const out: Operation[] = []
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<Record<string, any>>(item)) {
      const schema = op.requestBody?.content?.['application/json']?.schema
      const properties = schema?.properties
        ? Object.keys(schema.properties)
        : (op.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name)
      const security = (op.security ?? []).flatMap((s: Record<string, unknown>) => Object.keys(s))
      out.push({ path, method: method.toUpperCase(), security, properties })
    }
  }
  return out
}

/** Plausible values for the arguments: ids of things the user has, so a mutation reaches past the first check. */
function plausible (properties: string[], organizationId: string): Record<string, unknown> {
  const known: Record<string, unknown> = {
    organizationId, email: 'fuzz@example.com', password: 'correct horse battery staple', name: 'fuzz', slug: 'fuzz-slug', role: 'member',
    token: 'f'.repeat(64), limit: 10, permissions: ['members:read'], q: 'fuzz'
  }
  return Object.fromEntries(properties.map((p) => [p, known[p] ?? (/Id$/.test(p) ? randomUUID() : 'fuzz')]))
}

type Case = Omit<InjectOptions, 'headers'> & { label: string, headers?: Record<string, string> }

/** The cases of one operation: raw bodies, one argument replaced at a time, an extra argument, hostile query strings. */
function casesOf (op: Operation, organizationId: string): Case[] {
  const url = op.path.replace('{provider}', 'google')
  const base = plausible(op.properties, organizationId)
  const json = (payload: unknown) => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } })
  const cases: Case[] = []
  const names = op.properties.length ? op.properties.slice(0, 4) : ['x']
  for (const query of QUERIES(names[0])) cases.push({ label: `?${query.slice(0, 40)}`, method: op.method as 'GET', url: `${url}?${query}` })
  for (const provider of ['%00', '..%2F..', 'x'.repeat(300)]) {
    if (op.path.includes('{provider}')) cases.push({ label: `provider ${provider.slice(0, 20)}`, method: 'GET', url: op.path.replace('{provider}', provider) })
  }
  if (op.method === 'GET') return cases
  for (const body of BODIES) cases.push({ label: `body ${String(body).slice(0, 40)}`, method: 'POST', url, ...json(undefined), payload: body })
  for (const name of names) {
    for (const value of VALUES) cases.push({ label: `${name}=${JSON.stringify(value).slice(0, 40)}`, method: 'POST', url, ...json({ ...base, [name]: value }) })
  }
  cases.push({ label: 'an extra argument', method: 'POST', url, ...json({ ...base, extra: { nested: [1, 2, 3] } }) })
  cases.push({ label: 'plausible arguments', method: 'POST', url, ...json(base) })
  return cases
}

function assertAnswer (t: TapTest, res: LightMyRequestResponse, what: string): void {
  if (res.statusCode >= 500) {
    t.fail(`${what}: ${res.statusCode} ${res.body.slice(0, 400)}`)
    return
  }
  if (STACK_OR_SQL.test(res.body)) t.fail(`${what}: the body shows internals: ${res.body.slice(0, 400)}`)
  if (res.statusCode < 400) return
  let body: Record<string, unknown>
  try {
    body = res.json()
  } catch {
    t.fail(`${what}: ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`)
    return
  }
  const flat = body.status === res.statusCode && body.success === false && typeof body.error === 'string' && typeof body.message === 'string' &&
    (body.fields === undefined || (Array.isArray(body.fields) && body.fields.every((f: any) => typeof f.name === 'string' && typeof f.message === 'string')))
  if (!flat) t.fail(`${what}: ${res.statusCode} without the standard error body: ${res.body.slice(0, 300)}`)
}

t.test('hostile input to every route of openapi.json: never a 5xx, the flat error body on a 4xx, no stack, no SQL', async (t) => {
  const app = await build(t, { env: { ...ENV, API_KEY_RATE_LIMIT_MAX: '100000' } })
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const operations = operationsOf(doc)
  t.ok(operations.length > 90, `${operations.length} operations`)

  const owner = await newMember(app)
  const org = await newOrg(app, owner)
  // Hostile bodies may sign the caller out (logoutall with a plausible body): a fresh sign-in then.
  const fresh = (kind: AccountType, account: Awaited<ReturnType<typeof createTestAccount>>, first: string) => {
    let token = first
    return async () => {
      const me = await app.inject({ method: 'POST', url: `/v1/${kind.path}/me`, headers: { authorization: `jwt-${kind.type} ${token}` } })
      if (me.statusCode === 401) token = (await signIn(app, kind, account)).token
      return token
    }
  }
  const { key } = await newKey(app, owner, org.id, ['org:update', 'members:read', 'members:invite', 'members:update', 'members:remove', 'roles:manage', 'apikeys:manage'])
  const adminAccount = await createTestAccount(app, ACCOUNT_TYPES.admin, { isEmailConfirmed: true })
  const callers: Record<string, Caller> = {
    none: { label: 'unauthenticated', scheme: null, token: async () => '' },
    user: { label: 'a user', scheme: 'jwt-user', token: fresh(ACCOUNT_TYPES.user, owner.account, owner.token) },
    admin: { label: 'an admin', scheme: 'jwt-admin', token: fresh(ACCOUNT_TYPES.admin, adminAccount, (await signIn(app, ACCOUNT_TYPES.admin, adminAccount)).token) },
    key: { label: 'an API key', scheme: 'api-key', token: async () => key }
  }

  const started = Date.now()
  let sent = 0
  const statuses: Record<number, number> = {}
  // Routes that sign the caller out or delete the organization go last, so the others keep them; the
  // caller's own deletion (a fresh session needs no password) after every other.
  const last = (op: Operation) => /deleteaccount$/.test(op.path) ? 2 : /logoutall|logoutothers|changepassword|removefactor|\/delete(org)?$/.test(op.path) ? 1 : 0
  for (const op of operations.sort((a, b) => last(a) - last(b))) {
    const who = [callers.none, callers.user, ...(op.security.includes('jwt-admin') ? [callers.admin] : []), ...(op.security.includes('api-key') ? [callers.key] : [])]
    for (const caller of who) {
      const token = await caller.token()
      // A caller the route does not take is refused before its arguments are read: a sample of the cases is enough.
      const takes = !op.security.length || op.security.includes(caller.scheme ?? '')
      const cases = casesOf(op, org.id).filter((_, i) => takes || i % 6 === 0)
      for (let i = 0; i < cases.length; i += CONCURRENCY) {
        await Promise.all(cases.slice(i, i + CONCURRENCY).map(async ({ label, headers, ...request }) => {
          const res = await app.inject({ ...request, headers: { ...headers, ...(caller.scheme && { authorization: `${caller.scheme} ${token}` }) } })
          sent++
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
          assertAnswer(t, res, `${op.method} ${op.path} as ${caller.label}, ${label}`)
        }))
      }
    }
  }
  t.comment(`${sent} requests in ${Date.now() - started} ms: ${JSON.stringify(statuses)}`)
  t.ok(sent > 4_000, `${sent} requests`)
  t.ok((statuses[400] ?? 0) > sent / 2, 'most are refused as invalid arguments')
  t.ok(Object.keys(statuses).some((s) => Number(s) < 300), 'some plausible requests get through')
  t.equal(({} as Record<string, unknown>).isAdmin, undefined, 'no prototype was polluted')
})
