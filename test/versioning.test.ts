import { join } from 'node:path'
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { ROOT } from '../paths.js'
import { build } from './helpers/app.js'
import { collected } from './fixtures/route-collector/collect.js'

const FIXTURES = join(ROOT, 'test', 'fixtures')
const collector = join(FIXTURES, 'route-collector')
const routeDirs = [collector, join(FIXTURES, 'routes')]

t.test('versioned routes', async (t) => {
  collected.routes = []
  const app = await build(t, { routeDirs })
  const routes = [...collected.routes]

  t.test('a V2 operation is served at /v2/users/login beside the v1 one', async (t) => {
    const v2 = await app.inject({ method: 'POST', url: '/v2/users/login', payload: {} })
    t.equal(v2.statusCode, 200)
    t.same(v2.json(), { status: 200, success: true, version: 'v2' })
    t.ok(app.hasRoute({ method: 'POST', url: '/v1/users/login' }), '/v1/users/login is still registered')
    const v1 = await app.inject({ method: 'POST', url: '/v1/users/login', payload: {} })
    t.not(v1.statusCode, 404, 'the v1 login answers')
    t.not(v1.json().version, 'v2', 'the v1 login is not the v2 one')
  })

  t.test('/v1/health does not exist: the probes are outside the versions', async (t) => {
    for (const url of ['/v1/health', '/v1/ready', '/v2/health']) {
      const res = await app.inject({ method: 'GET', url })
      t.equal(res.statusCode, 404, `${url} is 404`)
      t.same(res.json(), { status: 404, success: false, error: 'NOT_FOUND', message: 'Route not found' })
    }
    t.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200)
  })

  t.test('every registered route has an operation name', async (t) => {
    t.ok(routes.length >= 10, `${routes.length} routes were collected`)
    t.ok(routes.some((r) => r.url === '/health'), 'the probes are among them')
    t.ok(routes.some((r) => r.url === '/v2/users/login'), 'the fixtures are among them')
    for (const route of routes) {
      t.match(route.operation, /^[A-Z][A-Za-z0-9]+$/, `${route.url} has an operation name (${route.operation})`)
    }
  })

  t.test('every route under /vN/ has an operation name starting with VN', async (t) => {
    const versioned = routes.filter((r) => /^\/v[0-9]+\//.test(r.url))
    t.ok(versioned.length >= 5)
    for (const route of versioned) {
      const version = /^\/v([0-9]+)\//.exec(route.url)![1]
      t.match(route.operation, new RegExp(`^V${version}[A-Z]`), `${route.url} is ${route.operation}`)
    }
  })
})

/**
 * Expects the build to fail. buildApp does not close what it opened before the failure (the
 * LISTEN connection keeps the process alive), so the half-built app is closed through the
 * collector, before the build's teardown drops its database.
 */
async function rejectsAndCloses (t: Test, routeDirs: string[], expected: RegExp) {
  collected.app = null
  try {
    await t.rejects(build(t, { routeDirs }), expected)
  } finally {
    // Set by the collector while the build ran (TypeScript still sees the null assigned above).
    const app = collected.app as FastifyInstance | null
    await app?.close()
  }
}

t.test('a build with a route that has no operation name throws', async (t) => {
  await rejectsAndCloses(t, [collector, join(FIXTURES, 'bad-routes', 'no-operation')],
    /route GET \/v1\/things\/list has no operation name/)
})

t.test('a build with a V1 operation name under /v2/ throws', async (t) => {
  await rejectsAndCloses(t, [collector, join(FIXTURES, 'bad-routes', 'wrong-version')],
    /operation V1Login does not match the version of \/v2\/users\/login/)
})
