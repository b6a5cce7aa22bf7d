import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { uuidv7 } from '../../random.js'
import { presentAuditEvent, recordEvent, type AuditContext, type AuditEventName } from '../audit/events.js'
import { cursorArg, encodeCursor } from '../admin/accounts.js'
import type { PublicWebhookDelivery, PublicWebhookEndpoint } from '../../schemas/webhooks.js'
import { WEBHOOK_ERRORS } from './errors.js'
import { deliveryStatements, endpointStatements, type DeliveryRow, type EndpointRow } from './repository.js'
import { sendAttempt } from './send.js'
import { allowedNetworks, isForbiddenAddress } from './addresses.js'

declare module 'fastify' {
  interface FastifyInstance { webhooks: ReturnType<typeof createWebhooks> }
}

/** Whose endpoints: the admins' (null) or one organization's. */
export interface WebhookScope { organizationId: string | null }

/** Who changes an endpoint, for its audit event: an admin, or an organization's member (null: an API key). */
export interface WebhookActor { accountType: 'admin' | 'user', accountId: string | null, context: AuditContext }

const iso = (date: Date | null) => date ? date.toISOString() : null

export function presentEndpoint (row: EndpointRow): PublicWebhookEndpoint {
  return {
    id: row.id, organizationId: row.organization_id, url: row.url, events: row.events, description: row.description,
    enabled: row.enabled, disabledAt: iso(row.disabled_at), failingSince: iso(row.failing_since),
    createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString()
  }
}

export function presentDelivery (row: DeliveryRow): PublicWebhookDelivery {
  return {
    id: row.id, endpointId: row.endpoint_id, auditEventId: row.audit_event_id, eventType: row.event_type,
    status: row.status as PublicWebhookDelivery['status'], attempts: row.attempts, lastResponseCode: row.last_response_code,
    durationMs: row.duration_ms, lastError: row.last_error, createdAt: row.created_at.toISOString(),
    nextAttemptAt: iso(row.next_attempt_at), deliveredAt: iso(row.delivered_at)
  }
}

/** `whsec_` and 32 random bytes in base64, as Standard Webhooks spell a secret. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`
const notFound = () => new AppError(WEBHOOK_ERRORS.WEBHOOK_NOT_FOUND)
/** The worker disables a failing endpoint: no account, no request. */
const SYSTEM: AuditContext = { actorType: 'system', actorId: null, sessionId: null, ip: null, userAgent: null }

