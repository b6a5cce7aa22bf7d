import { statement } from '../core/db.js'
import { emailOf, type ListedRow } from '../audit/events.js'
import { queueWebhookDisabledSql } from '../mail/mailer.js'
import { admins, auditEvents, memberships, nameOf, roles, users, webhookDeliveries, webhookEndpoints, type Row } from '../../db/schema.js'

export type EndpointRow = Row<typeof webhookEndpoints>
export type DeliveryRow = Row<typeof webhookDeliveries>

export const DELIVER_TASK = 'V1DeliverWebhookTask'
/** A delivery's job fails only when the database does (an answer that is not 2xx is recorded, not thrown). */
const DELIVER_MAX_ATTEMPTS = 10

const E = nameOf(webhookEndpoints)
const D = nameOf(webhookDeliveries)
const A = nameOf(auditEvents)
/** One job per delivery at a time: its key makes a redelivery move the waiting job instead of adding one. */
const deliverJob = (id: string, runAt: string) => `graphile_worker.add_job('${DELIVER_TASK}', json_build_object('deliveryId', ${id}),
  run_at => ${runAt}, max_attempts => ${DELIVER_MAX_ATTEMPTS}, job_key => 'webhook:' || ${id})`

type Scope = { organizationId: string | null }
// Admins' endpoints have no organization; an organization's routes see only its own.
const inScope = (org: string) => `organization_id is not distinct from ${org}::uuid`
type Endpoint = Scope & { id: string }

export const endpointStatements = {
  insert: statement<EndpointRow, Scope & { id: string, url: string, events: string[], description: string, secret: string }>((p) =>
    `insert into ${E} (id, organization_id, url, events, description, secret)
     values (${p.id}, ${p.organizationId}, ${p.url}, ${p.events}::text[], ${p.description}, ${p.secret}) returning *`),
  list: statement<EndpointRow, Scope>((p) => `select * from ${E} where ${inScope(p.organizationId)} order by id desc`),
  get: statement<EndpointRow, Endpoint>((p) => `select * from ${E} where id = ${p.id} and ${inScope(p.organizationId)}`),
  // `enabled` true enables again and forgets the failures; false disables.
  update: statement<EndpointRow, Endpoint & { url: string | null, events: string[] | null, description: string | null, enabled: boolean | null }>((p) =>
    `update ${E} set url = coalesce(${p.url}, url), events = coalesce(${p.events}::text[], events),
       description = coalesce(${p.description}, description), enabled = coalesce(${p.enabled}, enabled),
       disabled_at = case when ${p.enabled}::boolean is null then disabled_at when ${p.enabled} then null else coalesce(disabled_at, now()) end,
       failing_since = case when ${p.enabled} then null else failing_since end, updated_at = now()
     where id = ${p.id} and ${inScope(p.organizationId)} returning *`),
  remove: statement<EndpointRow, Endpoint>((p) => `delete from ${E} where id = ${p.id} and ${inScope(p.organizationId)} returning *`),
  rotate: statement<EndpointRow, Endpoint & { secret: string }>((p) =>
    `update ${E} set secret = ${p.secret}, updated_at = now() where id = ${p.id} and ${inScope(p.organizationId)} returning *`)
}

