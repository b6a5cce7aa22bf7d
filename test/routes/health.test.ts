import t from 'tap'
import { build } from '../helpers/app.js'

t.test('GET /health', async (t) => {
  const app = await build(t)
  const res = await app.inject({ method: 'GET', url: '/health' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { status: 200, success: true })
  t.match(res.headers['x-request-id'], /^[0-9a-f-]{36}$/)
})
