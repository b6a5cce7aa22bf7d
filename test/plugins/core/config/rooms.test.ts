import t from 'tap'
import { loadConfig } from '../../../../plugins/core/config.js'
import { refuses, tempDir } from '../../../helpers/config.js'

t.test('rooms: 16 KiB events, 100 events for 5 minutes, 1 MiB of unsent data, no public publishing, PostgreSQL unless BROKER_URL', async (t) => {
  t.match(loadConfig({ DATA_DIR: tempDir(t) }), {
    roomMaxMessage: 16 * 1024, roomHistorySize: 100, roomHistoryTtlMs: 300_000, wsMaxBuffer: 1024 * 1024, publicRoomsPublish: false, brokerUrl: null
  })
  t.match(loadConfig({ DATA_DIR: tempDir(t), ROOM_MAX_MESSAGE: '64kb', ROOM_HISTORY_SIZE: '500', ROOM_HISTORY_TTL: '1h', WS_MAX_BUFFER: '4mb', PUBLIC_ROOMS_PUBLISH: 'true' }), {
    roomMaxMessage: 64 * 1024, roomHistorySize: 500, roomHistoryTtlMs: 3_600_000, wsMaxBuffer: 4 * 1024 * 1024, publicRoomsPublish: true
  })
  t.match(loadConfig({ DATA_DIR: tempDir(t), BROKER_URL: 'nats://127.0.0.1:4222' }), { brokerUrl: 'nats://127.0.0.1:4222' }, 'NATS JetStream')
})

t.test('rooms: malformed values are refused, naming the variable', async (t) => {
  const dataDir = tempDir(t)
  refuses(t, { DATA_DIR: dataDir, ROOM_HISTORY_SIZE: '0' }, 'ROOM_HISTORY_SIZE')
  refuses(t, { DATA_DIR: dataDir, ROOM_MAX_MESSAGE: '16 KiB' }, 'ROOM_MAX_MESSAGE')
  refuses(t, { DATA_DIR: dataDir, WS_MAX_BUFFER: 'lots' }, 'WS_MAX_BUFFER')
  refuses(t, { DATA_DIR: dataDir, PUBLIC_ROOMS_PUBLISH: 'yes' }, 'PUBLIC_ROOMS_PUBLISH')
  refuses(t, { DATA_DIR: dataDir, BROKER_URL: 'redis://127.0.0.1:6379' }, 'BROKER_URL')
  refuses(t, { DATA_DIR: dataDir, BROKER_URL: '127.0.0.1:4222' }, 'BROKER_URL')
})
