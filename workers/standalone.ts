import type { Config } from '../plugins/config.js'
import { buildApp } from '../app.js'
import { closeOnSignals } from '../server.js'

/** `latchkey worker`: jobs only, no HTTP; stops like `serve`, after the running jobs finish. */
export async function startWorker (config: Config): Promise<void> {
  closeOnSignals(await buildApp({ config, role: 'worker' }))
}
