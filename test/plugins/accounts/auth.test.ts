import { randomUUID } from 'node:crypto'
import t from 'tap'
import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import auth from '../../../plugins/accounts/auth.js'
import { ACCOUNT_TYPES, type AccountType } from '../../../plugins/accounts/registry.js'
import { build } from '../../helpers/app.js'
import { ENV, createTestAccount, ownerOf, route, signIn, type TestAccount } from '../../helpers/accounts.js'
import { forgeJwt } from '../../helpers/tokens.js'

const UNAUTHORIZED = { status: 401, success: false, error: 'UNAUTHORIZED', message: 'Authentication is required' }

/** The claims the service itself would mint for `owner`, with `overrides` applied. */
function claims (app: FastifyInstance, kind: AccountType, ownerId: string, tokenVersion: number,
  overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return { sub: ownerId, type: kind.type, tokenVersion, aud: kind.audiences.web, iss: app.config.jwtIssuer, iat: now,
    exp: now + 900, ...overrides }
}

/** Calls the kind's logout route, which answers 200 and changes nothing when no refresh token is given. */
function probe (app: FastifyInstance, kind: AccountType, authorization: string | undefined, client?: string) {
  return app.inject({
    method: 'POST',
    url: route(kind, 'logout'),
    headers: { ...(authorization === undefined ? {} : { authorization }), ...(client ? { 'x-client': client } : {}) }
  })
}

