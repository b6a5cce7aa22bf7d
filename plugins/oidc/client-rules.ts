import { AppError } from '../core/errors.js'
import { notAllowedInKey } from '../orgs/index.js'
import { OAUTH_CLIENT_ERRORS } from './errors.js'
import type { NewOauthClient } from './clients.js'
import { CLAIM_SCOPES } from './claims.js'

/** The OpenID scopes a client may hold besides permissions: `openid`, `offline_access` and those releasing claims (claims.ts). */
export const OIDC_SCOPES: ReadonlySet<string> = new Set(['openid', 'offline_access', ...Object.keys(CLAIM_SCOPES)])
const LOOPBACK: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])
const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code'

const refuse = (code: 'REDIRECT_URI' | 'GRANT_TYPES' | 'ORGANIZATION', reason: string) =>
  new AppError(OAUTH_CLIENT_ERRORS[`OAUTH_CLIENT_BAD_REQUEST_${code}`], { params: { reason } })

/**
 * A redirect URI as RFC 9700 wants it, compared as registered (oidc-provider compares strings):
 * https, or http on a loopback host outside production; no fragment, no wildcard, no credentials.
 */
function checkRedirectUri (uri: string, production: boolean): void {
  // The URL parser drops tabs and newlines and encodes spaces, while the provider compares the string as sent.
  if (/[\u0000-\u0020\u007f]/.test(uri)) throw refuse('REDIRECT_URI', `${JSON.stringify(uri)}: no spaces or control characters`)
  let parsed: URL
  try {
    parsed = new URL(uri)
  } catch {
    throw refuse('REDIRECT_URI', `${uri} is not a URL`)
  }
  if (uri.includes('*')) throw refuse('REDIRECT_URI', `${uri}: no wildcards (redirect URIs match exactly)`)
  if (uri.includes('#')) throw refuse('REDIRECT_URI', `${uri}: no fragment`)
  if (parsed.username || parsed.password) throw refuse('REDIRECT_URI', `${uri}: no user name or password`)
  const loopbackHttp = !production && parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname)
  if (parsed.protocol !== 'https:' && !loopbackHttp) {
    throw refuse('REDIRECT_URI', `${uri}: https only${production ? '' : ' (http on localhost, 127.0.0.1 or [::1])'}`)
  }
}

/**
 * Everything about a client but its organization's existence (the caller reads that): redirect
 * URIs, grants that go together with its type, scopes it may hold.
 */
export function checkClient (client: NewOauthClient, production: boolean): void {
  for (const uri of client.redirectUris) checkRedirectUri(uri, production)
  const grants = new Set(client.grantTypes)
  if (client.type === 'public' && grants.has('client_credentials')) throw refuse('GRANT_TYPES', 'a public client cannot use client_credentials')
  if (grants.has('authorization_code') && client.redirectUris.length === 0) throw refuse('GRANT_TYPES', 'authorization_code needs a redirect URI')
  if (!grants.has('authorization_code') && client.redirectUris.length > 0) throw refuse('REDIRECT_URI', 'redirect URIs are for authorization_code only')
  if (grants.has('refresh_token') && !grants.has('authorization_code') && !grants.has(DEVICE_CODE)) {
    throw refuse('GRANT_TYPES', 'refresh_token comes with authorization_code or device_code')
  }
  const logout = [...client.postLogoutRedirectUris ?? [], ...client.backchannelLogoutUri ? [client.backchannelLogoutUri] : []]
  for (const uri of logout) checkRedirectUri(uri, production)
  if (logout.length > 0 && !grants.has('authorization_code') && !grants.has(DEVICE_CODE)) {
    throw refuse('REDIRECT_URI', 'logout URIs are for a client that signs users in (authorization_code or device_code)')
  }
  if (client.organizationId && !grants.has('client_credentials')) throw refuse('ORGANIZATION', 'only for a client with client_credentials')
  for (const scope of client.scopes) {
    if (OIDC_SCOPES.has(scope)) continue
    if (!scope.includes(':') || notAllowedInKey([scope])) {
      throw new AppError(OAUTH_CLIENT_ERRORS.OAUTH_CLIENT_BAD_REQUEST_SCOPE, { params: { scope } })
    }
  }
}
