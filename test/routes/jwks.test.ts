import t from 'tap'
import { build } from '../helpers/app.js'
import { ENV } from '../helpers/accounts.js'

t.test('GET /.well-known/jwks.json with HS256 publishes no key, cacheable for 10 minutes', async (t) => {
  const app = await build(t, { env: ENV })
  const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
  t.equal(res.statusCode, 200)
  t.same(res.json(), { keys: [] }, 'a shared secret is never published')
  t.equal(res.headers['cache-control'], 'public, max-age=600')
  t.notMatch(res.payload, app.config.accessTokenSecret)
  t.equal((await app.inject({ method: 'POST', url: '/.well-known/jwks.json' })).statusCode, 404, 'GET only')
})
