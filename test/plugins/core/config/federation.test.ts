import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { refuses, tempDir } from '../../../helpers/config.js'

t.test('no provider, sign-in links on for 15 minutes, unless said otherwise', async (t) => {
  const dir = tempDir(t)
  t.match(loadConfig({ DATA_DIR: dir }), { oidcProviders: [], oauthRedirectUrls: [], magicLinkEnabled: true, signInLinkTtl: 900 })
  t.match(loadConfig({ DATA_DIR: dir, MAGIC_LINK_ENABLED: 'false', SIGN_IN_LINK_EXPIRES_IN: '5m' }), { magicLinkEnabled: false, signInLinkTtl: 300 })
  refuses(t, { DATA_DIR: dir, SIGN_IN_LINK_EXPIRES_IN: '0s' }, 'SIGN_IN_LINK_EXPIRES_IN', /longer than 0s/)
  refuses(t, { DATA_DIR: dir, MAGIC_LINK_ENABLED: 'yes' }, 'MAGIC_LINK_ENABLED', /true or false/)
})

t.test('each provider of OIDC_PROVIDERS reads OIDC_<N>_*, the secret possibly from a file', async (t) => {
  const dir = tempDir(t)
  const secret = join(dir, 'secret')
  writeFileSync(secret, 'from-a-file\n')
  const config = loadConfig({
    DATA_DIR: dir,
    OIDC_PROVIDERS: 'google, my-idp',
    OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
    OIDC_GOOGLE_CLIENT_ID: 'g-client',
    OIDC_GOOGLE_CLIENT_SECRET: 'g-secret',
    OIDC_GOOGLE_LABEL: 'Google',
    OIDC_MY_IDP_ISSUER: 'https://sso.example.com/realms/staff',
    OIDC_MY_IDP_CLIENT_ID: 'latchkey',
    OIDC_MY_IDP_CLIENT_SECRET_FILE: secret,
    OIDC_MY_IDP_SCOPES: 'openid email',
    OAUTH_REDIRECT_URLS: 'https://app.example.com/auth, com.example.app:/oauth'
  })
  t.same(config.oidcProviders, [
    { name: 'google', issuer: 'https://accounts.google.com', clientId: 'g-client', clientSecret: 'g-secret', scopes: 'openid email profile', label: 'Google' },
    { name: 'my-idp', issuer: 'https://sso.example.com/realms/staff', clientId: 'latchkey', clientSecret: 'from-a-file', scopes: 'openid email', label: 'my-idp' }
  ])
  t.same(config.oauthRedirectUrls, ['https://app.example.com/auth', 'com.example.app:/oauth'])
})

t.test('a provider without its issuer or client, a bad name, scopes without openid or a bad redirect prefix stop the start', async (t) => {
  const dir = tempDir(t)
  const base = { DATA_DIR: dir, OIDC_PROVIDERS: 'corp', OIDC_CORP_ISSUER: 'https://sso.example.com', OIDC_CORP_CLIENT_ID: 'x' }
  refuses(t, { ...base, OIDC_CORP_ISSUER: '' }, 'OIDC_CORP_ISSUER', /must be set for the provider corp/)
  refuses(t, { ...base, OIDC_CORP_CLIENT_ID: '' }, 'OIDC_CORP_CLIENT_ID', /must be set/)
  refuses(t, { ...base, OIDC_CORP_ISSUER: 'sso.example.com' }, 'OIDC_CORP_ISSUER', /http\(s\):\/\/ issuer URL/)
  refuses(t, { ...base, OIDC_PROVIDERS: 'Corp' }, 'OIDC_PROVIDERS', /lower-case letters/)
  refuses(t, { ...base, OIDC_PROVIDERS: 'corp,corp' }, 'OIDC_PROVIDERS', /twice/)
  refuses(t, { ...base, OIDC_CORP_SCOPES: 'email' }, 'OIDC_CORP_SCOPES', /must include openid/)
  refuses(t, { ...base, OAUTH_REDIRECT_URLS: 'not a url' }, 'OAUTH_REDIRECT_URLS', /URL prefixes/)
  refuses(t, { ...base, OIDC_CORP_CLIENT_SECRET: 'a', OIDC_CORP_CLIENT_SECRET_FILE: '/etc/hostname' }, 'OIDC_CORP_CLIENT_SECRET', /not both/)
})
