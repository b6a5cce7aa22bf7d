import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { NEEDS } from '../../../../plugins/core/config/load.js'
import { production, refuses, tempDir } from '../../../helpers/config.js'

t.test('the demo is on in development only, the console outside production, unless said otherwise', async (t) => {
  const dir = tempDir(t)
  t.match(loadConfig({ DATA_DIR: dir }), { demoEnabled: true, adminConsoleEnabled: true }, 'development')
  t.match(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }), { demoEnabled: false, adminConsoleEnabled: true }, 'test')
  t.match(loadConfig(production(dir)), { demoEnabled: false, adminConsoleEnabled: false }, 'production')
  t.match(loadConfig({ ...production(dir), DEMO_ENABLED: 'true', ADMIN_CONSOLE_ENABLED: 'true' }), { demoEnabled: true, adminConsoleEnabled: true })
  t.match(loadConfig({ DATA_DIR: dir, DEMO_ENABLED: 'false', ADMIN_CONSOLE_ENABLED: 'false' }), { demoEnabled: false, adminConsoleEnabled: false })
  refuses(t, { DATA_DIR: dir, DEMO_ENABLED: 'yes' }, 'DEMO_ENABLED', /true or false/)
  refuses(t, { DATA_DIR: dir, ADMIN_CONSOLE_ENABLED: '1' }, 'ADMIN_CONSOLE_ENABLED', /true or false/)
})

t.test('the worker serves no page', async (t) => {
  t.notOk((NEEDS.worker as readonly string[]).includes('pages'))
  t.ok((NEEDS.serve as readonly string[]).includes('pages'))
})
