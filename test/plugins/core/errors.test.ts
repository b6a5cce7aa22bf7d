import { join } from 'node:path'
import t from 'tap'
import { AppError, defineErrors, type ErrorTracker } from '../../../plugins/core/errors.js'
import { ROOT } from '../../../paths.js'
import { build, captureLogs } from '../../helpers/app.js'

const routeDirs = [join(ROOT, 'test', 'fixtures', 'routes')]
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const KABOOM = 'kaboom: the fixture failed on purpose'
const PRODUCTION = {
  NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', PUBLIC_URL: 'https://auth.example.com',
  ACCESS_TOKEN_SECRET: 'p'.repeat(32),
  REFRESH_TOKEN_SECRET: 'q'.repeat(48)
}

t.test('error codes: one catalog, and a type the compiler checks', async (t) => {
  t.same(new AppError('NOT_FOUND').def, { error: 'NOT_FOUND', status: 404, keys: ['GLOBAL[not_found]'] }, 'a core code has its error string, status and message key')
  // @ts-expect-error: only the core's codes go by name (npm run typecheck fails without this line)
  t.throws(() => new AppError('USER_TYPO'), /unknown error code USER_TYPO/, 'and fails at run time too')
  const { TEST_TEAPOT } = defineErrors({ TEST_TEAPOT: { error: 'TEST.TEAPOT', status: 418, keys: ['TEST[teapot]'] } })
  const teapot = new AppError(TEST_TEAPOT)
  t.match(teapot, { code: 'TEST_TEAPOT', statusCode: 418, message: 'TEST.TEAPOT' }, 'a domain code is the entry its defineErrors returned')
  t.throws(() => defineErrors({ NOT_FOUND: { error: 'NOT_FOUND', status: 404, keys: [] } }), /NOT_FOUND is defined twice/,
    'a domain cannot redefine a code')
})

