import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { refuses, tempDir } from '../../../helpers/config.js'

t.test('registration is open and e-mail confirmation optional unless said otherwise', async (t) => {
  const dir = tempDir(t)
  t.match(loadConfig({ DATA_DIR: dir }), { registrationEnabled: true, requireEmailConfirmed: false, auditRetention: 90 * 86400 })
  t.match(loadConfig({ DATA_DIR: dir, REGISTRATION_ENABLED: 'false', REQUIRE_EMAIL_CONFIRMED: 'true', AUDIT_RETENTION: '7d' }),
    { registrationEnabled: false, requireEmailConfirmed: true, auditRetention: 7 * 86400 })
  refuses(t, { DATA_DIR: dir, REGISTRATION_ENABLED: 'no' }, 'REGISTRATION_ENABLED', /true or false/)
})

t.test('EMAIL_VERIFICATION_EXPIRES_IN (24h) and PASSWORD_RESET_EXPIRES_IN (1h) are read as seconds, never 0', async (t) => {
  const dir = tempDir(t)
  const defaults = loadConfig({ DATA_DIR: dir })
  t.equal(defaults.emailVerificationTtl, 86400, 'EMAIL_VERIFICATION_EXPIRES_IN defaults to 24h')
  t.equal(defaults.passwordResetTtl, 3600, 'PASSWORD_RESET_EXPIRES_IN defaults to 1h')
  const set = loadConfig({ DATA_DIR: dir, EMAIL_VERIFICATION_EXPIRES_IN: '1h', PASSWORD_RESET_EXPIRES_IN: '24h' })
  t.equal(set.emailVerificationTtl, 3600)
  t.equal(set.passwordResetTtl, 86400)
  t.equal(loadConfig({ DATA_DIR: dir, PASSWORD_RESET_EXPIRES_IN: '90m' }).passwordResetTtl, 5400)
  for (const name of ['EMAIL_VERIFICATION_EXPIRES_IN', 'PASSWORD_RESET_EXPIRES_IN']) {
    refuses(t, { DATA_DIR: dir, [name]: '1 hour' }, name, /<integer><s\|m\|h\|d>/)
    refuses(t, { DATA_DIR: dir, [name]: '0m' }, name, `Invalid configuration: ${name} must be longer than 0s, got "0m"`)
  }
})
