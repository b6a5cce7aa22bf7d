import { Type, type Static } from '@sinclair/typebox'
import { Success } from './common.js'
import { AUDIT_EVENTS } from './admin.js'

/** Webhook endpoints and their deliveries (docs/webhooks.md). */
const Timestamp = Type.String({ format: 'date-time' })
const MaybeTimestamp = Type.Union([Timestamp, Type.Null()])
const Uuid = Type.String({ format: 'uuid' })
const Url = Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://', description: 'an https URL (http outside production)' })
const EventName = Type.Unsafe<string>({ type: 'string', enum: ['*', ...AUDIT_EVENTS], description: 'an audit event name, or * for every event' })
const Events = Type.Array(EventName, { minItems: 1, maxItems: 100, uniqueItems: true })
const Description = Type.String({ maxLength: 500 })
const Cursor = Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' })

/** An endpoint as listed: never its secret. */
export const WebhookEndpointSchema = Type.Object({
  id: Uuid,
  organizationId: Type.Union([Uuid, Type.Null()]),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.String(),
  enabled: Type.Boolean(),
  disabledAt: MaybeTimestamp,
  failingSince: MaybeTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp
}, { title: 'WebhookEndpoint', additionalProperties: false })
export type PublicWebhookEndpoint = Static<typeof WebhookEndpointSchema>

export const WebhookDeliverySchema = Type.Object({
  id: Type.String({ description: 'the webhook-id header of every attempt' }),
  endpointId: Uuid,
  auditEventId: Uuid,
  eventType: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  lastResponseCode: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  nextAttemptAt: MaybeTimestamp,
  deliveredAt: MaybeTimestamp
}, { title: 'WebhookDelivery', additionalProperties: false })
export type PublicWebhookDelivery = Static<typeof WebhookDeliverySchema>

/** The arguments of each action; the organization's routes add `organizationId`. */
export const WEBHOOK_ARGS = {
  create: { url: Url, events: Events, description: Type.Optional(Description) },
  list: {},
  update: {
    webhookId: Uuid,
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean({ description: 'true enables a disabled endpoint again (its failures forgotten)' }))
  },
  one: { webhookId: Uuid },
  deliveries: {
    webhookId: Uuid,
    status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')])),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    cursor: Type.Optional(Cursor)
  },
  redeliver: { webhookId: Uuid, deliveryId: Uuid }
} as const

const OrgId = { organizationId: Uuid }
type ArgsName = keyof typeof WEBHOOK_ARGS
const admin = <N extends ArgsName>(name: N) => Type.Object(WEBHOOK_ARGS[name], { additionalProperties: false })
const org = <N extends ArgsName>(name: N) => Type.Object({ ...OrgId, ...WEBHOOK_ARGS[name] }, { additionalProperties: false })

export const WebhookArgs = {
  admin: { create: admin('create'), list: admin('list'), update: admin('update'), one: admin('one'), deliveries: admin('deliveries'), redeliver: admin('redeliver') },
  org: { create: org('create'), list: org('list'), update: org('update'), one: org('one'), deliveries: org('deliveries'), redeliver: org('redeliver') }
}

export const CreatedWebhookResponseSchema = Success(201, {
  webhook: WebhookEndpointSchema,
  secret: Type.String({ description: 'whsec_ and base64: shown here only (and by rotatewebhooksecret)' })
})
export const WebhookResponseSchema = Success(200, { webhook: WebhookEndpointSchema })
export const WebhookSecretResponseSchema = Success(200, { webhook: WebhookEndpointSchema, secret: Type.String() })
export const WebhooksResponseSchema = Success(200, { webhooks: Type.Array(WebhookEndpointSchema) })
export const WebhookDeletedResponseSchema = Success(200)
export const WebhookDeliveriesResponseSchema = Success(200, {
  deliveries: Type.Array(WebhookDeliverySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()])
})
export const WebhookDeliveryResponseSchema = Success(200, { delivery: WebhookDeliverySchema })

/** The payloads of the webhook tasks. */
const UuidText = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' })
export const FanOutWebhooksPayloadSchema = Type.Object({ eventId: UuidText })
export type FanOutWebhooksPayload = Static<typeof FanOutWebhooksPayloadSchema>
export const DeliverWebhookPayloadSchema = Type.Object({ deliveryId: UuidText })
export type DeliverWebhookPayload = Static<typeof DeliverWebhookPayloadSchema>
