import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../../../paths.js'
import { ANY_METHOD } from '../../../schemas/common.js'
import { build } from '../../helpers/app.js'

const routeDirs = [join(ROOT, 'test', 'fixtures', 'routes')]

t.test('merged arguments', async (t) => {
  const app = await build(t, { routeDirs })

  t.test('a GET with only a query string gets coerced values and defaults', async (t) => {
    const res = await app.inject({ method: 'GET', url: '/v1/echo/args?n=5&name=ab' })
    t.equal(res.statusCode, 200)
    t.same(res.json(), { status: 200, success: true, args: { n: 5, name: 'ab', flag: false } })
    const flagged = await app.inject({ method: 'GET', url: '/v1/echo/args?n=-3&name=abc&flag=true' })
    t.same(flagged.json().args, { n: -3, name: 'abc', flag: true }, "'true' becomes true")
  })

  t.test('every method reads the same arguments from the query string', async (t) => {
    for (const method of ANY_METHOD) {
      const res = await app.inject({ method, url: '/v1/echo/args?n=7&name=xy' })
      t.equal(res.statusCode, 200, `${method} answers 200`)
      t.same(res.json().args, { n: 7, name: 'xy', flag: false }, `${method} sees the coerced query`)
    }
  })

  t.test('the body wins over the query string', async (t) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/v1/echo/args?n=1&name=query', payload: { n: 2, flag: true } })
      t.equal(res.statusCode, 200, `${method} answers 200`)
      t.same(res.json().args, { n: 2, name: 'query', flag: true }, `${method}: n and flag from the body, name from the query`)
    }
  })

  t.test('body values are coerced and defaulted like query values', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/v1/echo/args', payload: { n: '42', name: 'body' } })
    t.equal(res.statusCode, 200)
    t.same(res.json().args, { n: 42, name: 'body', flag: false })
  })

  t.test('a JSON body that is not an object leaves the query string as the arguments', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/v1/echo/args?n=3&name=list', payload: [1, 2, 3] })
    t.equal(res.statusCode, 200)
    t.same(res.json().args, { n: 3, name: 'list', flag: false })
  })

  t.test('lang is removed from the arguments, from the query and from the body', async (t) => {
    const fromQuery = await app.inject({ method: 'GET', url: '/v1/echo/loose?lang=es&name=x&extra=1' })
    t.equal(fromQuery.statusCode, 200)
    t.same(fromQuery.json().args, { name: 'x', extra: '1' }, 'a route that keeps unknown arguments never sees lang')
    const fromBody = await app.inject({ method: 'POST', url: '/v1/echo/loose', payload: { lang: 'es', name: 'y' } })
    t.same(fromBody.json().args, { name: 'y' })
    const strict = await app.inject({ method: 'GET', url: '/v1/echo/args?lang=es&n=1&name=ab' })
    t.equal(strict.statusCode, 200, 'a strict schema does not refuse lang')
    t.same(strict.json().args, { n: 1, name: 'ab', flag: false })
  })

  t.test('two failing arguments give 400 naming both in fields and in the message', async (t) => {
    const res = await app.inject({ method: 'GET', url: '/v1/echo/args?n=five&name=a' })
    t.equal(res.statusCode, 400)
    const body = res.json()
    t.match(body, { status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS' })
    t.same(body.fields.map((f: { name: string }) => f.name).sort(), ['n', 'name'])
    t.match(body.fields, [{ name: 'n', message: /integer/ }, { name: 'name', message: /2 characters/ }])
    t.match(body.message, /\bn\b/, 'the message names n')
    t.match(body.message, /\bname\b/, 'the message names name')
    t.equal(body.requestId, undefined, 'a 4xx carries no requestId')
  })

  t.test('missing required arguments are named the same way', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/v1/echo/args', payload: {} })
    t.equal(res.statusCode, 400)
    t.same(res.json(), {
      status: 400,
      success: false,
      error: 'BAD_REQUEST_INVALID_ARGUMENTS',
      message: 'Invalid arguments: n, name',
      fields: [
        { name: 'n', message: "must have required property 'n'" },
        { name: 'name', message: "must have required property 'name'" }
      ]
    })
  })
})

