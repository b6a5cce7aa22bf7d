import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { refuses, tempDir } from '../../../helpers/config.js'

t.test('METRICS_PORT: unset means no metrics; it may be 0 (any free port) but never PORT', async (t) => {
  const dir = tempDir(t)
  t.equal(loadConfig({ DATA_DIR: dir }).metricsPort, undefined)
  t.equal(loadConfig({ DATA_DIR: dir, METRICS_PORT: '9100' }).metricsPort, 9100)
  t.equal(loadConfig({ DATA_DIR: dir, PORT: '0', METRICS_PORT: '0' }).metricsPort, 0, 'two free ports')
  refuses(t, { DATA_DIR: dir, PORT: '9100', METRICS_PORT: '9100' }, 'METRICS_PORT',
    'Invalid configuration: METRICS_PORT must differ from PORT (metrics are never served on the public port)')
  refuses(t, { DATA_DIR: dir, METRICS_PORT: '8000' }, 'METRICS_PORT', /must differ from PORT/)
  refuses(t, { DATA_DIR: dir, METRICS_PORT: 'x' }, 'METRICS_PORT', 'Invalid configuration: METRICS_PORT must be an integer from 0 to 65535, got "x"')
})
