import t from 'tap'
import * as oauth from 'oauth4webapi'
import { oidcApp } from '../../helpers/oidc-app.js'
import { createOauthClient } from '../../../plugins/oidc/clients.js'

const REDIRECT = 'http://127.0.0.1:9999/callback'
const insecure = { [oauth.allowInsecureRequests]: true }

/** RFC 9700 at the authorization endpoint: what a client asks wrongly is refused before any sign-in page. */
t.test('the authorization endpoint refuses what RFC 9700 rules out', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const { row } = await createOauthClient(app.sql, {
    name: 'spa', type: 'public', redirectUris: [REDIRECT], grantTypes: ['authorization_code', 'refresh_token'], scopes: ['openid'], organizationId: null
  })
  const verifier = oauth.generateRandomCodeVerifier()
  const challenge = await oauth.calculatePKCECodeChallenge(verifier)
  const base = { client_id: row.id, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT, state: 'st', code_challenge: challenge, code_challenge_method: 'S256' }
  const authorize = async (params: Record<string, string | undefined>) => {
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined))
    return fetch(`${issuer}/auth?${query}`, { redirect: 'manual' })
  }
  const redirectedError = (res: Response) => {
    const location = res.headers.get('location') ?? ''
    if (!location.startsWith(REDIRECT)) return `not redirected: ${res.status} ${location}`
    // A refused implicit request answers in the fragment, as that response type would have.
    const url = new URL(location)
    return url.searchParams.get('error') ?? new URLSearchParams(url.hash.slice(1)).get('error')
  }

  const fine = await authorize(base)
  t.equal(fine.status, 303, 'a correct request goes on to the sign-in')
  t.match(fine.headers.get('location'), /^\/oidc\/interaction\//, 'on Latchkey\'s interaction page')

  for (const uri of [`${REDIRECT}x`, 'http://127.0.0.1:9999/callbacK', 'http://127.0.0.1:9998/callback', `${REDIRECT}?a=1`]) {
    const res = await authorize({ ...base, redirect_uri: uri })
    t.equal(res.status, 400, `${uri}: refused, not redirected`)
    t.equal(res.headers.get('location'), null)
    t.equal((await res.json() as { error: string }).error, 'invalid_redirect_uri', uri)
  }
  t.equal(redirectedError(await authorize({ ...base, code_challenge: undefined, code_challenge_method: undefined })), 'invalid_request', 'no PKCE')
  t.equal(redirectedError(await authorize({ ...base, code_challenge: verifier, code_challenge_method: 'plain' })), 'invalid_request', 'plain PKCE')
  t.equal(redirectedError(await authorize({ ...base, response_type: 'token' })), 'unsupported_response_type', 'implicit')
  t.equal(redirectedError(await authorize({ ...base, response_type: 'id_token' })), 'unsupported_response_type', 'implicit ID token')
})

t.test('the token endpoint has no password grant and no implicit grant', async (t) => {
  const { app, issuer } = await oidcApp(t)
  const { row, clientSecret } = await createOauthClient(app.sql, {
    name: 'web', type: 'confidential', redirectUris: [REDIRECT], grantTypes: ['authorization_code'], scopes: ['openid'], organizationId: null
  })
  const as = await oauth.processDiscoveryResponse(new URL(issuer), await oauth.discoveryRequest(new URL(issuer), { ...insecure, algorithm: 'oidc' }))
  const basic = `Basic ${Buffer.from(`${row.id}:${clientSecret!}`).toString('base64')}`
  for (const grant of ['password', 'implicit']) {
    const res = await fetch(as.token_endpoint!, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: grant, username: 'someone@example.com', password: 'whatever' })
    })
    t.equal(res.status, 400, grant)
    t.equal((await res.json() as { error: string }).error, 'unsupported_grant_type', grant)
  }
  // A grant the provider has but the client was not registered for.
  const cc = await oauth.clientCredentialsGrantRequest(as, { client_id: row.id }, oauth.ClientSecretBasic(clientSecret!), new URLSearchParams(), insecure)
  t.equal(cc.status, 400)
  const ccBody = await cc.json() as { error: string, error_description: string }
  // oidc-provider's code for it (RFC 6749 would say unauthorized_client); refused either way.
  t.equal(ccBody.error, 'invalid_request')
  t.equal(ccBody.error_description, 'requested grant type is not allowed for this client')
})