t.test('hostile input gets a clear 4xx and loses nothing', async (t) => {
  const app = await build(t, { routeDirs, env: { LOGIN_RATE_LIMIT_MAX: '1000' } })

  t.test('a string argument with U+0000 is 400 naming the argument, from the query string or the body', async (t) => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/v1/echo/args?n=1&name=a%00b' }),
      await app.inject({ method: 'POST', url: '/v1/echo/args', payload: { n: 1, name: 'a\u0000b' } })
    ]) {
      t.equal(res.statusCode, 400)
      t.match(res.json(), {
        status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: 'Invalid arguments: name',
        fields: [{ name: 'name', message: 'must not contain the character U+0000' }]
      })
    }
    const es = await app.inject({ method: 'POST', url: '/v1/echo/args?lang=es', payload: { n: 1, name: 'a\u0000b' } })
    t.equal(es.json().fields[0].message, 'no debe contener el carácter U+0000', 'in the request\'s language')
  })

  t.test('U+0000 at any depth the schema types a string is 400 naming its path: array items, a nullable string, nested objects, records', async (t) => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ uris: ['https://a.example.com/', 'https://b.example.com/\u0000'] }, ['uris.1']],
      [{ maybe: 'a\u0000b' }, ['maybe']],
      [{ profile: { name: 'a\u0000', tags: ['ok', '\u0000'] } }, ['profile.name', 'profile.tags.1']],
      [{ labels: { team: 'a\u0000b' } }, ['labels.team']],
      [{ labels: { 'te\u0000am': 'ok' } }, ['labels']],
      // What validation would coerce: a one-item list into a string, a string into a one-item list.
      [{ maybe: ['a\u0000b'] }, ['maybe']],
      [{ uris: 'https://b.example.com/\u0000' }, ['uris']]
    ]
    for (const [payload, names] of cases) {
      const res = await app.inject({ method: 'POST', url: '/v1/echo/nested', payload })
      t.equal(res.statusCode, 400, JSON.stringify(payload))
      t.same(res.json(), {
        status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: `Invalid arguments: ${names.join(', ')}`,
        fields: names.map((name) => ({ name, message: 'must not contain the character U+0000' }))
      }, names.join(', '))
    }
    const fine = await app.inject({ method: 'POST', url: '/v1/echo/nested', payload: { uris: ['https://a.example.com/'], maybe: null, labels: { team: 'x' } } })
    t.equal(fine.statusCode, 200, 'the same arguments without U+0000 pass')
    const untyped = await app.inject({ method: 'POST', url: '/v1/echo/nested', payload: { opaque: { deep: ['a\u0000b'] } } })
    t.equal(untyped.statusCode, 200, 'an argument the schema leaves untyped is the route\'s to judge')
  })

  t.test('a NUL in a post title (the case that was a 500 from PostgreSQL) or a login email is 400 naming it', async (t) => {
    const registered = await app.inject({ method: 'POST', url: '/v1/users/register', payload: { email: 'nul@example.com', password: 'long enough password' } })
    const created = await app.inject({
      method: 'POST', url: '/v1/posts/create', payload: { title: 'a\u0000b' }, headers: { authorization: `jwt-user ${registered.json().token}` }
    })
    t.equal(created.statusCode, 400)
    t.same(created.json().fields, [{ name: 'title', message: 'must not contain the character U+0000' }])
    const [{ n }] = await app.sql`select count(*)::int as n from posts`
    t.equal(n, 0, 'nothing was written')
    const login = await app.inject({ method: 'POST', url: '/v1/users/login', payload: { email: 'a\u0000@example.com', password: 'x' } })
    t.equal(login.statusCode, 400)
    t.same(login.json().fields, [{ name: 'email', message: 'must not contain the character U+0000' }])
  })

  t.test('a refresh token with a NUL is not a string argument: it matches no session (401)', async (t) => {
    const res = await app.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: 'a\u0000b' } })
    t.equal(res.statusCode, 401)
    t.equal(res.json().error, 'USER.UNAUTHORIZED_INVALID_REFRESH_TOKEN')
  })

  t.test('a text/plain body (fetch with a string body) is 415, not silently ignored', async (t) => {
    for (const [type, payload] of [['text/plain', '{"n":1,"name":"ab"}'], ['text/plain;charset=UTF-8', 'n=1'],
      ['application/x-www-form-urlencoded', 'n=1&name=ab'], ['multipart/form-data; boundary=x', '--x--']]) {
      const res = await app.inject({ method: 'POST', url: '/v1/echo/args', payload, headers: { 'content-type': type } })
      t.equal(res.statusCode, 415, type)
      t.same(res.json(), {
        status: 415, success: false, error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the arguments as JSON or in the query string'
      }, `${type}: the standard body`)
    }
  })

  t.test('fields[].message is in the request\'s language', async (t) => {
    const en = await app.inject({ method: 'POST', url: '/v1/echo/args', payload: { name: 'ab' } })
    t.same(en.json().fields, [{ name: 'n', message: "must have required property 'n'" }])
    const es = await app.inject({ method: 'POST', url: '/v1/echo/args', payload: { name: 'ab' }, headers: { 'accept-language': 'es' } })
    t.same(es.json().fields, [{ name: 'n', message: 'debe tener la propiedad requerida n' }])
  })

  t.test('a value that fails a pattern is "not in the expected format", never the regular expression', async (t) => {
    const echo = await app.inject({ method: 'GET', url: '/v1/echo/pattern?code=12' })
    t.equal(echo.statusCode, 400)
    t.same(echo.json().fields, [{ name: 'code', message: 'is not in the expected format' }])
    t.notMatch(echo.body, '[A-Z]', 'the pattern is not shown')
  })
})
