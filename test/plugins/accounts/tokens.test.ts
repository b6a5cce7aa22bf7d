import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { loadConfig, ConfigError } from '../../../plugins/core/config.js'
import { buildApp } from '../../../app.js'
import { build, cloneDatabase, testConfig } from '../../helpers/app.js'
import { ENV, authed, createTestAccount, refresh, signIn } from '../../helpers/accounts.js'
import { decodeJwt, forgeEdJwt, forgeJwt } from '../../helpers/tokens.js'

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
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', DATABASE_URL: 'postgres://db.invalid/latchkey', DATA_DIR: dir, ACCESS_TOKEN_SECRET: CURRENT, REFRESH_TOKEN_SECRET: 'r'.repeat(40),
    PUBLIC_URL: 'https://auth.example.com' }
  t.throws(() => loadConfig({ ...production, ACCESS_TOKEN_PREVIOUS_SECRETS: `${OLD[0]},short` }), ConfigError)
  const file = join(dir, 'previous')
  writeFileSync(file, `${OLD.join(',')}\n`)
  t.same(loadConfig({ ...production, ACCESS_TOKEN_PREVIOUS_SECRETS_FILE: file }).accessTokenPreviousSecrets, OLD)
  t.same(loadConfig({ DATA_DIR: dir }).accessTokenPreviousSecrets, [], 'none by default')
})

const edKey = () => generateKeyPairSync('ed25519')
const pem = (pair: ReturnType<typeof edKey>) => ({
  privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }) as string
})

/** What a service in another language does: pick the JWK by kid, check the Ed25519 signature, then the claims. */
function verifyWithJwks (token: string, jwks: { keys: Array<Record<string, string>> }): Record<string, any> | null {
  const [header, payload, signature] = token.split('.')
  const { alg, kid } = JSON.parse(Buffer.from(header, 'base64url').toString())
  const jwk = jwks.keys.find((k) => k.kid === kid)
  if (alg !== 'EdDSA' || !jwk) return null
  const key = createPublicKey({ key: jwk as any, format: 'jwk' })
  if (!verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))) return null
  return JSON.parse(Buffer.from(payload, 'base64url').toString())
}

t.test('EdDSA: tokens carry the key\'s thumbprint and verify with the published JWKS alone', async (t) => {
  const keys = pem(edKey())
  const app = await build(t, { env: { ...ENV, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PRIVATE_KEY: keys.privateKey } })
  const account = await createTestAccount(app, kind)
  const s = await signIn(app, kind, account)
  const { header, payload } = decodeJwt(s.token)

  const res = await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'public, max-age=600')
  const jwks = res.json()
  t.equal(jwks.keys.length, 1)
  const { x } = createPublicKey(keys.publicKey).export({ format: 'jwk' })
  const thumbprint = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url')
  t.same(jwks.keys[0], { kty: 'OKP', crv: 'Ed25519', x, kid: thumbprint, alg: 'EdDSA', use: 'sig' }, 'the public key only, kid = RFC 7638 thumbprint')
  t.notMatch(res.payload, /"d"/, 'no private part')
  t.match(header, { alg: 'EdDSA', typ: 'JWT', kid: thumbprint })

  const claims = verifyWithJwks(s.token, jwks)
  t.same(claims, payload, 'a client holding only the JWKS verifies the token')
  t.match(claims, { sub: account.id, type: 'user', iss: app.config.jwtIssuer, aud: kind.audiences.web })
  t.ok(claims!.exp > Date.now() / 1000, 'and must still check exp, aud and iss itself')
  t.equal(verifyWithJwks(s.token.slice(0, -4) + 'AAAA', jwks), null, 'a changed signature fails for that client too')

  t.equal((await authed(app, kind, 'me', s.token)).statusCode, 200, 'the service accepts its own token')
  const refreshed = await app.inject({ method: 'POST', url: `/v1/users/refresh`, payload: { refreshToken: s.refreshToken } })
  t.equal(refreshed.statusCode, 200)
  t.ok(verifyWithJwks(refreshed.json().token, jwks), 'refreshed tokens too')
})