export function createWebhooks (app: FastifyInstance) {
  const { sql, config } = app
  const production = config.isProduction
  const allowed = allowedNetworks(config.webhookAllowedNetworks)

  /** https only in production (http outside it), and no credentials in the URL: they would be sent and listed. */
  function checkUrl (url: string): void {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new AppError(WEBHOOK_ERRORS.WEBHOOK_BAD_REQUEST_URL, { params: { reason: 'not a URL' } })
    }
    const refuse = (reason: string) => new AppError(WEBHOOK_ERRORS.WEBHOOK_BAD_REQUEST_URL, { params: { reason } })
    if (parsed.protocol !== 'https:' && (production || parsed.protocol !== 'http:')) throw refuse(production ? 'https only' : 'http or https only')
    if (parsed.username || parsed.password) throw refuse('no user name or password in the URL')
    // An address written in the URL is refused at once; a name is checked at each delivery, once resolved.
    const literal = parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname
    if (production && isIP(literal) && isForbiddenAddress(literal, allowed)) throw refuse('a loopback, private or link-local address')
  }

  /** Runs `change` and records its audit event in one transaction (an organization's with its organizationId). */
  function audited<T> (event: AuditEventName, actor: WebhookActor, change: (tx: Queryable) => Promise<EndpointRow | undefined>,
    done: (row: EndpointRow) => T): Promise<T> {
    return sql.begin(async (tx) => {
      const row = await change(tx)
      if (!row) throw notFound()
      const data = { ...(row.organization_id && { organizationId: row.organization_id }), webhookId: row.id, url: row.url, events: row.events }
      await recordEvent(tx, { event, accountType: actor.accountType, accountId: actor.accountId, data }, actor.context)
      return done(row)
    }) as Promise<T>
  }

  async function endpoint (scope: WebhookScope, id: string): Promise<EndpointRow> {
    const [row] = await endpointStatements.get.run(sql, { id, organizationId: scope.organizationId })
    if (!row) throw notFound()
    return row
  }

  return {
    async create (scope: WebhookScope, actor: WebhookActor, args: { url: string, events: string[], description?: string }) {
      checkUrl(args.url)
      const secret = newSecret()
      return audited('webhook.created', actor, async (tx) => (await endpointStatements.insert.run(tx, { id: uuidv7(),
        organizationId: scope.organizationId, url: args.url, events: args.events, description: args.description ?? '', secret }))[0],
      (row) => ({ webhook: presentEndpoint(row), secret }))
    },

    async list (scope: WebhookScope) {
      return (await endpointStatements.list.run(sql, scope)).map(presentEndpoint)
    },

    async update (scope: WebhookScope, actor: WebhookActor, args: { webhookId: string, url?: string, events?: string[], description?: string, enabled?: boolean }) {
      if (args.url !== undefined) checkUrl(args.url)
      return audited('webhook.updated', actor, async (tx) => (await endpointStatements.update.run(tx, { id: args.webhookId,
        organizationId: scope.organizationId, url: args.url ?? null, events: args.events ?? null, description: args.description ?? null,
        enabled: args.enabled ?? null }))[0], presentEndpoint)
    },

    /** Deletes the endpoint and its deliveries; their waiting jobs find nothing and end. */
    async remove (scope: WebhookScope, actor: WebhookActor, id: string): Promise<void> {
      await audited('webhook.deleted', actor, async (tx) => (await endpointStatements.remove.run(tx, { id, organizationId: scope.organizationId }))[0],
        () => undefined)
    },

    /** A new secret at once: deliveries from now on are signed with it (attempts under way keep the old one). */
    async rotate (scope: WebhookScope, actor: WebhookActor, id: string) {
      const secret = newSecret()
      return audited('webhook.secret_rotated', actor, async (tx) => (await endpointStatements.rotate.run(tx, { id, organizationId: scope.organizationId, secret }))[0],
        (row) => ({ webhook: presentEndpoint(row), secret }))
    },

    async deliveries (scope: WebhookScope, args: { webhookId: string, status?: string, limit: number, cursor?: string }) {
      await endpoint(scope, args.webhookId)
      const rows = await deliveryStatements.list.runUnprepared(sql, { endpointId: args.webhookId, status: args.status ?? null,
        after: cursorArg(args.cursor), limit: args.limit + 1 })
      const page = rows.slice(0, args.limit)
      return { deliveries: page.map(presentDelivery), nextCursor: rows.length > args.limit ? encodeCursor(page[page.length - 1].id) : null }
    },

    /** Sends a delivery again, now, with the same webhook-id and a fresh schedule of retries. */
    async redeliver (scope: WebhookScope, webhookId: string, deliveryId: string) {
      await endpoint(scope, webhookId)
      const [row] = await deliveryStatements.redeliver.run(sql, { id: deliveryId, endpointId: webhookId })
      if (!row) throw new AppError(WEBHOOK_ERRORS.WEBHOOK_DELIVERY_NOT_FOUND)
      return presentDelivery(row)
    },

    /** V1FanOutWebhooksTask: a delivery (and its job) per endpoint that wants the event. Idempotent. */
    async fanOut (eventId: string): Promise<number> {
      const targets = await deliveryStatements.targets.run(sql, { eventId })
      if (targets.length === 0) return 0
      const rows = await deliveryStatements.fanOut.run(sql, { eventId, ids: targets.map(() => uuidv7()), endpointIds: targets.map((t) => t.id) })
      return rows.length
    },

    /**
     * V1DeliverWebhookTask: one attempt of a pending delivery, recorded with the next one's job
     * (or the end of its retries), and the endpoint disabled (its admins mailed) once it has failed
     * for WEBHOOK_DISABLE_AFTER. A delivery already done, or gone with its endpoint, is left alone.
     */
    async deliver (deliveryId: string): Promise<{ outcome: 'skipped' | 'abandoned' | 'delivered' | 'failed', disabled?: boolean }> {
      const [row] = await deliveryStatements.load.run(sql, { id: deliveryId })
      if (!row || row.delivery_status !== 'pending') return { outcome: 'skipped' }
      if (!row.enabled) {
        await deliveryStatements.abandon.run(sql, { id: deliveryId })
        return { outcome: 'abandoned' }
      }
      const event = presentAuditEvent(row)
      const body = JSON.stringify({ type: event.event, timestamp: event.createdAt, data: event })
      const attempt = await sendAttempt({ url: row.url, secret: row.secret, id: deliveryId, body, timeoutMs: config.webhookTimeoutMs,
        checkAddresses: production, allowed })
      const disabled = await sql.begin(async (tx) => {
        const [recorded] = await deliveryStatements.record.run(tx, { id: deliveryId, ok: attempt.ok, code: attempt.status,
          durationMs: attempt.durationMs, error: attempt.error, delays: config.webhookRetrySchedule, disableAfter: config.webhookDisableAfter })
        if (recorded?.disabled) {
          const data = { ...(recorded.organization_id && { organizationId: recorded.organization_id }), webhookId: row.endpoint_id, url: recorded.url }
          await recordEvent(tx, { event: 'webhook.disabled', accountType: recorded.organization_id ? 'user' : 'admin', accountId: null, data }, SYSTEM)
          // No request, no language: the mail is in English (an admin's language is not kept).
          await deliveryStatements.mailDisabled.run(tx, { organizationId: recorded.organization_id, url: recorded.url, locale: 'en' })
        }
        return recorded?.disabled ?? false
      })
      return { outcome: attempt.ok ? 'delivered' : 'failed', disabled }
    }
  }
}

/** Webhook endpoints, their deliveries and the tasks that send them (docs/webhooks.md). */
export default fp(async (app) => {
  app.decorate('webhooks', createWebhooks(app))
}, { name: 'webhooks', dependencies: ['db'] })
