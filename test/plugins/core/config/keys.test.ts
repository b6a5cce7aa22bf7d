import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { production, refuses, tempDir } from '../../../helpers/config.js'

const ed25519 = () => {
  const pair = generateKeyPairSync('ed25519')
  return {
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }) as string
  }
}

t.test('EdDSA in production takes the private key as given, in one line with \\n escapes or from a file', async (t) => {
  const dir = tempDir(t)
  const key = ed25519()
  const env = { ...production(dir), ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_SECRET: undefined }
  refuses(t, env, 'ACCESS_TOKEN_PRIVATE_KEY',
    'Invalid configuration: ACCESS_TOKEN_PRIVATE_KEY must be set with ACCESS_TOKEN_ALGORITHM=EdDSA in production')
  const config = loadConfig({ ...env, ACCESS_TOKEN_PRIVATE_KEY: key.privateKey })
  t.equal(config.accessTokenAlgorithm, 'EdDSA', 'no ACCESS_TOKEN_SECRET needed')
  t.equal(config.accessTokenPrivateKey, key.privateKey.trim())
  const escaped = key.privateKey.trim().replace(/\n/g, '\\n')
  t.equal(loadConfig({ ...env, ACCESS_TOKEN_PRIVATE_KEY: escaped }).accessTokenPrivateKey, key.privateKey.trim(), 'a one-line PEM')
  const file = join(dir, 'key.pem')
  writeFileSync(file, key.privateKey)
  t.equal(loadConfig({ ...env, ACCESS_TOKEN_PRIVATE_KEY_FILE: file }).accessTokenPrivateKey, key.privateKey.trim(), 'from a file')
  t.notOk(existsSync(join(dir, 'access-token-ed25519.pem')), 'production never generates a key')
})

t.test('a private key that is not Ed25519 PKCS#8 is refused without being repeated', async (t) => {
  const dir = tempDir(t)
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string
  for (const bad of [ec, 'not a key', ed25519().publicKey]) {
    const message = refuses(t, { DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PRIVATE_KEY: bad }, 'ACCESS_TOKEN_PRIVATE_KEY',
      'Invalid configuration: ACCESS_TOKEN_PRIVATE_KEY must be an Ed25519 private key in PKCS#8 PEM, got another value')
    t.notMatch(message, /BEGIN/)
  }
})

t.test('previous public keys: Ed25519 SPKI PEMs, with EdDSA only', async (t) => {
  const dir = tempDir(t)
  const env = { DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PRIVATE_KEY: ed25519().privateKey }
  const previous = [ed25519().publicKey, ed25519().publicKey]
  t.same(loadConfig({ ...env, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: previous.join(',') }).accessTokenPreviousPublicKeys,
    previous.map((k) => k.trim()))
  t.same(loadConfig(env).accessTokenPreviousPublicKeys, [], 'none by default')
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }) as string
  for (const bad of [`${previous[0]},junk`, rsa]) {
    refuses(t, { ...env, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: bad }, 'ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS',
      'Invalid configuration: ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS must be Ed25519 public keys in SPKI PEM, comma-separated')
  }
  refuses(t, { DATA_DIR: dir, ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS: previous[0] }, 'ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS',
    'Invalid configuration: ACCESS_TOKEN_PREVIOUS_PUBLIC_KEYS applies to ACCESS_TOKEN_ALGORITHM=EdDSA only')
})

t.test('HS256 settings are refused with EdDSA, and another algorithm is refused', async (t) => {
  const dir = tempDir(t)
  refuses(t, { DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PREVIOUS_SECRETS: 'o'.repeat(40) }, 'ACCESS_TOKEN_PREVIOUS_SECRETS',
    'Invalid configuration: ACCESS_TOKEN_PREVIOUS_SECRETS applies to ACCESS_TOKEN_ALGORITHM=HS256 only')
  t.equal(loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA', ACCESS_TOKEN_PREVIOUS_SECRETS: ' , ' }).accessTokenAlgorithm, 'EdDSA',
    'an empty list is no previous secret')
  refuses(t, { DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'RS256' }, 'ACCESS_TOKEN_ALGORITHM',
    'Invalid configuration: ACCESS_TOKEN_ALGORITHM must be HS256 or EdDSA, got "RS256"')
})

t.test('development generates the Ed25519 key once under DATA_DIR, readable by the owner only', async (t) => {
  const dir = tempDir(t)
  const generated = loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA' }).accessTokenPrivateKey
  t.equal(createPrivateKey(generated!).asymmetricKeyType, 'ed25519', 'an Ed25519 key')
  t.equal(statSync(join(dir, 'access-token-ed25519.pem')).mode & 0o777, 0o600, 'kept under DATA_DIR, mode 0600')
  t.equal(loadConfig({ DATA_DIR: dir, ACCESS_TOKEN_ALGORITHM: 'EdDSA' }).accessTokenPrivateKey, generated, 'and reused')
  t.equal(loadConfig({ DATA_DIR: dir }).accessTokenPrivateKey, undefined, 'HS256 has no key')
})