t.test('protected routes accept only a genuine access token of their own account type', async (t) => {
  const app = await build(t, { env: ENV })
  const secret = app.config.accessTokenSecret

  for (const kind of Object.values(ACCOUNT_TYPES)) {
    const other = Object.values(ACCOUNT_TYPES).find((k) => k.type !== kind.type)!
    let owner: TestAccount
    const VERSION = 3
    const sign = (overrides: Record<string, unknown> = {}, header?: Record<string, unknown>) =>
      forgeJwt(claims(app, kind, owner.id, VERSION, overrides), secret, header)

    t.test(`${kind.type}: setup`, async () => {
      owner = await createTestAccount(app, kind)
      await app.sql.unsafe(`update "${kind.ownerTable}" set token_version = $2 where id = $1`, [owner.id, VERSION])
    })

    t.test(`${kind.type}: a token minted with the service's secret and claims is accepted (the control for every case below)`, async (t) => {
      const web = await probe(app, kind, `${kind.scheme} ${sign()}`)
      t.equal(web.statusCode, 200)
      t.same(web.json(), { status: 200, success: true })
      const phone = await probe(app, kind, `${kind.scheme} ${sign({ aud: kind.audiences.app })}`, 'app')
      t.equal(phone.statusCode, 200, 'an app token from an app client')
      const { token } = await signIn(app, kind, owner)
      t.equal((await probe(app, kind, `${kind.scheme} ${token}`)).statusCode, 200, 'a token from login')
    })

    const forged: Array<[string, () => Promise<string> | string, string?]> = [
      ['a token signed with another secret', () => forgeJwt(claims(app, kind, owner.id, VERSION), `${secret}-not`)],
      ['an unsigned token with alg none', () => sign({}, { alg: 'none', typ: 'JWT' })],
      ['an alg none token that still carries a valid HS256 signature', () => {
        const [, payload, signature] = sign().split('.')
        return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.${signature}`
      }],
      ['a token signed with HS512 and the right secret', () => sign({}, { alg: 'HS512', typ: 'JWT' })],
      ['a token signed with HS384 and the right secret', () => sign({}, { alg: 'HS384', typ: 'JWT' })],
      ['an expired token', () => sign({ iat: Math.floor(Date.now() / 1000) - 1000, exp: Math.floor(Date.now() / 1000) - 60 })],
      ['a token without an expiry', () => sign({ exp: undefined })],
      ['a token with the wrong issuer', () => sign({ iss: 'someone-else' })],
      ['a token without an issuer', () => sign({ iss: undefined })],
      ['an app token on a web request', () => sign({ aud: kind.audiences.app })],
      ['a web token on an app request (X-Client: app)', () => sign({ aud: kind.audiences.web }), 'app'],
      [`a token for the ${other.type} audience`, () => sign({ aud: other.audiences.web })],
      ['a token whose audience is a list', () => sign({ aud: [kind.audiences.web, kind.audiences.app] })],
      [`a token whose type claim is ${other.type}`, () => sign({ type: other.type })],
      ['a token of an unknown owner', () => sign({ sub: randomUUID() })],
      ['a token whose sub is not a UUID', () => sign({ sub: 'not-a-uuid' })],
      ['a token of a soft-deleted owner', async () => {
        const gone = await createTestAccount(app, kind, { deletedAt: new Date() })
        return forgeJwt(claims(app, kind, gone.id, 0), secret)
      }],
      ['a token of an inactive owner', async () => {
        const inactive = await createTestAccount(app, kind, { isActive: false })
        return forgeJwt(claims(app, kind, inactive.id, 0), secret)
      }],
      ['a token with a stale tokenVersion', () => sign({ tokenVersion: VERSION - 1 })],
      ['a token with a tokenVersion from the future', () => sign({ tokenVersion: VERSION + 1 })],
      ['a token whose tokenVersion is a string', () => sign({ tokenVersion: String(VERSION) })],
      ['a token without tokenVersion', () => sign({ tokenVersion: undefined })],
      ['a garbage token', () => 'not.a.jwt']
    ]
    for (const [name, make, client] of forged) {
      t.test(`${kind.type}: ${name} is 401 UNAUTHORIZED`, async (t) => {
        const res = await probe(app, kind, `${kind.scheme} ${await make()}`, client)
        t.equal(res.statusCode, 401)
        t.same(res.json(), UNAUTHORIZED, 'the flat UNAUTHORIZED body')
        t.equal(res.headers['www-authenticate'], `${kind.scheme} error="invalid_token"`, 'RFC 6750: the presented token was refused')
        t.equal(res.headers['set-cookie'], undefined, 'the handler did not run')
      })
    }

    t.test(`${kind.type}: a valid token under the wrong scheme, or no header at all, is 401 UNAUTHORIZED`, async (t) => {
      const token = sign()
      const headers = [undefined, `Bearer ${token}`, `${other.scheme} ${token}`, `${kind.scheme.toUpperCase()} ${token}`, token,
        `${kind.scheme}${token}`, `${kind.scheme} `, kind.scheme, '']
      for (const authorization of headers) {
        const res = await probe(app, kind, authorization)
        t.same({ code: res.statusCode, body: res.json(), challenge: res.headers['www-authenticate'] },
          { code: 401, body: UNAUTHORIZED, challenge: kind.scheme },
          `Authorization: ${JSON.stringify(authorization?.slice(0, 24))} (the challenge names the route's scheme)`)
      }
    })

    t.test(`${kind.type}: a genuine ${kind.type} token on a ${other.type} route is 401 UNAUTHORIZED`, async (t) => {
      const { token } = await signIn(app, kind, owner)
      for (const scheme of [other.scheme, kind.scheme]) {
        for (const action of ['logout', 'logoutall'] as const) {
          const res = await app.inject({ method: 'POST', url: route(other, action), headers: { authorization: `${scheme} ${token}` } })
          t.same({ code: res.statusCode, body: res.json() }, { code: 401, body: UNAUTHORIZED }, `${scheme} on ${route(other, action)}`)
        }
      }
    })

    t.test(`${kind.type}: the rejected calls changed nothing`, async (t) => {
      t.equal((await ownerOf(app, kind, owner.id))!.token_version, VERSION, 'tokenVersion is unchanged')
      t.equal((await probe(app, kind, `${kind.scheme} ${sign()}`)).statusCode, 200, 'the control still passes')
    })
  }
})

t.test('a route declares the assurance it needs with auth, and a permission only for users with a checker: otherwise the app does not start', async (t) => {
  const cases: Array<[FastifyContextConfig, RegExp]> = [
    [{ auth: 'user' }, /auth without an assurance/],
    [{ assurance: 'aal1' }, /an assurance without auth/],
    [{ auth: 'admin', assurance: 'policy', permission: 'users:read' }, /a permission needs auth: 'user'/],
    [{ permission: true }, /a permission needs auth: 'user'/],
    // Nothing plugged a permission check in (plugins/orgs does, in the app).
    [{ auth: 'user', assurance: 'policy', permission: 'members:read' }, /nothing checks permissions/]
  ]
  for (const [config, expected] of cases) {
    const app = Fastify()
    t.teardown(() => app.close())
    // The plugin needs the sessions service only once a request comes.
    await app.register(fp(async (scope) => { scope.decorate('sessions', {} as FastifyInstance['sessions']) }, { name: 'sessions' }))
    await app.register(auth)
    app.register(async (scope) => { scope.get('/v1/things', { config }, async () => ({})) })
    await t.rejects(async () => { await app.ready() }, expected, JSON.stringify(config))
  }
})
