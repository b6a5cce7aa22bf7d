import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ROOT } from '../../paths.js'
import { build } from '../helpers/app.js'
import { PRODUCTION_ENV } from '../helpers/accounts.js'

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
const ALL_ON = { DOCS_ENABLED: 'true', DEMO_ENABLED: 'true', ADMIN_CONSOLE_ENABLED: 'true' }
const ALL_OFF = { DOCS_ENABLED: 'false', DEMO_ENABLED: 'false', ADMIN_CONSOLE_ENABLED: 'false' }

t.test('GET / lists where to go: the API, the reference, the demo and the console, each of which answers', async (t) => {
  const app = await build(t, { env: ALL_ON })
  const res = await app.inject({ method: 'GET', url: '/' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  t.same(res.json(), {
    status: 200, success: true, name: 'latchkey', version, api: '/v1/', docs: '/docs', openapi: '/openapi.json', demo: '/demo/', admin: '/admin/'
  })
  for (const path of ['/docs', '/openapi.json', '/demo/', '/admin/']) {
    const page = await app.inject({ method: 'GET', url: path })
    t.ok([200, 302].includes(page.statusCode), `${path} answers (${page.statusCode})`)
  }
})

t.test('GET / leaves out what is off, and the version in production', async (t) => {
  const off = await build(t, { env: ALL_OFF })
  t.same((await off.inject({ method: 'GET', url: '/' })).json(), { status: 200, success: true, name: 'latchkey', version, api: '/v1/' })
  const production = await build(t, { env: PRODUCTION_ENV })
  t.same((await production.inject({ method: 'GET', url: '/' })).json(), { status: 200, success: true, name: 'latchkey', api: '/v1/' },
    'production defaults: no reference, demo or console, and no version')
})

t.test('only GET: another method on / is 404 in the standard body', async (t) => {
  const app = await build(t, { env: ALL_OFF })
  const res = await app.inject({ method: 'POST', url: '/', payload: {} })
  t.equal(res.statusCode, 404)
  t.match(res.json(), { status: 404, success: false, error: 'NOT_FOUND' })
})
