import { generateKeyPairSync } from 'node:crypto'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { production, refuses, tempDir } from '../../../helpers/config.js'

const rsaJwks = () => JSON.stringify({
  keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256' }]
})

t.test('outside production the provider is on, its issuer base on PORT and its keys generated once into DATA_DIR', async (t) => {
  const dir = tempDir(t)
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir, PORT: '9123' })
  t.equal(config.oidcProviderEnabled, true)
  t.equal(config.publicUrl, 'http://localhost:9123')
  t.same(config.oidcSigningKeys.map((k) => k.alg), ['RS256', 'EdDSA'])
  const file = join(dir, 'oidc-signing-keys.json')
  t.ok(existsSync(file))
  t.equal(statSync(file).mode & 0o777, 0o600, 'owner only')
  const again = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir })
  t.same(again.oidcSigningKeys, config.oidcSigningKeys, 'the same keys on the next start')
  t.equal(again.publicUrl, 'http://localhost:8000')
})

t.test('production: off by default; on, it needs PUBLIC_URL and the keys', async (t) => {
  const dir = tempDir(t)
  t.equal(loadConfig(production(dir)).oidcProviderEnabled, false)
  t.notOk(existsSync(join(dir, 'oidc-signing-keys.json')), 'nothing generated in production')
  const on = { ...production(dir), OIDC_PROVIDER_ENABLED: 'true' }
  refuses(t, { ...on, PUBLIC_URL: undefined, PUBLIC_APP_URL: 'https://app.example.com', OIDC_SIGNING_KEYS: rsaJwks() }, 'PUBLIC_URL',
    'Invalid configuration: PUBLIC_URL must be set in production when OIDC_PROVIDER_ENABLED=true (the issuer is PUBLIC_URL/oidc)')
  refuses(t, { ...on, PUBLIC_URL: 'https://auth.example.com' }, 'OIDC_SIGNING_KEYS')
  const keysFile = join(dir, 'keys.json')
  writeFileSync(keysFile, rsaJwks())
  const config = loadConfig({ ...on, PUBLIC_URL: 'https://auth.example.com/', OIDC_SIGNING_KEYS_FILE: keysFile })
  t.equal(config.publicUrl, 'https://auth.example.com', 'without its final slash')
  t.same(config.oidcSigningKeys, JSON.parse(readFileSync(keysFile, 'utf8')).keys, 'read from the _FILE')
})

t.test('signing keys that are not a private JWKS with an RSA key are refused', async (t) => {
  const dir = tempDir(t)
  const env = { NODE_ENV: 'development', DATA_DIR: dir }
  refuses(t, { ...env, OIDC_SIGNING_KEYS: 'not json' }, 'OIDC_SIGNING_KEYS', /text that is not JSON/)
  const pub = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' })
  refuses(t, { ...env, OIDC_SIGNING_KEYS: JSON.stringify({ keys: [pub] }) }, 'OIDC_SIGNING_KEYS', /without their private part/)
  const ed = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
  refuses(t, { ...env, OIDC_SIGNING_KEYS: JSON.stringify({ keys: [ed] }) }, 'OIDC_SIGNING_KEYS', /no RSA key/)
  refuses(t, { ...env, PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL')
})

t.test('OIDC_RESOURCE_SERVERS: absolute http(s) URIs without fragment, kept as written', async (t) => {
  const env = { NODE_ENV: 'development', DATA_DIR: tempDir(t) }
  t.same(loadConfig(env).oidcResourceServers, [], 'none by default')
  t.same(loadConfig({ ...env, OIDC_RESOURCE_SERVERS: 'https://api.example.com/, http://localhost:9000/v1' }).oidcResourceServers,
    ['https://api.example.com/', 'http://localhost:9000/v1'])
  for (const bad of ['api.example.com', 'urn:x:y', 'https://api.example.com/#x']) {
    refuses(t, { ...env, OIDC_RESOURCE_SERVERS: bad }, 'OIDC_RESOURCE_SERVERS', new RegExp(`got ${bad.replace(/[.#/]/g, '\\$&')}`))
  }
})