t.test('EdDSA: every other algorithm, key or claim set is refused', async (t) => {
  const keys = pem(edKey())
  const app = await build(t, { env: { ...ENV, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PRIVATE_KEY: keys.privateKey, ACCESS_TOKEN_SECRET: CURRENT } })
  const account = await createTestAccount(app, kind)
  const { header, payload: claims } = decodeJwt((await signIn(app, kind, account)).token)
  t.equal((await authed(app, kind, 'me', forgeEdJwt(claims, keys.privateKey, header))).statusCode, 200, 'the same claims re-signed with the key pass')
  t.equal((await authed(app, kind, 'me', forgeJwt(claims, CURRENT))).statusCode, 401, 'HS256 with ACCESS_TOKEN_SECRET is refused')
  t.equal((await authed(app, kind, 'me', forgeJwt(claims, keys.publicKey))).statusCode, 401, 'HS256 keyed with the public key (algorithm confusion) is refused')
  t.equal((await authed(app, kind, 'me', forgeJwt(claims, '', { alg: 'none', typ: 'JWT' }))).statusCode, 401)
  t.equal((await authed(app, kind, 'me', forgeEdJwt(claims, pem(edKey()).privateKey, header))).statusCode, 401, 'another Ed25519 key is refused')
  const expired = { ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 }
  t.equal((await authed(app, kind, 'me', forgeEdJwt(expired, keys.privateKey, header))).statusCode, 401, 'exp is checked')
  const { iss, ...noIssuer } = claims
  t.equal((await authed(app, kind, 'me', forgeEdJwt(noIssuer, keys.privateKey, header))).statusCode, 401, `iss (${iss}) is required`)
})