export const deliveryStatements = {
  // Newest first by id (UUIDv7), one more than the limit to tell whether there is a next page.
  list: statement<DeliveryRow, { endpointId: string, status: string | null, after: string | null, limit: number }>((p) =>
    `select * from ${D} where endpoint_id = ${p.endpointId} and (${p.status}::text is null or status = ${p.status})
       and (${p.after}::uuid is null or id < ${p.after}) order by id desc limit ${p.limit}`),
  // Back to pending with a fresh schedule, due now.
  redeliver: statement<DeliveryRow, { id: string, endpointId: string }>((p) =>
    `with d as (update ${D} set status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null
       where id = ${p.id} and endpoint_id = ${p.endpointId} returning *),
     job as (select ${deliverJob('d.id', 'now()')} from d)
     select d.* from d, (select count(*) from job) as queued`),

  /** The enabled endpoints that want an event, created before it: the fan-out's targets. */
  targets: statement<{ id: string }, { eventId: string }>((p) =>
    `select e.id from ${E} e join ${A} a on a.id = ${p.eventId}
     where e.enabled and (e.events @> array['*'] or a.event = any (e.events))
       and (e.organization_id is null or e.organization_id::text = a.data->>'organizationId') and e.created_at <= a.created_at`),
  /** One delivery per target and its job; an event already fanned out to an endpoint is skipped (the job may run twice). */
  fanOut: statement<{ id: string }, { eventId: string, ids: string[], endpointIds: string[] }>((p) =>
    `with ins as (insert into ${D} (id, endpoint_id, audit_event_id, event_type, next_attempt_at)
       select t.id, t.endpoint_id, a.id, a.event, now() from unnest(${p.ids}::uuid[], ${p.endpointIds}::uuid[]) as t(id, endpoint_id)
       join ${A} a on a.id = ${p.eventId}
       on conflict (endpoint_id, audit_event_id) do nothing returning id)
     select ins.id, ${deliverJob('ins.id', 'now()')} as job from ins`),

  /** A delivery to attempt, with its endpoint and the audit event as the API lists it. */
  load: statement<ListedRow & { delivery_status: string, endpoint_id: string, url: string, secret: string, enabled: boolean }, { id: string }>((p) =>
    `select a.*, ${emailOf('a.account_type', 'a.account_id')} as account_email, ${emailOf('a.actor_type', 'a.actor_id')} as actor_email,
       d.status as delivery_status, e.id as endpoint_id, e.url, e.secret, e.enabled
     from ${D} d join ${E} e on e.id = d.endpoint_id join ${A} a on a.id = d.audit_event_id where d.id = ${p.id}`),
  /** A delivery whose endpoint was disabled meanwhile: failed, no more attempts. */
  abandon: statement<never, { id: string }>((p) =>
    `update ${D} set status = 'failed', next_attempt_at = null, last_error = 'endpoint disabled' where id = ${p.id} and status = 'pending'`),

  /**
   * One attempt's outcome, the next attempt's job after `delays[attempts]` seconds while some are left, and the
   * endpoint's failure tracking: failing since `disableAfter` seconds without a success disables it (`disabled`).
   */
  record: statement<{ next_attempt_at: Date | null, disabled: boolean, organization_id: string | null, url: string },
    { id: string, ok: boolean, code: number | null, durationMs: number, error: string | null, delays: number[], disableAfter: number }>((p) =>
    `with before as (select e.id, e.enabled, e.failing_since from ${E} e join ${D} d on d.endpoint_id = e.id where d.id = ${p.id} for update of e),
     d as (update ${D} set attempts = attempts + 1, last_response_code = ${p.code}, duration_ms = ${p.durationMs}, last_error = ${p.error},
         status = case when ${p.ok} then 'delivered' when attempts >= cardinality(${p.delays}::int[]) then 'failed' else 'pending' end,
         delivered_at = case when ${p.ok} then now() end,
         next_attempt_at = case when not ${p.ok} and attempts < cardinality(${p.delays}::int[])
           then now() + make_interval(secs => (${p.delays}::int[])[attempts + 1]) end
       where id = ${p.id} and status = 'pending' returning *),
     disabling as (select coalesce(before.enabled and not ${p.ok} and before.failing_since <= now() - make_interval(secs => ${p.disableAfter}::int), false) as yes from before),
     e as (update ${E} set failing_since = case when ${p.ok} then null else coalesce(failing_since, now()) end,
         enabled = enabled and not (select yes from disabling),
         disabled_at = case when (select yes from disabling) then now() else disabled_at end
       where id = (select id from before) and exists (select 1 from d) returning organization_id, url),
     job as (select ${deliverJob('d.id', 'd.next_attempt_at')} from d where d.next_attempt_at is not null)
     select d.next_attempt_at, coalesce((select yes from disabling), false) as disabled, e.organization_id, e.url
     from d, e, (select count(*) from job) as queued`),

  /**
   * The mail to the admins of a disabled endpoint: every active admin for an admins' endpoint, the members who
   * manage its organization's webhooks (apikeys:manage) for an organization's.
   */
  mailDisabled: statement<never, { organizationId: string | null, url: string, locale: string }>((p) =>
    `with recipients as (
       select email from ${nameOf(admins)} where ${p.organizationId}::uuid is null and is_active and deleted_at is null
       union
       select u.email from ${nameOf(memberships)} m join ${nameOf(roles)} r on r.id = m.role_id join ${nameOf(users)} u on u.id = m.user_id
       where m.organization_id = ${p.organizationId}::uuid and 'apikeys:manage' = any (r.permissions) and u.is_active and u.deleted_at is null)
     select ${queueWebhookDisabledSql('recipients.email', `${p.locale}::text`, `${p.url}::text`)} from recipients`)
}
