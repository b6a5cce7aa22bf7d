import http from 'node:http'
import https from 'node:https'
import type { BlockList, LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { ForbiddenAddressError, resolveDestination } from './addresses.js'

export interface Attempt {
  /** The answer's status; null when none came (refused, timed out, connection failed). */
  status: number | null
  ok: boolean
  durationMs: number
  /** Why the attempt failed, in a line (never the answer's body). */
  error: string | null
}

export interface SendOptions {
  url: string
  secret: string
  /** The webhook-id: the delivery's, the same on every attempt. */
  id: string
  body: string
  timeoutMs: number
  /** Production: the host's addresses are checked before connecting (loopback, private, link-local refused). */
  checkAddresses: boolean
  /** The networks allowed although private (WEBHOOK_ALLOWED_NETWORKS). */
  allowed?: BlockList
}

/**
 * One attempt of a delivery, signed as Standard Webhooks say (webhook-id, webhook-timestamp,
 * webhook-signature). node:http follows no redirect: a 3xx is a failed attempt like any non-2xx.
 * The host is resolved once and checked, and the socket connects to that checked address (the
 * `lookup` handed to the request), so a second resolution cannot point it elsewhere.
 */
export async function sendAttempt (opts: SendOptions): Promise<Attempt> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const url = new URL(opts.url)
  const deadline = AbortSignal.timeout(opts.timeoutMs)
  try {
    // The resolution counts against the deadline too (getaddrinfo itself cannot be cancelled).
    const expired = new Promise<never>((_resolve, reject) => deadline.addEventListener('abort', () => reject(deadline.reason), { once: true }))
    expired.catch(() => {})
    const destination = await Promise.race([resolveDestination(url.hostname, opts.checkAddresses, opts.allowed), expired])
    const timestamp = new Date()
    const signature = new Webhook(opts.secret).sign(opts.id, timestamp, opts.body)
    const pinned: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string, family: number }>) => void)(null, [destination])
      else callback(null, destination.address, destination.family)
    }
    const status = await new Promise<number>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        lookup: pinned,
        signal: deadline,
        headers: {
          'content-type': 'application/json',
          // A known length: the headers and the body leave in one write (one TLS record), not chunked.
          'content-length': Buffer.byteLength(opts.body),
          'user-agent': 'Latchkey-Webhooks/1',
          'webhook-id': opts.id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature
        }
      }, (response) => {
        // The body is read and dropped (up to the deadline): only the status is kept.
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      })
      request.on('error', reject)
      request.end(opts.body)
    })
    const ok = status >= 200 && status < 300
    return { status, ok, durationMs: elapsed(), error: ok ? null : `answered ${status}` }
  } catch (err) {
    const error = err instanceof ForbiddenAddressError
      ? err.message
      : deadline.aborted ? `no answer within ${opts.timeoutMs} ms` : `${(err as { code?: string }).code ?? 'failed'}: ${(err as Error).message}`
    return { status: null, ok: false, durationMs: elapsed(), error: error.slice(0, 500) }
  }
}