t.test('EdDSA rotation: two instances on one database, the new key signs while the old one stays accepted and published', async (t) => {
  const before = pem(edKey())
  const after = pem(edKey())
  const { url, drop } = await cloneDatabase()
  const old = await buildApp({ config: testConfig({ ...ENV, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PRIVATE_KEY: before.privateKey }, url) })
  const rotated = await buildApp({ config: testConfig({ ...ENV, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PRIVATE_KEY: after.privateKey, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: before.publicKey }, url) })
  t.teardown(async () => {
    await old.close()
    await rotated.close()
    await drop()
  })
  const account = await createTestAccount(old, kind)
  const s = await signIn(old, kind, account)
  // During a rolling deploy a client's requests land on either instance: none may fail.
  t.equal((await authed(rotated, kind, 'me', s.token)).statusCode, 200, 'a token of the old key passes on the new instance')
  const refreshed = await rotated.inject({ method: 'POST', url: '/v1/users/refresh', payload: { refreshToken: s.refreshToken } })
  t.equal(refreshed.statusCode, 200)
  const jwks = (await rotated.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json()
  const kids = jwks.keys.map((k: { kid: string }) => k.kid)
  t.equal(kids.length, 2, 'current and previous key published')
  t.equal(decodeJwt(refreshed.json().token).header.kid, kids[0], 'new tokens are signed with the new key, listed first')
  t.equal(decodeJwt(s.token).header.kid, kids[1])
  t.ok(verifyWithJwks(s.token, jwks) && verifyWithJwks(refreshed.json().token, jwks), 'both verify with the published set')
  t.equal((await authed(old, kind, 'me', refreshed.json().token)).statusCode, 401,
    'an instance still on the old key alone refuses the new key: roll out the public key first (docs/operations.md)')
})

t.test('EdDSA configuration', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-ed-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const keys = pem(edKey())
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', DATABASE_URL: 'postgres://db.invalid/latchkey', DATA_DIR: dir, REFRESH_TOKEN_SECRET: 'r'.repeat(40), ACCESS_TOKEN_ALGORITHM: 'EdDSA',
    PUBLIC_URL: 'https://auth.example.com' }
  t.throws(() => loadConfig(production), /ACCESS_TOKEN_PRIVATE_KEY must be set with ACCESS_TOKEN_ALGORITHM=EdDSA in production/)
  t.equal(loadConfig({ ...production, ACCESS_TOKEN_PRIVATE_KEY: keys.privateKey }).accessTokenAlgorithm, 'EdDSA', 'no ACCESS_TOKEN_SECRET needed')
  t.throws(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.invalid:25', DATA_DIR: dir, REFRESH_TOKEN_SECRET: 'r'.repeat(40) }), /ACCESS_TOKEN_SECRET must be set/, 'HS256 still needs it')
  const escaped = keys.privateKey.trim().replace(/\n/g, '\\n')
  t.equal(loadConfig({ ...production, ACCESS_TOKEN_PRIVATE_KEY: escaped }).accessTokenPrivateKey, keys.privateKey.trim(), 'a one-line PEM with \\n escapes')
  const file = join(dir, 'key.pem')
  writeFileSync(file, keys.privateKey)
  t.equal(loadConfig({ ...production, ACCESS_TOKEN_PRIVATE_KEY_FILE: file }).accessTokenPrivateKey, keys.privateKey.trim(), 'from a file')
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
  for (const bad of [other, 'not a key', keys.publicKey]) {
    const err = t.throws(() => loadConfig({ ...production, ACCESS_TOKEN_PRIVATE_KEY: bad }), ConfigError) as Error
    t.match(err.message, /ACCESS_TOKEN_PRIVATE_KEY must be an Ed25519 private key in PKCS#8 PEM, got another value/)
    t.notMatch(err.message, /BEGIN/, 'the message never repeats the key')
  }
  const previous = [pem(edKey()).publicKey, pem(edKey()).publicKey]
  t.equal(loadConfig({ ...production, ACCESS_TOKEN_PRIVATE_KEY: keys.privateKey, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: previous.join(',') })
    .accessTokenPreviousPublicKeys.length, 2)
  t.throws(() => loadConfig({ ...production, ACCESS_TOKEN_PRIVATE_KEY: keys.privateKey, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: `${previous[0]},junk` }),
    /ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS must be/)
  t.throws(() => loadConfig({ ...production, ACCESS_TOKEN_PRIVATE_KEY: keys.privateKey, ACCESS_TOKEN_PREVIOUS_SECRETS: 'o'.repeat(40) }),
    /ACCESS_TOKEN_PREVIOUS_SECRETS applies to ACCESS_TOKEN_ALGORITHM=HS256 only/)
  t.throws(() => loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: previous[0] }), /applies to ACCESS_TOKEN_ALGORITHM=EdDSA only/)
  t.throws(() => loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'RS256' }), /ACCESS_TOKEN_ALGORITHM must be HS256 or EdDSA/)

  const generated = loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA' }).accessTokenPrivateKey
  t.equal(createPrivateKey(generated!).asymmetricKeyType, 'ed25519', 'development generates a key')
  t.equal(statSync(join(dir, 'access-token-ed25519.pem')).mode & 0o777, 0o600, 'kept under DATA_DIR, private')
  t.equal(loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA' }).accessTokenPrivateKey, generated, 'and reused')
})

t.test('two refreshes of one session in the same second give two tokens, each with its own jti, both accepted', async (t) => {
  const app = await build(t, { env: ENV })
  const account = await createTestAccount(app, kind)
  let { refreshToken } = await signIn(app, kind, account)
  const next = async () => {
    const body = (await refresh(app, kind, { body: { refreshToken } })).json()
    refreshToken = body.refreshToken
    return body.token as string
  }
  // iat is in whole seconds: try again in the rare case the two straddle a second.
  let [first, second] = [await next(), await next()]
  while (decodeJwt(first).payload.iat !== decodeJwt(second).payload.iat) [first, second] = [second, await next()]
  const [a, b] = [decodeJwt(first).payload, decodeJwt(second).payload]
  t.equal(a.sid, b.sid, 'one session family')
  t.not(first, second, 'distinct tokens')
  t.match(a.jti, /^[A-Za-z0-9_-]{22}$/, '16 random bytes, base64url')
  t.not(a.jti, b.jti, 'distinct jti')
  for (const token of [first, second]) t.equal((await authed(app, kind, 'me', token)).statusCode, 200, 'the verifier accepts the claim')
})
