import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { loadConfig, ConfigError } from '../../../plugins/core/config.js'
import { build } from '../../helpers/app.js'
import { ENV, authed, createTestAccount, signIn } from '../../helpers/accounts.js'
import { decodeJwt, forgeJwt } from '../../helpers/tokens.js'

const kind = ACCOUNT_TYPES.user
const CURRENT = 'c'.repeat(40)
const OLD = ['o'.repeat(40), 'p'.repeat(40)]

t.test('ACCESS_TOKEN_PREVIOUS_SECRETS: tokens of a secret being rotated out stay accepted, nothing else', async (t) => {
  const app = await build(t, { env: { ...ENV, ACCESS_TOKEN_SECRET: CURRENT, ACCESS_TOKEN_PREVIOUS_SECRETS: OLD.join(', ') } })
  const account = await createTestAccount(app, kind)
  const s = await signIn(app, kind, account)
  const claims = decodeJwt(s.token).payload
  t.equal(forgeJwt(claims, CURRENT), s.token, 'new tokens are signed with the current secret')
  for (const secret of OLD) {
    t.equal((await authed(app, kind, 'me', forgeJwt(claims, secret))).statusCode, 200, 'a token of a previous secret is accepted')
  }
  t.equal((await authed(app, kind, 'me', forgeJwt(claims, 'x'.repeat(40)))).statusCode, 401, 'an unknown secret is refused')
  t.equal((await authed(app, kind, 'me', forgeJwt(claims, OLD[0], { alg: 'HS512', typ: 'JWT' }))).statusCode, 401,
    'another algorithm is refused, even with a previous secret')
  t.equal((await authed(app, kind, 'me', forgeJwt(claims, OLD[0], { alg: 'none', typ: 'JWT' }))).statusCode, 401)
  const expired = { ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 }
  t.equal((await authed(app, kind, 'me', forgeJwt(expired, OLD[0]))).statusCode, 401, 'exp is checked as for current tokens')
  const { iss, ...noIssuer } = claims
  t.equal((await authed(app, kind, 'me', forgeJwt(noIssuer, OLD[0]))).statusCode, 401, `iss (${iss}) is required as for current tokens`)
})

t.test('without previous secrets, a token of another secret is refused', async (t) => {
  const app = await build(t, { env: { ...ENV, ACCESS_TOKEN_SECRET: CURRENT } })
  const account = await createTestAccount(app, kind)
  const claims = decodeJwt((await signIn(app, kind, account)).token).payload
  t.equal((await authed(app, kind, 'me', forgeJwt(claims, OLD[0]))).statusCode, 401)
})

t.test('previous secrets: at least 32 characters each in production; from a file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-prev-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const production = { NODE_ENV: 'production', DATA_DIR: dir, ACCESS_TOKEN_SECRET: CURRENT, REFRESH_TOKEN_SECRET: 'r'.repeat(40) }
  t.throws(() => loadConfig({ ...production, ACCESS_TOKEN_PREVIOUS_SECRETS: `${OLD[0]},short` }), ConfigError)
  const file = join(dir, 'previous')
  writeFileSync(file, `${OLD.join(',')}\n`)
  t.same(loadConfig({ ...production, ACCESS_TOKEN_PREVIOUS_SECRETS_FILE: file }).accessTokenPreviousSecrets, OLD)
  t.same(loadConfig({ DATA_DIR: dir }).accessTokenPreviousSecrets, [], 'none by default')
})
