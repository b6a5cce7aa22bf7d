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

t.test('PUBLIC_URL: the service\'s address, on PORT by default; production needs it when PUBLIC_APP_URL is unset', async (t) => {
  const dir = tempDir(t)
  t.equal(loadConfig({ DATA_DIR: dir }).publicUrl, 'http://localhost:8000')
  t.equal(loadConfig({ DATA_DIR: dir, PORT: '9123' }).publicUrl, 'http://localhost:9123', 'on PORT')
  t.equal(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://auth.example.com/id//' }).publicUrl, 'https://auth.example.com/id', 'its final slashes trimmed')
  refuses(t, { DATA_DIR: dir, PUBLIC_URL: 'auth.example.com' }, 'PUBLIC_URL', /the http\(s\):\/\/ address of this service/)

  const { PUBLIC_URL: _, ...noAddress } = production(dir)
  refuses(t, noAddress, 'PUBLIC_URL', 'Invalid configuration: PUBLIC_URL must be set in production when PUBLIC_APP_URL is unset ' +
    '(mailed links open the service\'s account pages, PUBLIC_URL/account/...)')
  const withApp = loadConfig({ ...noAddress, PUBLIC_APP_URL: 'https://app.example.com' })
  t.equal(withApp.publicAppUrl, 'https://app.example.com', 'an application of its own is enough: the links open it')
  t.equal(loadConfig(production(dir)).publicAppUrl, undefined, 'PUBLIC_URL is enough: the links open the account pages')
  t.ok(loadConfig(noAddress, { needs: NEEDS.worker }), 'the worker, which builds no link, starts without either')
})

t.test('the concerns that read PUBLIC_URL or PUBLIC_APP_URL are needed with the concerns that declare them', async (t) => {
  for (const [command, needs] of Object.entries(NEEDS) as Array<[string, readonly string[]]>) {
    for (const reader of ['pages', 'webauthn', 'oidc'].filter((name) => needs.includes(name))) {
      t.ok(needs.includes('server') && needs.includes('mail'), `${command}: ${reader} with server (PUBLIC_URL) and mail (PUBLIC_APP_URL)`)
    }
  }
})
