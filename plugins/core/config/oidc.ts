import { generateKeyPairSync } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern, invalid } from './concern.js'
import { keptLocally } from './files.js'
import { list } from './forms.js'
import { publicUrlOf } from './server.js'

const Flag = Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true or false (unset: on outside production)' })
const SigningKeys = Type.String({ description: 'a JWKS (JSON) with private keys: an RS256 key, and optionally EdDSA (Ed25519) keys' })
const ResourceServers = Type.String({ description: 'comma-separated absolute http(s) URIs without fragment: the APIs a `resource` parameter may name' })

/** Where the provider is mounted: its issuer is `PUBLIC_URL` followed by this path. */
export const OIDC_PATH = '/oidc'

/** A private JWK as oidc-provider takes it (its `jwks.keys`). */
export type PrivateJwk = Record<string, unknown> & { kty: string, kid?: string, alg?: string }

export interface OidcConfig {
  /** Latchkey as an OpenID provider under /oidc (OIDC_PROVIDER_ENABLED; unset: on outside production). */
  oidcProviderEnabled: boolean
  /** `PUBLIC_URL/oidc` (PUBLIC_URL is the server's, server.ts): the provider's issuer, under which it is mounted. */
  oidcIssuer: string
  /** The provider's signing keys (OIDC_SIGNING_KEYS or its _FILE; generated under DATA_DIR outside production). */
  oidcSigningKeys: PrivateJwk[]
  /**
   * The resource servers (RFC 8707) a client may ask a token for (OIDC_RESOURCE_SERVERS): each
   * gets JWT access tokens (RFC 9068) with itself as the audience; none named, opaque tokens.
   */
  oidcResourceServers: string[]
}

/** Latchkey as an OpenID provider (docs/oidc-provider.md): whether it runs, its issuer and its keys. */
export const oidc = defineConcern({
  env: {
    OIDC_PROVIDER_ENABLED: Type.Optional(Flag),
    OIDC_SIGNING_KEYS: Type.Optional(SigningKeys),
    OIDC_RESOURCE_SERVERS: Type.Optional(ResourceServers)
  },
  read: (env, { isProduction, dataDir }): OidcConfig => {
    const enabled = env.OIDC_PROVIDER_ENABLED === undefined ? !isProduction : env.OIDC_PROVIDER_ENABLED === 'true'
    if (enabled && isProduction && !env.PUBLIC_URL) {
      throw new ConfigError('Invalid configuration: PUBLIC_URL must be set in production when OIDC_PROVIDER_ENABLED=true (the issuer is PUBLIC_URL/oidc)')
    }
    if (enabled && isProduction && !env.OIDC_SIGNING_KEYS) {
      throw new ConfigError('Invalid configuration: OIDC_SIGNING_KEYS (or OIDC_SIGNING_KEYS_FILE) must be set in production when OIDC_PROVIDER_ENABLED=true')
    }
    const oidcIssuer = `${publicUrlOf(env)}${OIDC_PATH}`
    if (!enabled) return { oidcProviderEnabled: false, oidcIssuer, oidcSigningKeys: [], oidcResourceServers: [] }
    const text = env.OIDC_SIGNING_KEYS ?? keptLocally(dataDir, 'oidc-signing-keys.json', generateKeys)
    return { oidcProviderEnabled: true, oidcIssuer, oidcSigningKeys: parseKeys(text), oidcResourceServers: parseResources(env.OIDC_RESOURCE_SERVERS) }
  }
})

/** An RS256 key (OIDC Core's mandatory algorithm, first: the default) and an EdDSA key. */
function generateKeys (): string {
  const stamp = new Date().toISOString().slice(0, 10)
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const ed = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
  return JSON.stringify({
    keys: [
      { ...rsa, kid: `rs256-${stamp}`, alg: 'RS256', use: 'sig' },
      { ...ed, kid: `eddsa-${stamp}`, alg: 'EdDSA', use: 'sig' }
    ]
  })
}

function parseKeys (text: string): PrivateJwk[] {
  let keys: unknown
  try {
    keys = (JSON.parse(text) as { keys?: unknown }).keys
  } catch {
    throw invalid('OIDC_SIGNING_KEYS', SigningKeys, 'text that is not JSON')
  }
  const valid = Array.isArray(keys) && keys.length > 0 && keys.every((k) => typeof k === 'object' && k !== null &&
    typeof (k as PrivateJwk).kty === 'string' && typeof (k as { d?: unknown }).d === 'string')
  if (!valid) throw invalid('OIDC_SIGNING_KEYS', SigningKeys, 'keys without their private part')
  const list = keys as PrivateJwk[]
  if (!list.some((k) => k.kty === 'RSA')) throw invalid('OIDC_SIGNING_KEYS', SigningKeys, 'no RSA key')
  return list
}

/** Each URI as a client sends it in `resource` (oidc-provider compares them as strings). */
function parseResources (text: string | undefined): string[] {
  const uris = list(text)
  for (const uri of uris) {
    const parsed = URL.parse(uri)
    if (!parsed || !/^https?:$/.test(parsed.protocol) || uri.includes('#')) throw invalid('OIDC_RESOURCE_SERVERS', ResourceServers, uri)
  }
  return uris
}
