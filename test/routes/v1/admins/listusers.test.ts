import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../../../../plugins/accounts/registry.js'
import { build } from '../../../helpers/app.js'
import { ENV, assertError, createTestAccount, signIn, uniqueEmail } from '../../../helpers/accounts.js'
import { adminToken } from '../../../helpers/sockets.js'

const VIEW_KEYS = ['appMetadata', 'createdAt', 'deletedAt', 'email', 'familyName', 'givenName', 'id', 'isActive', 'isEmailConfirmed', 'lastLogin',
  'lastLoginAt', 'locale', 'loginCount', 'name', 'picture', 'tokenVersion', 'updatedAt', 'userMetadata', 'zoneinfo']

const app = await build(t, { env: ENV })
const admin = await adminToken(app)

function list (query: Record<string, string | number>, token = admin) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
  return app.inject({ method: 'GET', url: `/v1/admins/listusers?${qs}`, headers: { authorization: `jwt-admin ${token}` } })
}

/** Every page of a listing, following nextCursor. */
async function allPages (target: FastifyInstance, query: Record<string, string | number>, onPage?: () => Promise<void>) {
  const ids: string[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 1000; pages++) {
    const res = await list({ ...query, ...(cursor ? { cursor } : {}) })
    if (res.statusCode !== 200) throw new Error(res.body)
    const body = res.json()
    ids.push(...body.users.map((u: any) => u.id))
    cursor = body.nextCursor
    if (!cursor) return ids
    await onPage?.()
  }
  throw new Error(`no end of pages on ${target.server.address()}`)
}

t.test('searches by email substring, case-insensitively, with LIKE wildcards taken literally', async (t) => {
  const tag = uniqueEmail('x').slice(2, 12)
  const a = await createTestAccount(app, ACCOUNT_TYPES.user, { email: `Ana.${tag}@latchkey.test` })
  const b = await createTestAccount(app, ACCOUNT_TYPES.user, { email: `bob_${tag}@latchkey.test` })
  await createTestAccount(app, ACCOUNT_TYPES.user, { email: `bobx${tag}@latchkey.test` })
  const res = await list({ q: tag.toUpperCase() })
  t.equal(res.statusCode, 200)
  const body = res.json()
  t.equal(body.users.length, 3)
  for (const user of body.users) t.same(Object.keys(user).sort(), VIEW_KEYS, 'the user object plus deletedAt and tokenVersion')
  t.same(body.users.slice(-2).map((u: any) => u.id).reverse(), [a.id, b.id], 'newest first')
  t.same((await list({ q: `bob_${tag}` })).json().users.map((u: any) => u.id), [b.id], '_ is not a wildcard')
  t.same((await list({ q: `%${tag}` })).json().users, [], '% is not a wildcard')
})

t.test('filters by status', async (t) => {
  const tag = uniqueEmail('s').slice(2, 12)
  const active = await createTestAccount(app, ACCOUNT_TYPES.user, { email: `a${tag}@latchkey.test` })
  const inactive = await createTestAccount(app, ACCOUNT_TYPES.user, { email: `i${tag}@latchkey.test`, isActive: false })
  const deleted = await createTestAccount(app, ACCOUNT_TYPES.user, { email: `d${tag}@latchkey.test`, deletedAt: new Date() })
  const ids = async (status: string) => (await list({ q: tag, status })).json().users.map((u: any) => u.id)
  t.same(await ids('active'), [active.id])
  t.same(await ids('inactive'), [inactive.id])
  t.same(await ids('deleted'), [deleted.id])
  t.same(await ids('all'), [deleted.id, inactive.id, active.id])
  const view = (await list({ q: tag, status: 'deleted' })).json().users[0]
  t.type(view.deletedAt, 'string')
  t.equal(view.tokenVersion, 0)
})

t.test('cursor pagination visits every user exactly once while users are inserted between pages', async (t) => {
  const tag = uniqueEmail('p').slice(2, 12)
  const existing: string[] = []
  for (let i = 0; i < 250; i++) existing.push((await createTestAccount(app, ACCOUNT_TYPES.user, { email: `p${i}.${tag}@latchkey.test` })).id)
  let inserted = 0
  const seen = await allPages(app, { q: tag, limit: 17 }, async () => {
    await Promise.all([0, 1].map(() => createTestAccount(app, ACCOUNT_TYPES.user, { email: `n${inserted++}.${tag}@latchkey.test` })))
  })
  t.equal(new Set(seen).size, seen.length, 'no user twice')
  t.same(seen, [...existing].reverse(), 'every user that existed at the start, newest first, none skipped; newer ones are not mixed in')
  t.ok(inserted > 20, `${inserted} users were inserted meanwhile`)
})

t.test('limit bounds and bad arguments are 400 naming them; a made-up cursor too', async (t) => {
  for (const [query, name] of [[{ limit: 0 }, 'limit'], [{ limit: 101 }, 'limit'], [{ status: 'gone' }, 'status'],
    [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor']] as const) {
    const body = assertError(t, await list(query), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.same(body.fields.map((f: any) => f.name), [name])
  }
  t.equal((await list({ limit: 100 })).statusCode, 200)
  t.equal((await list({})).json().users.length <= 20, true, 'default limit 20')
})

t.test('a wrong status says which values are allowed, and a made-up cursor says what it is not, in the request\'s language', async (t) => {
  const cases = [
    [{ status: 'bogus' }, 'status', 'must be one of: active, inactive, deleted, all', 'debe ser uno de estos valores: active, inactive, deleted, all'],
    [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor', 'is not a cursor of this list', 'no es un cursor de esta lista']
  ] as const
  for (const [query, name, en, es] of cases) {
    t.same(assertError(t, await list(query), 400, 'BAD_REQUEST_INVALID_ARGUMENTS').fields, [{ name, message: en }], `${name} in English`)
    const spanish = assertError(t, await list({ ...query, lang: 'es' }), 400, 'BAD_REQUEST_INVALID_ARGUMENTS')
    t.equal(spanish.message, `Argumentos no válidos: ${name}`)
    t.same(spanish.fields, [{ name, message: es }], `${name} in Spanish (?lang=es)`)
  }
  const byHeader = await app.inject({ method: 'GET', url: '/v1/admins/listusers?status=bogus',
    headers: { authorization: `jwt-admin ${admin}`, 'accept-language': 'es' } })
  t.notMatch(byHeader.body, 'deber ser', 'not ajv-i18n\'s own Spanish')
  t.match(byHeader.json().fields, [{ name: 'status', message: /^debe ser uno de estos valores: active/ }], 'Accept-Language too')
})

t.test('only admins: a user token is 401', async (t) => {
  const user = await signIn(app, ACCOUNT_TYPES.user, await createTestAccount(app, ACCOUNT_TYPES.user))
  assertError(t, await app.inject({ method: 'GET', url: '/v1/admins/listusers', headers: { authorization: `jwt-user ${user.token}` } }), 401, 'UNAUTHORIZED')
  assertError(t, await app.inject({ method: 'GET', url: '/v1/admins/listusers', headers: { authorization: `jwt-admin ${user.token}` } }), 401, 'UNAUTHORIZED')
})
