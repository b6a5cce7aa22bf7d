import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../../../paths.js'
import { ANY_METHOD } from '../../../schemas/common.js'
import { build } from '../../helpers/app.js'

const routeDirs = [join(ROOT, 'routes'), join(ROOT, 'test', 'fixtures', 'routes')]

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
