import { Type, type Static } from '@sinclair/typebox'
import { KeyOrganizationId, Success } from './common.js'
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

const Status = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')])
const closed = { additionalProperties: false } as const

/** The arguments of each admin action; the organization's routes take `organizationId` too. */
const ADMIN_ARGS = {
  create: Type.Object({ url: Url, events: Events, description: Type.Optional(Description) }, closed),
  list: Type.Object({}, closed),
  update: Type.Object({
    webhookId: Uuid,
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    enabled: Type.Optional(Type.Boolean({ description: 'true enables a disabled endpoint again (its failures forgotten)' }))
  }, closed),
  one: Type.Object({ webhookId: Uuid }, closed),
  deliveries: Type.Object({
    webhookId: Uuid,
    status: Type.Optional(Status),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    cursor: Type.Optional(Cursor)
  }, closed),
  redeliver: Type.Object({ webhookId: Uuid, deliveryId: Uuid }, closed)
}
type Args = typeof ADMIN_ARGS
// Typed as the admins' arguments: the handlers never read organizationId (the permission check does).
const withOrg = <K extends keyof Args>(key: K) => Type.Object({ organizationId: KeyOrganizationId, ...ADMIN_ARGS[key].properties }, closed) as unknown as Args[K]

export const WebhookArgs: Record<'admin' | 'org', Args> = {
  admin: ADMIN_ARGS,
  org: { create: withOrg('create'), list: withOrg('list'), update: withOrg('update'), one: withOrg('one'), deliveries: withOrg('deliveries'), redeliver: withOrg('redeliver') }
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
export const SendWebhooksPayloadSchema = Type.Object({ endpointId: UuidText })
export type SendWebhooksPayload = Static<typeof SendWebhooksPayloadSchema>
