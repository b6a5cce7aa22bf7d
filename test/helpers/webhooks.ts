import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type tap from 'tap'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import type { Row, TapTest } from './accounts.js'
import { CLI_ACTOR } from '../../plugins/audit/events.js'
import type { WebhookActor } from '../../plugins/webhooks/webhooks.js'

/**
 * What the receiver answers: a status, a redirect, a status after `delayMs`, or (`hold`) never: the
 * request stays open until the sender gives up or dies.
 */
export type Answer = { status: number, location?: string, delayMs?: number, hold?: boolean }

export interface Received {
  headers: Record<string, string>
  body: string
  /** What standardwebhooks' Webhook.verify made of it with the receiver's secret; null: it refused it. */
  verified: Record<string, any> | null
  /** The status answered; 0 while none was (or never, the sender having given up). */
  status: number
}

export interface Receiver {
  url: string
  port: number
  received: Received[]
  /** The connections the server accepted (a refused destination makes none). */
  connections: () => number
  /** The deliveries it accepted (verified and answered 2xx), by webhook-id. */
  accepted: () => Map<string, Received>
  secret: string | null
  answer: (next: Answer | ((n: number) => Answer)) => void
  /** Stops listening (a receiver that is down), then listens again on the same port. */
  down: () => Promise<void>
  up: () => Promise<void>
}

/**
 * A real HTTP receiver on 127.0.0.1 that verifies each request with standardwebhooks' verifier
 * (the `secret` set on it), as a receiver would, and answers as told (200 by default).
 */
export async function webhookReceiver (t: TapTest | typeof tap): Promise<Receiver> {
  const received: Received[] = []
  let answer: Answer | ((n: number) => Answer) = { status: 200 }
  let connections = 0
  const sockets = new Set<Socket>()
  const receiver: Receiver = {
    url: '', port: 0, received, secret: null,
    connections: () => connections,
    accepted: () => new Map(received.filter((r) => r.verified && r.status >= 200 && r.status < 300).map((r) => [r.headers['webhook-id'], r])),
    answer: (next) => { answer = next },
    down: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    }),
    up: () => new Promise<void>((resolve) => server.listen(receiver.port, '127.0.0.1', resolve))
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString()
      const headers = request.headers as Record<string, string>
      let verified: Record<string, any> | null = null
      try {
        verified = receiver.secret ? new Webhook(receiver.secret).verify(body, headers) as Record<string, any> : null
      } catch {}
      const now = typeof answer === 'function' ? answer(received.length) : answer
      const entry = { headers, body, verified, status: 0 }
      received.push(entry)
      // A sender that gave up before the answer (its timeout) got none: status 0.
      const send = () => {
        if (response.destroyed || request.socket.destroyed) return
        entry.status = verified ? now.status : 400
        response.writeHead(entry.status, now.location ? { location: now.location } : {}).end()
      }
      if (now.hold) return
      if (now.delayMs) setTimeout(send, now.delayMs)
      else send()
    })
  })
  server.on('connection', (socket) => {
    connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.port = (server.address() as AddressInfo).port
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`
  t.teardown(() => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy()
    if (server.listening) server.close(() => resolve())
    else resolve()
  }))
  return receiver
}

/** The deliveries of an endpoint, oldest first. */
export async function deliveriesOf (app: FastifyInstance, endpointId: string): Promise<Row[]> {
  return [...await app.sql`select * from webhook_deliveries where endpoint_id = ${endpointId} order by id`]
}

/** Retries one second apart (the worker runs them): a test never waits minutes. */
export const FAST_RETRIES = { WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s,1s,1s,1s,1s,1s,1s,1s', WEBHOOK_TIMEOUT: '1s' }

/** An admins' endpoint changed outside a request (the audit row's actor: the CLI). */
export const BY_CLI: WebhookActor = { accountType: 'admin', accountId: null, context: CLI_ACTOR }
