import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { NEEDS } from '../../../../plugins/core/config/load.js'
import { refuses, tempDir } from '../../../helpers/config.js'

t.test('ADMIN_MFA_REQUIRED is false unless said otherwise, and true or false only', async (t) => {
  const dir = tempDir(t)
  t.match(loadConfig({ DATA_DIR: dir }), { adminMfaRequired: false })
  t.match(loadConfig({ DATA_DIR: dir, ADMIN_MFA_REQUIRED: 'true' }), { adminMfaRequired: true })
  refuses(t, { DATA_DIR: dir, ADMIN_MFA_REQUIRED: 'yes' }, 'ADMIN_MFA_REQUIRED', /true or false/)
})

t.test('the worker, which checks no token, does not read it', async (t) => {
  t.notOk((NEEDS.worker as readonly string[]).includes('mfa'))
  t.ok((NEEDS.serve as readonly string[]).includes('mfa'))
})

t.test('MFA_LOCKOUT_THRESHOLD and MFA_LOCKOUT_DURATION: 10 wrong codes and 1h unless said otherwise; 0 or 0s turn it off', async (t) => {
  const dir = tempDir(t)
  t.match(loadConfig({ DATA_DIR: dir }), { mfaLockout: { threshold: 10, durationSeconds: 3600 } })
  t.match(loadConfig({ DATA_DIR: dir, MFA_LOCKOUT_THRESHOLD: '3', MFA_LOCKOUT_DURATION: '30m' }), { mfaLockout: { threshold: 3, durationSeconds: 1800 } })
  t.match(loadConfig({ DATA_DIR: dir, MFA_LOCKOUT_THRESHOLD: '0' }), { mfaLockout: { threshold: 0 } })
  t.match(loadConfig({ DATA_DIR: dir, MFA_LOCKOUT_DURATION: '0s' }), { mfaLockout: { threshold: 0 } })
  refuses(t, { DATA_DIR: dir, MFA_LOCKOUT_THRESHOLD: 'ten' }, 'MFA_LOCKOUT_THRESHOLD', /integer/)
  refuses(t, { DATA_DIR: dir, MFA_LOCKOUT_DURATION: '1 hour' }, 'MFA_LOCKOUT_DURATION', /duration/)
})
