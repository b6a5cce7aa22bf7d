import t from 'tap'
import type { TapTest } from '../../../helpers/accounts.js'
import { ISO_DATE, UUID_V7, postRow } from '../../../helpers/posts.js'
import { adminToken, authHeader, drain, feedSocket, isEvent, registerUser, start } from '../../../helpers/sockets.js'

const app = await start(t)

function create (token: string | null, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/v1/posts/create',
    payload,
    headers: { ...(token ? authHeader(token) : {}), ...headers }
  })
}

function assertInvalidTitle (t: TapTest, res: { statusCode: number, json: () => any }) {
  t.equal(res.statusCode, 400)
  const body = res.json()
  t.equal(body.error, 'BAD_REQUEST_INVALID_ARGUMENTS')
  t.equal(body.success, false)
  t.match(body.message, /title/, 'the message names title')
  t.same(body.fields.map((f: { name: string }) => f.name), ['title'])
}

t.test('creating a post answers 201 with a draft owned by the caller', async (t) => {
  const user = await registerUser(app)
  const res = await create(user.token, { title: 'A first draft' })
  t.equal(res.statusCode, 201)
  const body = res.json()
  t.same(Object.keys(body).sort(), ['post', 'status', 'success'])
  t.match(body, { status: 201, success: true })
  const { post } = body
  t.same(Object.keys(post).sort(), ['createdAt', 'id', 'publishedAt', 'status', 'title', 'updatedAt', 'userId'])
  t.match(post.id, UUID_V7, 'the id is a version 7 UUID')
  t.match(post, { userId: user.id, title: 'A first draft', status: 'draft', publishedAt: null })
  t.match(post.createdAt, ISO_DATE)
  t.match(post.updatedAt, ISO_DATE)

  const row = await postRow(app, post.id)
  t.match(row, { id: post.id, user_id: user.id, title: 'A first draft', status: 'draft', published_at: null })
  t.equal(row?.created_at.toISOString(), post.createdAt)
})

t.test('the title may come in the query string of a GET', async (t) => {
  const user = await registerUser(app)
  const res = await app.inject({ method: 'GET', url: '/v1/posts/create?title=From%20the%20query', headers: authHeader(user.token) })
  t.equal(res.statusCode, 201)
  t.equal(res.json().post.title, 'From the query')
})

t.test('a title of 300 characters is accepted and one of 301 is not', async (t) => {
  const user = await registerUser(app)
  const ok = await create(user.token, { title: 'x'.repeat(300) })
  t.equal(ok.statusCode, 201)
  t.equal(ok.json().post.title.length, 300)
  assertInvalidTitle(t, await create(user.token, { title: 'x'.repeat(301) }))
})

t.test('a missing or empty title answers 400 and creates nothing', async (t) => {
  const user = await registerUser(app)
  assertInvalidTitle(t, await create(user.token, {}))
  assertInvalidTitle(t, await create(user.token, { title: '' }))
  const [{ n }] = await app.sql`select count(*)::int as n from posts where user_id = ${user.id}`
  t.equal(n, 0)
})

t.test('creating needs a user access token', async (t) => {
  const cases: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['an admin token', { authorization: `jwt-admin ${await adminToken(app)}` }],
    ['a garbage token', { authorization: 'jwt-user nope' }]
  ]
  for (const [what, headers] of cases) {
    const res = await create(null, { title: 'Nope' }, headers)
    t.equal(res.statusCode, 401, `${what}: 401`)
    t.equal(res.json().error, 'UNAUTHORIZED', `${what}: UNAUTHORIZED`)
  }
  const [{ n }] = await app.sql`select count(*)::int as n from posts where title = 'Nope'`
  t.equal(n, 0, 'no post was created')
})

t.test('creating a draft emits nothing', async (t) => {
  const user = await registerUser(app)
  const socket = await feedSocket(t, app, user.token)
  t.equal((await create(user.token, { title: 'Quiet' })).statusCode, 201)
  t.same(await drain(app, socket, user.id, isEvent('POST_PUBLISHED')), [])
})
