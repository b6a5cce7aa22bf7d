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
