import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { uuidv7 } from '../../random.js'
import { presentAuditEvent, recordEvent, type AuditContext, type AuditEventName } from '../audit/index.js'
import { cursorArg, encodeCursor } from '../core/cursor.js'
import type { PublicWebhookDelivery, PublicWebhookEndpoint } from '../../schemas/webhooks.js'
import { WEBHOOK_ERRORS } from './errors.js'
import { deliveryStatements, endpointDataStatements, endpointStatements, type DeliveryRow, type EndpointRow } from './repository.js'
import type { AccountData } from '../accounts/index.js'
import { webhookEndpoints } from '../../db/schema.js'
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
/** Attempts sent at once to one endpoint, and the waves one job sends at most. */
const WAVE = 10
const MAX_WAVES = 50
/** A wave's lease outlasts its attempts (each ends within WEBHOOK_TIMEOUT) by this much. */
const LEASE_MARGIN_SEC = 5
/** How often the dispatcher looks for due deliveries: the most an event waits before its endpoint's job is queued. */
const DISPATCH_INTERVAL_MS = 500

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
    /** At most WEBHOOK_MAX_ENDPOINTS per scope, counted under the scope's lock: creates at once cannot both take the last place. */
    async create (scope: WebhookScope, actor: WebhookActor, args: { url: string, events: string[], description?: string }) {
      checkUrl(args.url)
      const secret = newSecret()
      const max = config.webhookMaxEndpoints
      return audited('webhook.created', actor, async (tx) => {
        await endpointStatements.lockScope.run(tx, scope)
        const [row] = await endpointStatements.insert.run(tx, { id: uuidv7(), organizationId: scope.organizationId, url: args.url,
          events: args.events, description: args.description ?? '', secret, max,
          createdBy: actor.accountType === 'user' && actor.context.actorType === 'user' ? actor.context.actorId : null })
        if (!row) throw new AppError(WEBHOOK_ERRORS.WEBHOOK_BAD_REQUEST_TOO_MANY_ENDPOINTS, { params: { max } })
        return row
      }, (row) => ({ webhook: presentEndpoint(row), secret }))
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

    /** V1FanOutWebhooksTask: a delivery per endpoint that wants the event. Idempotent. */
    async fanOut (eventId: string): Promise<number> {
      const targets = await deliveryStatements.targets.run(sql, { eventId })
      if (targets.length === 0) return 0
      const rows = await deliveryStatements.fanOut.run(sql, { eventId, ids: targets.map(() => uuidv7()), endpointIds: targets.map((t) => t.id) })
      return rows.length
    },

    /** The dispatcher: a V1SendWebhooksTask job for each endpoint with due deliveries and none queued. */
    async dispatch (): Promise<number> {
      const [row] = await deliveryStatements.dispatch.run(sql, {})
      return row.queued
    },

    /**
     * V1SendWebhooksTask: an endpoint's due deliveries, oldest first, in waves of WAVE attempts at
     * once. Each wave is leased, attempted and recorded in one statement with the next attempts
     * (WEBHOOK_RETRY_SCHEDULE) and the endpoint's failure tracking; an endpoint failing for
     * WEBHOOK_DISABLE_AFTER is disabled and its admins mailed. A failed attempt ends the run (the
     * others wait for the dispatcher's next look), and so do MAX_WAVES waves, so that one busy
     * endpoint does not hold a worker slot for long. A disabled endpoint's pending deliveries end.
     */
    async send (endpointId: string): Promise<{ delivered: number, failed: number, disabled: boolean }> {
      const outcome = { delivered: 0, failed: 0, disabled: false }
      const leaseSec = Math.ceil(config.webhookTimeoutMs / 1000) + LEASE_MARGIN_SEC
      for (let wave = 0; wave < MAX_WAVES; wave++) {
        const rows = await deliveryStatements.claim.run(sql, { endpointId, limit: WAVE, leaseSec })
        if (rows.length === 0) {
          if (wave === 0) await deliveryStatements.abandon.run(sql, { endpointId })
          break
        }
        const attempts = await Promise.all(rows.map((row) => {
          const event = presentAuditEvent(row)
          const body = JSON.stringify({ type: event.event, timestamp: event.createdAt, data: event })
          return sendAttempt({ url: row.url, secret: row.secret, id: row.delivery_id, body, timeoutMs: config.webhookTimeoutMs,
            checkAddresses: production, allowed })
        }))
        outcome.disabled = await sql.begin(async (tx) => {
          const [recorded] = await deliveryStatements.record.run(tx, { endpointId, ids: rows.map((r) => r.delivery_id),
            codes: attempts.map((a) => a.status), durations: attempts.map((a) => a.durationMs),
            errors: attempts.map((a) => a.error), delays: config.webhookRetrySchedule, disableAfter: config.webhookDisableAfter })
          if (!recorded?.disabled) return false
          const data = { ...(recorded.organization_id && { organizationId: recorded.organization_id }), webhookId: endpointId, url: recorded.url }
          await recordEvent(tx, { event: 'webhook.disabled', accountType: recorded.organization_id ? 'user' : 'admin', accountId: null, data }, SYSTEM)
          // No request, no language: the mail is in English (an admin's language is not kept).
          await deliveryStatements.mailDisabled.run(tx, { organizationId: recorded.organization_id, url: recorded.url, locale: 'en' })
          return true
        }) as boolean
        const ok = attempts.filter((a) => a.ok).length
        outcome.delivered += ok
        outcome.failed += attempts.length - ok
        if (outcome.disabled) await deliveryStatements.abandon.run(sql, { endpointId })
        if (outcome.disabled || ok < attempts.length || rows.length < WAVE) break
      }
      return outcome
    }
  }
}

/**
 * The endpoints users made for organizations (an admin's are the admins'): a claim disables the
 * ones the pre-registrant made, an erasure takes its name off them (they stay the organization's),
 * a deactivation leaves them (they belong to the organization); the export lists them without secrets.
 */
export const webhooksData: AccountData = {
  name: 'webhooks',
  tables: [webhookEndpoints],
  claim: async (tx, kind, userId): Promise<Record<string, number>> =>
    kind.type === 'user' ? { webhookEndpoints: (await endpointDataStatements.disable.run(tx, { userId }))[0].n } : {},
  deactivate: async () => ({}),
  async erase (tx, kind, userId) {
    if (kind.type === 'user') await endpointDataStatements.forget.run(tx, { userId })
    return {}
  },
  async export (db, kind, userId) {
    return kind.type === 'user' ? { webhookEndpoints: (await endpointDataStatements.made.run(db, { userId })).map(presentEndpoint) } : {}
  }
}

/** What webhooks keep about accounts (accounts/data.ts), in both roles: the worker erases. */
export const webhooksDataPlugin = fp(async (app) => {
  app.accountData.register(webhooksData)
}, { name: 'webhooks-data', dependencies: ['account-data'] })

/** Webhook endpoints, their deliveries and the tasks that send them (docs/webhooks.md). */
export default fp(async (app) => {
  const webhooks = createWebhooks(app)
  app.decorate('webhooks', webhooks)
  // Where the worker runs, the dispatcher queues the endpoints' jobs (the audit trigger only writes rows).
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  app.addHook('onReady', async () => {
    if (!app.worker) return
    timer = setInterval(() => {
      running = webhooks.dispatch().catch((err) => app.log.warn({ err }, 'webhook dispatch failed'))
    }, DISPATCH_INTERVAL_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}, { name: 'webhooks', dependencies: ['db'] })
