import t from 'tap'
import * as client from 'openid-client'
import { createRemoteJWKSet, decodeProtectedHeader, importJWK, SignJWT, jwtVerify } from 'jose'
import { oidcApp } from '../../helpers/oidc-app.js'
import { OIDC_SCOPES } from '../../../plugins/oidc/client-rules.js'
import { CLAIM_SCOPES } from '../../../plugins/oidc/claims.js'

t.test('discovery follows RFC 9700: code flow only, PKCE S256, RS256 and EdDSA ID tokens', async (t) => {
  const { issuer } = await oidcApp(t)
  const config = await client.discovery(new URL(issuer), 'nobody', undefined, undefined, { execute: [client.allowInsecureRequests] })
  const meta = config.serverMetadata()
  t.equal(meta.issuer, issuer, 'the issuer is PUBLIC_URL/oidc')
  t.same(meta.response_types_supported, ['code'], 'no implicit or hybrid response type')
  t.same(meta.code_challenge_methods_supported, ['S256'], 'PKCE S256 only, no plain')
  t.notOk(meta.grant_types_supported?.includes('implicit'), 'no implicit grant')
  t.notOk(meta.grant_types_supported?.includes('password'), 'no password grant')
  t.ok(meta.grant_types_supported?.includes('authorization_code'), 'the code grant')
  t.ok(meta.grant_types_supported?.includes('refresh_token'), 'refresh tokens')
  t.ok(meta.grant_types_supported?.includes('client_credentials'), 'client credentials')
  t.same([...(meta.id_token_signing_alg_values_supported ?? [])].sort(), ['EdDSA', 'RS256'], 'ID tokens RS256 and EdDSA')
  t.equal(meta.jwks_uri, `${issuer}/jwks`)
  t.equal(meta.authorization_endpoint, `${issuer}/auth`)
  t.equal(meta.token_endpoint, `${issuer}/token`)
  t.equal(meta.userinfo_endpoint, `${issuer}/me`)
  t.equal(meta.introspection_endpoint, `${issuer}/token/introspection`, 'introspection (RFC 7662)')
  t.equal(meta.revocation_endpoint, `${issuer}/token/revocation`, 'revocation (RFC 7009)')
  t.equal(meta.end_session_endpoint, `${issuer}/session/end`, 'RP-initiated logout')
  t.same([...(meta.grant_types_supported ?? [])].sort(), ['authorization_code', 'client_credentials', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'])
  t.equal(meta.device_authorization_endpoint, `${issuer}/device/auth`, 'device authorization (RFC 8628)')
  t.equal(meta.backchannel_logout_supported, true, 'back-channel logout')
  // Each scope that releases claims (claims.ts) is one a client may be registered with, listed with its claims.
  for (const [scope, claims] of Object.entries(CLAIM_SCOPES)) {
    t.ok(OIDC_SCOPES.has(scope), `${scope} is registrable`)
    t.ok(meta.scopes_supported?.includes(scope), `${scope} is in scopes_supported`)
    for (const claim of Object.keys(claims)) t.ok(meta.claims_supported?.includes(claim), `${claim} is in claims_supported`)
  }
})

t.test('the JWKS publishes public RS256 and EdDSA keys that verify what the provider signs', async (t) => {
  const { issuer, app } = await oidcApp(t)
  const res = await fetch(`${issuer}/jwks`)
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /json/)
  t.equal(res.headers.get('x-content-type-options'), 'nosniff', 'the service\'s security headers')
  const { keys } = await res.json() as { keys: Array<Record<string, unknown>> }
  t.same(keys.map((k) => k.alg).sort(), ['EdDSA', 'RS256'])
  for (const key of keys) {
    t.notOk('d' in key || 'p' in key || 'q' in key, `${String(key.alg)}: no private part is published`)
  }
  // A token signed with each configured private key verifies against the published set.
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`))
  for (const jwk of app.config.oidcSigningKeys) {
    const alg = String(jwk.alg)
    const jwt = await new SignJWT({ probe: true }).setProtectedHeader({ alg, kid: jwk.kid }).setIssuer(issuer).sign(await importJWK(jwk, alg))
    t.equal(decodeProtectedHeader(jwt).kid, jwk.kid)
    const { payload } = await jwtVerify(jwt, jwks, { issuer })
    t.equal(payload.probe, true, `${alg} verifies against the JWKS`)
  }
})

t.test('an unknown path under /oidc is the provider\'s own JSON error, not the service\'s', async (t) => {
  const { issuer } = await oidcApp(t)
  const res = await fetch(`${issuer}/nothing-here`)
  t.equal(res.status, 404)
  const body = await res.json() as Record<string, unknown>
  t.equal(body.error, 'invalid_request')
})

t.test('the provider is off when OIDC_PROVIDER_ENABLED=false', async (t) => {
  const { issuer } = await oidcApp(t, { OIDC_PROVIDER_ENABLED: 'false' })
  const res = await fetch(`${issuer}/.well-known/openid-configuration`)
  t.equal(res.status, 404)
})
