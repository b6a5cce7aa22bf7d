import type { Config } from '../plugins/config.js'
import { buildApp } from '../app.js'

/** `latchkey worker`: jobs only, no HTTP. SIGTERM/SIGINT stop it after the running jobs finish. */
export async function startWorker (config: Config): Promise<void> {
  const app = await buildApp({ config, role: 'worker' })
  await app.ready()
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'worker stopping')
    app.close().then(() => process.exit(0), (err) => {
      app.log.error({ err }, 'worker did not stop cleanly')
      process.exit(1)
    })
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
