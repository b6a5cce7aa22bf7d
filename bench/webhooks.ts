/** `npm run bench -- --webhook`: what an enabled endpoint subscribed to every event costs the audited requests. */
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { v7 as uuidv7 } from 'uuid'

/**
 * The endpoint of `--webhook`. Loopback: the production service's address check refuses each
 * attempt before connecting, so the worker does all the work of a delivery but the request, and
 * nothing leaves the machine.
 */
async function registerWebhook (url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await sql`insert into webhook_endpoints (id, url, events, secret)
      values (${uuidv7()}, 'https://127.0.0.1:9/hooks', array['*'], ${`whsec_${randomBytes(32).toString('base64')}`})`
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** `--webhook`: an enabled endpoint subscribed to `*`, so every audited request queues its delivery. */
export async function webhookOption (url: string, log: (line: string) => void): Promise<boolean> {
  if (!process.argv.includes('--webhook')) return false
  log('--webhook: an endpoint subscribed to every event')
  await registerWebhook(url)
  return true
}
