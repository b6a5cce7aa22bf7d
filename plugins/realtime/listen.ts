import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type postgres from 'postgres'

type Handler = (payload: string) => void
/** The part of the postgres.js client used here. */
type Listener = Pick<postgres.Sql, 'listen' | 'notify'>

/**
 * LISTEN on every channel for as long as the process runs. postgres.js listens again after its
 * LISTEN connection closes, but a LISTEN that then fails without closing the connection is
 * dropped without a word. So every `probeMs` a NOTIFY goes to a channel only this process
 * listens to; when the previous one never came back (and the database answered), every channel
 * is unlistened and listened again, until that succeeds. Resolves once all channels listen.
 */
export async function keepListening (sql: Listener, log: FastifyBaseLogger, handlers: Record<string, Handler>, probeMs: number) {
  let heard = true
  let lost = false
  // NOTIFY channels are identifiers: at most 63 bytes.
  const probe = `latchkey_probe_${randomBytes(8).toString('hex')}`
  const channels = Object.entries({ ...handlers, [probe]: () => { heard = true } })
  const subscriptions = new Map<string, postgres.ListenMeta>()

  async function subscribeAll () {
    await Promise.all(channels.map(async ([channel, fn]) => {
      if (!subscriptions.has(channel)) subscriptions.set(channel, await sql.listen(channel, fn))
    }))
  }

  async function check () {
    if (!heard && !lost) {
      log.warn('LISTEN lost: listening again')
      lost = true
      // Unlistened first, so that each channel's LISTEN is sent again rather than shared.
      for (const subscription of subscriptions.values()) subscription.unlisten().catch(() => {})
      subscriptions.clear()
    }
    if (lost) {
      await subscribeAll()
      lost = false
    }
    heard = false
    await sql.notify(probe, '')
  }

  await subscribeAll()
  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    running ??= check().catch((err) => {
      // The database is unreachable: nothing can be concluded until it answers again.
      heard = true
      log.debug({ err }, 'LISTEN probe failed')
    }).finally(() => { running = null })
  }, probeMs).unref()

  return async function stop () {
    clearInterval(timer)
    await running
    await Promise.all([...subscriptions.values()].map((s) => s.unlisten().catch(() => {})))
  }
}
