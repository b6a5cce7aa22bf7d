import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern } from './concern.js'
import { list } from './forms.js'

/** One OpenID Connect provider, from OIDC_<N>_* (N: its name upper-cased, `-` as `_`). */
export interface OidcProviderConfig {
  /** As in the URLs: /v1/users/oauth/<name>/authorize. */
  name: string
  /** The issuer, or its discovery document's URL. */
  issuer: string
  clientId: string
  clientSecret?: string
  scopes: string
  label: string
}

export interface FederationConfig {
  oidcProviders: OidcProviderConfig[]
  /** Prefixes a provider sign-in may send the browser back to, besides PUBLIC_APP_URL (core/links.ts appUrl). */
  oauthRedirectUrls: string[]
}

const NAME = /^[a-z0-9-]{1,32}$/
const KEYS = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'SCOPES', 'LABEL'] as const

/** The prefix of a provider's variables: `my-idp` -> OIDC_MY_IDP_. */
export const providerPrefix = (name: string) => `OIDC_${name.toUpperCase().replace(/-/g, '_')}_`

/** Sign-in through OpenID Connect providers: which ones, and where the browser may be sent back. */
export const federation = defineConcern({
  env: {
    OIDC_PROVIDERS: Type.Optional(Type.String({ description: 'comma-separated provider names of lower-case letters, digits and -' })),
    OAUTH_REDIRECT_URLS: Type.Optional(Type.String({ description: 'comma-separated URL prefixes (https://app.example.com/auth, com.example.app:/oauth)' }))
  },
  dynamic: new RegExp(`^OIDC_[A-Z0-9_]+_(${KEYS.join('|')})$`),
  read: (env): FederationConfig => {
    const names = list(env.OIDC_PROVIDERS)
    const oidcProviders = names.map((name) => {
      if (!NAME.test(name)) {
        throw new ConfigError(`Invalid configuration: OIDC_PROVIDERS must be ${federation.env.OIDC_PROVIDERS.description}, got "${name}"`)
      }
      const prefix = providerPrefix(name)
      const value = (key: typeof KEYS[number]) => env[`${prefix}${key}`]
      for (const key of ['ISSUER', 'CLIENT_ID'] as const) {
        if (!value(key)) throw new ConfigError(`Invalid configuration: ${prefix}${key} must be set for the provider ${name} of OIDC_PROVIDERS`)
      }
      if (!/^https?:\/\//.test(value('ISSUER')!)) {
        throw new ConfigError(`Invalid configuration: ${prefix}ISSUER must be the provider's http(s):// issuer URL, got "${value('ISSUER')}"`)
      }
      const scopes = value('SCOPES') ?? 'openid email profile'
      if (!scopes.split(/\s+/).includes('openid')) {
        throw new ConfigError(`Invalid configuration: ${prefix}SCOPES must include openid, got "${scopes}"`)
      }
      return { name, issuer: value('ISSUER')!, clientId: value('CLIENT_ID')!, clientSecret: value('CLIENT_SECRET'), scopes, label: value('LABEL') ?? name }
    })
    if (new Set(names).size !== names.length) throw new ConfigError('Invalid configuration: OIDC_PROVIDERS must not name a provider twice')
    const oauthRedirectUrls = list(env.OAUTH_REDIRECT_URLS)
    for (const url of oauthRedirectUrls) {
      // A custom scheme (com.example.app:/callback) is how a mobile app gets the browser back.
      if (!/^[a-z][a-z0-9+.-]*:\/?\/?[^\s?#]+$/i.test(url)) {
        throw new ConfigError(`Invalid configuration: OAUTH_REDIRECT_URLS must be ${federation.env.OAUTH_REDIRECT_URLS.description}, got "${url}"`)
      }
    }
    return { oidcProviders, oauthRedirectUrls }
  }
})
