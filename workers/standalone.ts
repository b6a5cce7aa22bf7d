import { join } from 'node:path'
import pino from 'pino'
import { run } from 'graphile-worker'
import type { Config } from '../plugins/config.js'
import { startEmbedded } from '../db/embedded.js'
import { migrate } from '../db/migrate.js'
import { taskList } from './index.js'
import { graphileLogger } from './logger.js'

/** `latchkey worker`: jobs only, no HTTP. SIGTERM stops it after the running jobs finish. */
export async function startWorker (config: Config): Promise<void> {
  const log = pino({ level: config.logLevel })
  const db = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => {} }
    : await startEmbedded({ dir: join(config.dataDir, 'pg'), port: config.embeddedDbPort, persistent: true })
  if (config.migrateOnStart) await migrate(db.url)
  const runner = await run({
    connectionString: db.url,
    concurrency: config.workerConcurrency,
    noHandleSignals: true,
    taskList: taskList(),
    logger: graphileLogger(log)
  })
  const stop = async (signal: string) => {
    log.info({ signal }, 'worker stopping')
    await runner.stop()
    await db.stop()
    process.exit(0)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
