import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { production, refuses, tempDir } from '../../../helpers/config.js'

t.test('sizes, origins and modes in their form are accepted', async (t) => {
  const config = loadConfig({
    DATA_DIR: tempDir(t),
    BODY_LIMIT: '1kb',
    CORS_ORIGINS: 'https://a.example, https://b.example',
    PUBLISH_MODE: 'async',
    PORT: '0'
  })
  t.equal(config.bodyLimit, 1024)
  t.same(config.corsOrigins, ['https://a.example', 'https://b.example'])
  t.equal(config.publishMode, 'async')
  t.equal(config.port, 0)
  t.equal(loadConfig({ DATA_DIR: tempDir(t), BODY_LIMIT: '2mb' }).bodyLimit, 2 * 1024 * 1024)
  t.equal(loadConfig({ DATA_DIR: tempDir(t), BODY_LIMIT: '512b' }).bodyLimit, 512)
})

t.test('BODY_LIMIT outside <integer><b|kb|mb> is refused', async (t) => {
  const dataDir = tempDir(t)
  for (const value of ['1gb', 'lots']) {
    refuses(t, { DATA_DIR: dataDir, BODY_LIMIT: value }, 'BODY_LIMIT',
      `Invalid configuration: BODY_LIMIT must be a size like 1mb: <integer><b|kb|mb>, got "${value}"`)
  }
})

t.test('CORS_ORIGINS: empty or blank means no origins; * is refused, alone or in the list', async (t) => {
  const dataDir = tempDir(t)
  t.same(loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: '' }).corsOrigins, [])
  t.same(loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: '  ' }).corsOrigins, [])
  t.same(loadConfig({ DATA_DIR: dataDir, CORS_ORIGINS: ' https://a.example ,, ' }).corsOrigins, ['https://a.example'])
  for (const value of ['*', 'https://a.example,*']) {
    refuses(t, { DATA_DIR: dataDir, CORS_ORIGINS: value }, 'CORS_ORIGINS',
      `Invalid configuration: CORS_ORIGINS must be comma-separated exact origins (* is refused), got "${value}"`)
  }
})

t.test('the API reference is on outside production unless DOCS_ENABLED says otherwise', async (t) => {
  const dataDir = tempDir(t)
  t.equal(loadConfig({ DATA_DIR: dataDir }).docsEnabled, true, 'development')
  t.equal(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).docsEnabled, true, 'test')
  t.equal(loadConfig(production(dataDir)).docsEnabled, false, 'production')
  t.equal(loadConfig({ ...production(dataDir), DOCS_ENABLED: 'true' }).docsEnabled, true, 'production with DOCS_ENABLED=true')
  t.equal(loadConfig({ DATA_DIR: dataDir, DOCS_ENABLED: 'false' }).docsEnabled, false, 'development with DOCS_ENABLED=false')
  refuses(t, { DATA_DIR: dataDir, DOCS_ENABLED: 'yes' }, 'DOCS_ENABLED', /true or false/)
})

t.test('TRUST_PROXY: false, a hop count, or proxy addresses and ranges; every hop only outside production', async (t) => {
  const dataDir = tempDir(t)
  const read = (value: string, env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value, ...env }).trustProxy
  t.equal(read('false'), false)
  t.equal(read('1'), 1, 'a hop count')
  t.same(read('10.0.0.0/8, 192.168.1.7,::1,fd00::/8'), ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8'], 'addresses and CIDR ranges')
  t.equal(read('true'), true, 'development may trust every hop')
  t.equal(read('2', production(dataDir)), 2)
  refuses(t, { ...production(dataDir), TRUST_PROXY: 'true' }, 'TRUST_PROXY',
    'Invalid configuration: TRUST_PROXY=true trusts any client\'s X-Forwarded-For in production; ' +
    'set the number of proxies in front of the service (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.7)')
  refuses(t, { DATA_DIR: dataDir, TRUST_PROXY: 'yes' }, 'TRUST_PROXY', /hop count/)
  for (const bad of ['10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '::1/129']) {
    refuses(t, { DATA_DIR: dataDir, TRUST_PROXY: `10.0.0.1, ${bad}` }, 'TRUST_PROXY', 'Invalid configuration: TRUST_PROXY must be ' +
      `false, a hop count (1), or comma-separated proxy addresses or CIDR ranges, got "${bad}"`)
  }
})