t.test('in development and test', async (t) => {
  const app = await build(t, { routeDirs, env: { BODY_LIMIT: '1kb' } })

  t.test('a plain Error from a handler is a 500 with the request id and the debugging details', async (t) => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/boom/throw?page=2',
      payload: { name: 'ada', password: 'hunter2-secret', refreshToken: 'f'.repeat(64) }
    })
    t.equal(res.statusCode, 500)
    const body = res.json()
    t.match(res.headers['x-request-id'], UUID, 'a fresh request id is on the response')
    t.equal(body.requestId, res.headers['x-request-id'], 'requestId equals the X-Request-ID header')
    t.equal(body.status, 500)
    t.equal(body.success, false)
    t.equal(body.error, 'Error', 'error is the name of the thrown error')
    t.equal(body.message, KABOOM)
    t.match(body.stack, /^Error: kaboom[\s\S]*throw\.ts/, 'the stack points at the fixture')
    t.equal(body.reqRoute, '/v1/boom/throw')
    t.equal(body.reqUserType, 'loggedOut')
    t.equal(body.reqUserId, null)
    t.same(body.reqArgs, { page: '2', name: 'ada', password: '********', refreshToken: '********' }, 'the arguments (query and body), password and refreshToken masked')
    t.notMatch(res.body, 'hunter2-secret', 'the password appears nowhere in the body')
    t.notMatch(res.body, 'f'.repeat(64), 'the refresh token appears nowhere in the body')
  })

  t.test('malformed JSON is 400 BAD_REQUEST_INVALID_ARGUMENTS, never a 500', async (t) => {
    for (const payload of ['{"n": 1,', '']) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/echo/args',
        headers: { 'content-type': 'application/json' },
        payload
      })
      t.equal(res.statusCode, 400, `${JSON.stringify(payload)} is a 400`)
      const body = res.json()
      t.same(Object.keys(body).sort(), ['error', 'message', 'status', 'success'], 'the flat body, no internals')
      t.match(body, { status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: /JSON/ })
    }
  })

  t.test('a body over BODY_LIMIT (1kb here) is 413 PAYLOAD_TOO_LARGE in the flat body', async (t) => {
    const big = await app.inject({ method: 'POST', url: '/v1/echo/args', payload: { n: 1, name: 'x'.repeat(2000) } })
    t.equal(big.statusCode, 413)
    t.same(big.json(), {
      status: 413,
      success: false,
      error: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large'
    })
    const small = await app.inject({ method: 'POST', url: '/v1/echo/args', payload: { n: 1, name: 'x'.repeat(900) } })
    t.equal(small.statusCode, 200, 'a body under the limit is accepted')
  })

  t.test('an unknown route is 404 NOT_FOUND in the flat body', async (t) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({ method, url: '/v1/nothing/here' })
      t.equal(res.statusCode, 404)
      t.same(res.json(), { status: 404, success: false, error: 'NOT_FOUND', message: 'Route not found' })
      t.match(res.headers['x-request-id'], UUID, 'a 404 carries a request id too')
    }
  })

  t.test('a path that does not decode is 400 BAD_REQUEST_INVALID_ARGUMENTS in the flat body, with the usual headers', async (t) => {
    for (const url of ['/v1/%zz', '/v1/users/login%E0%A4%A', '/%']) {
      const res = await app.inject({ method: 'POST', url, payload: {} })
      t.equal(res.statusCode, 400, `${url} is a 400`)
      t.same(res.json(), { status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: 'The URL is not valid' })
      t.match(res.headers['x-request-id'], UUID, `${url}: a request id`)
      t.equal(res.headers['x-frame-options'], 'DENY', `${url}: the security headers`)
    }
    const es = await app.inject({ method: 'GET', url: '/v1/%zz', headers: { 'accept-language': 'es' } })
    t.equal(es.json().message, 'La URL no es válida', 'translated like every other message')
  })

  t.test('X-Request-ID is echoed when it is 1 to 128 characters of [A-Za-z0-9._-]', async (t) => {
    for (const id of ['a', 'abc-DEF_123.x', 'x'.repeat(128)]) {
      const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': id } })
      t.equal(res.headers['x-request-id'], id, `${id.slice(0, 20)} (${id.length} characters) is echoed`)
    }
    const failed = await app.inject({ method: 'GET', url: '/v1/boom/throw', headers: { 'x-request-id': 'trace.42' } })
    t.equal(failed.headers['x-request-id'], 'trace.42')
    t.equal(failed.json().requestId, 'trace.42', 'the 500 body carries the echoed id')
  })

  t.test('an unsafe or overlong X-Request-ID is replaced by a fresh UUID', async (t) => {
    const seen = new Set<string>()
    for (const id of ['has spaces', 'x'.repeat(129), 'y'.repeat(200), 'a/b', 'semi;colon', '']) {
      const res = await app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': id } })
      const echoed = res.headers['x-request-id'] as string
      t.match(echoed, UUID, `${JSON.stringify(id.slice(0, 20))} (${id.length} characters) is replaced`)
      seen.add(echoed)
    }
    t.equal(seen.size, 6, 'every replacement is a new id')
  })
})

t.test('in production the 500 body has exactly status, success, error, message and requestId', async (t) => {
  const app = await build(t, { routeDirs, env: PRODUCTION })
  const res = await app.inject({ method: 'POST', url: '/v1/boom/throw', payload: { password: 'hunter2-secret' } })
  t.equal(res.statusCode, 500)
  const body = res.json()
  t.same(Object.keys(body).sort(), ['error', 'message', 'requestId', 'status', 'success'])
  t.same(body, {
    status: 500,
    success: false,
    error: 'INTERNAL_SERVER_ERROR',
    message: 'Something went wrong on our side',
    requestId: res.headers['x-request-id']
  })
  t.notMatch(res.body, 'kaboom', 'the internal message does not leak')
  t.notMatch(res.body, 'hunter2-secret')
})

