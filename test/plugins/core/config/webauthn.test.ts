import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { NEEDS } from '../../../../plugins/core/config/load.js'
import { refuses, tempDir } from '../../../helpers/config.js'

t.test('the relying party defaults to localhost, Latchkey and the origin of PUBLIC_APP_URL, else of PUBLIC_URL', async (t) => {
  const dir = tempDir(t)
  t.match(loadConfig({ DATA_DIR: dir }), { webauthnRpId: 'localhost', webauthnRpName: 'Latchkey', webauthnOrigins: ['http://localhost:8000'] })
  t.same(loadConfig({ DATA_DIR: dir, PORT: '9123' }).webauthnOrigins, ['http://localhost:9123'], 'the service itself: its account pages')
  t.same(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://auth.example.com/id' }).webauthnOrigins, ['https://auth.example.com'])
  t.same(loadConfig({ DATA_DIR: dir, PUBLIC_APP_URL: 'http://localhost:3000/app/' }).webauthnOrigins, ['http://localhost:3000'],
    'the origin only: no path')
})

t.test('WEBAUTHN_ORIGINS lists exact origins under WEBAUTHN_RP_ID', async (t) => {
  const dir = tempDir(t)
  const config = loadConfig({
    DATA_DIR: dir,
    WEBAUTHN_RP_ID: 'example.com',
    WEBAUTHN_RP_NAME: 'Example',
    WEBAUTHN_ORIGINS: 'https://example.com, https://app.example.com:8443'
  })
  t.match(config, { webauthnRpId: 'example.com', webauthnRpName: 'Example' })
  t.same(config.webauthnOrigins, ['https://example.com', 'https://app.example.com:8443'])
  t.same(loadConfig({ DATA_DIR: dir, WEBAUTHN_RP_ID: 'example.com', PUBLIC_APP_URL: 'https://app.example.com' }).webauthnOrigins,
    ['https://app.example.com'], 'PUBLIC_APP_URL under the RP ID is enough')
})

t.test('origins that are not origins, or not under the RP ID, and RP IDs that are not domains are refused', async (t) => {
  const dir = tempDir(t)
  for (const bad of ['example.com', 'https://example.com/login', 'ftp://example.com', 'https://example.com?x=1', 'https://user@example.com']) {
    refuses(t, { DATA_DIR: dir, WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: bad }, 'WEBAUTHN_ORIGINS', /origins like https:\/\/app\.example\.com/)
  }
  refuses(t, { DATA_DIR: dir, WEBAUTHN_RP_ID: 'example.com', WEBAUTHN_ORIGINS: 'https://evil-example.com' }, 'WEBAUTHN_RP_ID',
    'Invalid configuration: WEBAUTHN_RP_ID example.com must be the host of every WebAuthn origin or a parent domain of it, ' +
    'got the origin https://evil-example.com (set WEBAUTHN_ORIGINS)')
  refuses(t, { DATA_DIR: dir, WEBAUTHN_RP_ID: 'example.com' }, 'WEBAUTHN_RP_ID', /got the origin http:\/\/localhost:8000/)
  for (const bad of ['https://example.com', 'example.com:443', 'Example.com', '-example.com']) {
    refuses(t, { DATA_DIR: dir, WEBAUTHN_RP_ID: bad }, 'WEBAUTHN_RP_ID', /a domain name/)
  }
  refuses(t, { DATA_DIR: dir, WEBAUTHN_RP_NAME: 'x'.repeat(65) }, 'WEBAUTHN_RP_NAME')
})

t.test('the worker reads no passkey setting', async (t) => {
  t.notOk((NEEDS.worker as readonly string[]).includes('webauthn'))
  const config = loadConfig({ DATA_DIR: tempDir(t), WEBAUTHN_RP_ID: 'example.com' }, { needs: NEEDS.worker })
  t.equal((config as { webauthnRpId?: string }).webauthnRpId, undefined, 'not even checked')
})
