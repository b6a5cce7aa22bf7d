import t from 'tap'
import * as oauth from 'oauth4webapi'
import { ACCOUNT_TYPES } from '../../../plugins/accounts/registry.js'
import { createTestAccount, signIn } from '../../helpers/accounts.js'
import { oidcApp } from '../../helpers/oidc-app.js'
import { createOauthClient } from '../../../plugins/oidc/clients.js'

const REDIRECT = 'http://localhost:5173/cb'
const NUL_URI = 'http://localhost:5173/c\u0000b'
/** What no answer may show: a PostgreSQL error, a stack trace, SQL. */
const INTERNALS = /PostgresError|invalid byte sequence|\n\s+at |\.ts:\d+|node_modules/

t.test('U+0000 in a redirect URI of createoauthclient and updateoauthclient is 400 naming the argument; nothing is written', async (t) => {
  const { app } = await oidcApp(t)
  const admin = await createTestAccount(app, ACCOUNT_TYPES.admin, { isEmailConfirmed: true })
  const { token } = await signIn(app, ACCOUNT_TYPES.admin, admin)
  const call = (action: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/v1/admins/${action}`, payload: body, headers: { authorization: `jwt-admin ${token}` } })
  const code = { name: 'Notes', type: 'confidential', grantTypes: ['authorization_code'], redirectUris: [REDIRECT] }
  const refused = (name: string) => ({
    status: 400, success: false, error: 'BAD_REQUEST_INVALID_ARGUMENTS', message: `Invalid arguments: ${name}`,
    fields: [{ name, message: 'must not contain the character U+0000' }]
  })

  for (const [args, name] of [
    [{ redirectUris: [REDIRECT, NUL_URI] }, 'redirectUris.1'],
    [{ postLogoutRedirectUris: [NUL_URI] }, 'postLogoutRedirectUris.0'],
    [{ backchannelLogoutUri: NUL_URI }, 'backchannelLogoutUri']
  ] as const) {
    const res = await call('createoauthclient', { ...code, ...args })
    t.equal(res.statusCode, 400, `create: ${name}`)
    t.same(res.json(), refused(name), `create: ${name} is named`)
    t.notMatch(res.body, INTERNALS, 'no internals')
  }
  const [{ n }] = await app.sql`select count(*)::int as n from oauth_clients`
  t.equal(n, 0, 'no client was registered')

  const created = await call('createoauthclient', code)
  t.equal(created.statusCode, 201, created.body)
  const { clientId } = created.json().client
  for (const [args, name] of [
    [{ redirectUris: [NUL_URI] }, 'redirectUris.0'],
    [{ backchannelLogoutUri: NUL_URI }, 'backchannelLogoutUri']
  ] as const) {
    const res = await call('updateoauthclient', { clientId, ...args })
    t.equal(res.statusCode, 400, `update: ${name}`)
    t.same(res.json(), refused(name), `update: ${name} is named`)
  }
  const [row] = await app.sql`select redirect_uris, backchannel_logout_uri from oauth_clients where id = ${clientId}`
  t.same([row.redirect_uris, row.backchannel_logout_uri], [[REDIRECT], null], 'the client is unchanged')

  // A control character or a space the URL parser would drop or encode: the provider compares the string as registered.
  for (const uri of ['http://localhost:5173/c\tb', 'http://localhost:5173/c b', 'http://localhost:5173/cb\n']) {
    const res = await call('createoauthclient', { ...code, redirectUris: [uri] })
    t.equal(res.json().error, 'OAUTH_CLIENT.BAD_REQUEST_REDIRECT_URI', JSON.stringify(uri))
  }
})

t.test('U+0000 in a request to the provider is its OAuth error naming the parameter, never a 500', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const { row } = await createOauthClient(app.sql, {
    name: 'spa', type: 'public', redirectUris: [REDIRECT], grantTypes: ['authorization_code'], scopes: ['openid'], organizationId: null
  })
  const machine = await createOauthClient(app.sql, {
    name: 'worker', type: 'confidential', redirectUris: [], grantTypes: ['client_credentials'], scopes: [], organizationId: null
  })
  const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier())
  const base = { client_id: row.id, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, state: 'st', code_challenge: challenge, code_challenge_method: 'S256' }
  const answers: Response[] = []
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${issuer}${path}`, { redirect: 'manual', ...init })
    answers.push(res.clone())
    return res
  }
  const authorize = (params: Record<string, string>) => send(`/auth?${new URLSearchParams({ ...base, ...params })}`)
  const form = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    send(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body) })
  const json = async (res: Response) => await res.json() as { error: string, error_description: string }

  const badRedirect = await authorize({ redirect_uri: NUL_URI })
  t.equal(badRedirect.status, 400, 'redirect_uri: refused, not redirected')
  t.equal((await json(badRedirect)).error, 'invalid_redirect_uri')

  for (const name of ['state', 'nonce']) {
    const res = await authorize({ [name]: 'a\u0000b' })
    const location = new URL(res.headers.get('location') ?? 'http://invalid/')
    t.equal(`${location.origin}${location.pathname}`, REDIRECT, `${name}: the error goes back to the client, as OAuth answers a bad parameter`)
    t.equal(location.searchParams.get('error'), 'invalid_request', name)
    t.equal(location.searchParams.get('error_description'), `${name} must not contain the character U+0000`, `${name} is named`)
  }

  const unknownClient = await authorize({ client_id: `${row.id}\u0000` })
  t.equal(unknownClient.status, 400)
  t.equal((await json(unknownClient)).error, 'invalid_client', 'a client_id with U+0000 is no client')

  const token = await form('/token', { grant_type: 'client_credentials', client_id: 'lkc_\u0000', client_secret: 'x' })
  t.same([token.status, (await json(token)).error], [401, 'invalid_client'], 'at the token endpoint')
  const basic = { authorization: `Basic ${Buffer.from(`${machine.row.id}:${machine.clientSecret!}`).toString('base64')}` }
  const introspected = await form('/token/introspection', { token: 'a\u0000b' }, basic)
  t.equal(introspected.status, 200)
  t.same(await introspected.json(), { active: false }, 'a token with U+0000 is no token')
  const code = await form('/token', { grant_type: 'authorization_code', code: 'a\u0000b', redirect_uri: REDIRECT, code_verifier: 'x'.repeat(43) }, basic)
  t.equal(code.status, 400)

  // The device page: a code with U+0000, and a form posted without the provider's cookie, are the page again, never a 500.
  const page = await send('/device')
  const cookie = page.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(await page.text())![1]!
  const nulCode = await form('/device', { xsrf, user_code: 'AB\u0000CD' }, { cookie })
  t.ok(nulCode.status < 500, `a user code with U+0000: ${nulCode.status}`)
  t.match(await nulCode.text(), 'That code is not right, or has expired')
  const noCookie = await form('/device', { xsrf, user_code: 'BCDF-GHJK' })
  t.equal(noCookie.status, 400, 'a device form without the provider\'s cookie')
  t.match(await noCookie.text(), 'Start again on your device')

  for (const res of answers) t.notMatch(await res.text(), INTERNALS, `${res.url.slice(issuer.length, issuer.length + 30)}: no internals`)
  t.notOk(answers.some((res) => res.status >= 500), 'no 5xx')
})