t.test('tracking and logging', async (t) => {
  const calls: Array<{ error: Error, context: Record<string, unknown> }> = []
  const { stream, lines } = captureLogs()
  const app = await build(t, {
    routeDirs,
    logger: { level: 'info', stream },
    onError: (error, context) => { calls.push({ error, context }) }
  })

  t.test('the error tracking hook is called once with the error and its request context', async (t) => {
    calls.length = 0
    const res = await app.inject({ method: 'PUT', url: '/v1/boom/throw?x=1', headers: { 'x-request-id': 'track-me-1' } })
    t.equal(res.statusCode, 500)
    t.equal(calls.length, 1, 'called once')
    t.equal(calls[0].error.message, KABOOM, 'with the thrown error')
    t.match(calls[0].context, {
      requestId: 'track-me-1',
      method: 'PUT',
      url: '/v1/boom/throw?x=1',
      operation: 'V1BoomThrow',
      userType: 'loggedOut',
      errorName: 'Error',
      errorMessage: KABOOM
    })
    t.equal(calls[0].context.userId, null, 'userId is null for a logged-out caller')

    await app.inject({ method: 'GET', url: '/no/such/route' })
    await app.inject({ method: 'GET', url: '/v1/echo/args?n=x' })
    t.equal(calls.length, 1, '4xx answers are not tracked')
  })

  t.test('one structured log line is written, and the Authorization and cookie values never reach the log', async (t) => {
    lines.length = 0
    const res = await app.inject({
      method: 'POST',
      url: '/v1/boom/throw',
      headers: {
        authorization: 'jwt-user secret-token',
        cookie: 'jwt-user-refresh=secret-cookie-value; i18n-locale=en',
        'x-request-id': 'log-line-1'
      },
      payload: { password: 'hunter2-secret' }
    })
    t.equal(res.statusCode, 500)
    const failures = lines.filter((l) => l.msg === 'request failed')
    t.equal(failures.length, 1, 'exactly one error line')
    t.match(failures[0], {
      level: 50,
      requestId: 'log-line-1',
      method: 'POST',
      url: '/v1/boom/throw',
      userType: 'loggedOut',
      errorName: 'Error',
      errorMessage: KABOOM
    })
    t.equal(failures[0].userId, null)
    t.match(failures[0].err, { message: KABOOM, stack: /throw\.ts/ }, 'the error and its stack are in the line')
    const text = JSON.stringify(lines)
    t.notMatch(text, 'secret-token', 'the access token is not logged')
    t.notMatch(text, 'secret-cookie-value', 'the cookie is not logged')
    t.notMatch(text, 'hunter2-secret', 'the password is not logged')
  })

  t.test('headers a route logs are redacted even when the caller supplies the logger', async (t) => {
    lines.length = 0
    const res = await app.inject({
      method: 'GET',
      url: '/v1/echo/headers',
      headers: { authorization: 'jwt-user secret-token', cookie: 'jwt-user-refresh=secret-cookie-value' }
    })
    t.equal(res.statusCode, 200)
    t.ok(lines.some((l) => l.msg === 'request headers'), 'the route logged its headers')
    const text = JSON.stringify(lines)
    t.notMatch(text, 'secret-token', 'the access token is redacted')
    t.notMatch(text, 'secret-cookie-value', 'the cookie is redacted')
  })
})

t.test('a tracking hook that throws does not change the 500 answer', async (t) => {
  const failingTracker: ErrorTracker = () => { throw new Error('tracker down') }
  const app = await build(t, { routeDirs, onError: failingTracker })
  const res = await app.inject({ method: 'GET', url: '/v1/boom/throw' })
  t.equal(res.statusCode, 500)
  t.match(res.json(), { status: 500, success: false, error: 'Error', message: KABOOM, requestId: res.headers['x-request-id'] })
})
