import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { refuses, tempDir } from '../../../helpers/config.js'

t.test('sessions: REFRESH_TOKEN_REUSE_INTERVAL defaults to 0s (no reuse) and is capped at 5m; SESSION_RETENTION defaults to 30d', async (t) => {
  const defaults = loadConfig({ DATA_DIR: tempDir(t) })
  t.equal(defaults.refreshTokenReuseInterval, 0)
  t.equal(defaults.sessionRetention, 30 * 86400)
  const set = loadConfig({ DATA_DIR: tempDir(t), REFRESH_TOKEN_REUSE_INTERVAL: '5m', SESSION_RETENTION: '7d' })
  t.equal(set.refreshTokenReuseInterval, 300)
  t.equal(set.sessionRetention, 7 * 86400)
  refuses(t, { DATA_DIR: tempDir(t), REFRESH_TOKEN_REUSE_INTERVAL: '301s' }, 'REFRESH_TOKEN_REUSE_INTERVAL',
    'Invalid configuration: REFRESH_TOKEN_REUSE_INTERVAL must be at most 5m, got "301s"')
  refuses(t, { DATA_DIR: tempDir(t), REFRESH_TOKEN_REUSE_INTERVAL: '10 seconds' }, 'REFRESH_TOKEN_REUSE_INTERVAL', /<integer><s\|m\|h\|d>/)
  refuses(t, { DATA_DIR: tempDir(t), SESSION_RETENTION: 'forever' }, 'SESSION_RETENTION')
})
