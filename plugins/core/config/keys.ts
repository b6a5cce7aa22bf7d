import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import { ConfigError, defineConcern, invalid } from './concern.js'
import { keptLocally } from './files.js'
import { list } from './forms.js'

const PrivateKey = Type.String({ description: 'an Ed25519 private key in PKCS#8 PEM' })
const PreviousPublicKeys = Type.String({ description: 'Ed25519 public keys in SPKI PEM, comma-separated' })
const PUBLIC_KEY_PEM = /-----BEGIN PUBLIC KEY-----[^-]+-----END PUBLIC KEY-----/g

export interface KeysConfig {
  /** EdDSA: the Ed25519 private key (PKCS#8 PEM) that signs access tokens. */
  accessTokenPrivateKey?: string
  /** EdDSA: public keys (SPKI PEM) of earlier private keys, still accepted and published. */
  accessTokenPreviousPublicKeys: string[]
}

/**
 * EdDSA keys: the private key (required in production; generated once under DATA_DIR otherwise)
 * and the earlier public keys. Each applies to its algorithm only (ACCESS_TOKEN_ALGORITHM, signing.ts).
 */
export const keys = defineConcern({
  env: {
    ACCESS_TOKEN_PRIVATE_KEY: Type.Optional(PrivateKey),
    ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: Type.Optional(PreviousPublicKeys)
  },
  read: (env, { isProduction, dataDir }): KeysConfig => {
    const ed25519 = env.ACCESS_TOKEN_ALGORITHM === 'EdDSA' ? ed25519Keys(env, isProduction, dataDir) : undefined
    if (!ed25519 && env.ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS) {
      throw new ConfigError('Invalid configuration: ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS applies to ACCESS_TOKEN_ALGORITHM=EdDSA only')
    }
    if (ed25519 && list(env.ACCESS_TOKEN_PREVIOUS_SECRETS).length) {
      // Every algorithm but the configured one is refused, so HS256 secrets would verify nothing.
      throw new ConfigError('Invalid configuration: ACCESS_TOKEN_PREVIOUS_SECRETS applies to ACCESS_TOKEN_ALGORITHM=HS256 only')
    }
    return { accessTokenPrivateKey: ed25519?.privateKey, accessTokenPreviousPublicKeys: ed25519?.previousPublicKeys ?? [] }
  }
})

/** A PEM given in one line with `\n` escapes, as some secret stores and .env files hold it, is accepted too. */
function ed25519Keys (env: { ACCESS_TOKEN_PRIVATE_KEY?: string, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS?: string }, isProduction: boolean, dataDir: string) {
  const pem = (value: string) => value.replace(/\\n/g, '\n')
  let privateKey = env.ACCESS_TOKEN_PRIVATE_KEY && pem(env.ACCESS_TOKEN_PRIVATE_KEY)
  if (!privateKey) {
    if (isProduction) throw new ConfigError('Invalid configuration: ACCESS_TOKEN_PRIVATE_KEY must be set with ACCESS_TOKEN_ALGORITHM=EdDSA in production')
    privateKey = keptLocally(dataDir, 'access-token-ed25519.pem',
      () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }) as string)
  }
  if (keyType(() => createPrivateKey(privateKey)) !== 'ed25519') throw invalid('ACCESS_TOKEN_PRIVATE_KEY', PrivateKey, 'another value')

  const given = pem(env.ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS ?? '')
  const previousPublicKeys = given.match(PUBLIC_KEY_PEM) ?? []
  const rest = given.replace(PUBLIC_KEY_PEM, '').replace(/[\s,]/g, '')
  if (rest || previousPublicKeys.some((key) => keyType(() => createPublicKey(key)) !== 'ed25519')) {
    throw invalid('ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS', PreviousPublicKeys)
  }
  return { privateKey, previousPublicKeys }
}

function keyType (parse: () => KeyObject): string | undefined {
  try {
    return parse().asymmetricKeyType
  } catch {
    return undefined
  }
}
