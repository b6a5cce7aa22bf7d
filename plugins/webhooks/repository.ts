import { statement } from '../core/db.js'
import { emailOf, type ListedRow } from '../audit/index.js'
import { queueWebhookDisabledSql } from '../mail/index.js'
import { membersHoldingSql } from '../orgs/index.js'
import { admins, auditEvents, nameOf, users, webhookDeliveries, webhookEndpoints, type Row } from '../../db/schema.js'

export type EndpointRow = Row<typeof webhookEndpoints>
export type DeliveryRow = Row<typeof webhookDeliveries>

/** The job that sends an endpoint's due deliveries (workers/V1SendWebhooksTask.ts), one per endpoint at a time. */
const SEND_TASK = 'V1SendWebhooksTask'
/** A send job fails only when the database does (an answer that is not 2xx is recorded, not thrown). */
const SEND_MAX_ATTEMPTS = 10

const E = nameOf(webhookEndpoints)
const D = nameOf(webhookDeliveries)
const A = nameOf(auditEvents)
/** The endpoint's job, unless one is queued or running: its key keeps one, and a running one is not doubled. */
const sendJob = (endpointId: string) => `graphile_worker.add_job('${SEND_TASK}', json_build_object('endpointId', ${endpointId}),
  max_attempts => ${SEND_MAX_ATTEMPTS}, job_key => 'webhooks:' || ${endpointId})`
// A job that failed for good (its attempts spent) stays in the table with its key: it holds nothing back.
const noJobFor = (endpointId: string) => `not exists (select 1 from graphile_worker.jobs j where j.key = 'webhooks:' || ${endpointId} and j.attempts < j.max_attempts)`

type Scope = { organizationId: string | null }
// Admins' endpoints have no organization; an organization's routes see only its own.
const inScope = (org: string) => `organization_id is not distinct from ${org}::uuid`
type Endpoint = Scope & { id: string }

export const endpointStatements = {
  /**
   * Until the transaction ends, the scope's creates wait for each other, so each counts after the one
   * before committed (the admins' scope has no row to lock). Two keys: apart from one-key advisory locks.
   */
  lockScope: statement<never, Scope>((p) =>
    `select pg_advisory_xact_lock(hashtext('webhooks.max_endpoints'), hashtext(coalesce(${p.organizationId}::uuid::text, 'admins')))`),
  /** The new endpoint, unless its scope has `max` already (no row then); run after lockScope, in its transaction. */
  insert: statement<EndpointRow, Scope & { id: string, url: string, events: string[], description: string, secret: string, max: number,
    createdBy: string | null }>((p) =>
    `insert into ${E} (id, organization_id, url, events, description, secret, created_by)
     select ${p.id}::uuid, ${p.organizationId}::uuid, ${p.url}::text, ${p.events}::text[], ${p.description}::text, ${p.secret}::text, ${p.createdBy}::uuid
     where (select count(*) from ${E} where ${inScope(p.organizationId)}) < ${p.max}::int returning *`),
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

/** What webhooks keep about a user: the endpoints it made for organizations (accounts/data.ts). */
export const endpointDataStatements = {
  // A claim: every endpoint the account made stops receiving (as a disable by hand).
  disable: statement<{ n: number }, { userId: string }>((p) => `with d as (update ${E} set enabled = false, disabled_at = coalesce(disabled_at, now()),
    updated_at = now() where created_by = ${p.userId} and enabled returning 1) select count(*)::int as n from d`),
  // An erasure: the endpoints stay their organizations', without their maker's name.
  forget: statement<never, { userId: string }>((p) => `update ${E} set created_by = null where created_by = ${p.userId}`),
  made: statement<EndpointRow, { userId: string }>((p) => `select * from ${E} where created_by = ${p.userId} order by id`)
}

export const deliveryStatements = {
  // Newest first by id (UUIDv7), one more than the limit to tell whether there is a next page.
  list: statement<DeliveryRow, { endpointId: string, status: string | null, after: string | null, limit: number }>((p) =>
    `select * from ${D} where endpoint_id = ${p.endpointId} and (${p.status}::text is null or status = ${p.status})
       and (${p.after}::uuid is null or id < ${p.after}) order by id desc limit ${p.limit}`),
  // Back to pending with a fresh schedule, due now; its endpoint's job is queued at once.
  redeliver: statement<DeliveryRow, { id: string, endpointId: string }>((p) =>
    `with d as (update ${D} set status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null
       where id = ${p.id} and endpoint_id = ${p.endpointId} returning *),
     job as (select ${sendJob('d.endpoint_id')} from d where ${noJobFor('d.endpoint_id')})
     select d.* from d, (select count(*) from job) as queued`),

  /**
   * The dispatcher's one statement: a job for each endpoint with due deliveries and no job of its own. The
   * partial index on pending deliveries makes it a short range scan.
   */
  dispatch: statement<{ queued: number }>(() =>
    `select count(${sendJob('due.endpoint_id')})::int as queued
     from (select distinct endpoint_id from ${D} where status = 'pending' and next_attempt_at <= now()) as due
     where ${noJobFor('due.endpoint_id')}`),

  /** The enabled endpoints that want an event, created before it: the fan-out's targets. */
  targets: statement<{ id: string }, { eventId: string }>((p) =>
    `select e.id from ${E} e join ${A} a on a.id = ${p.eventId}
     where e.enabled and (e.events @> array['*'] or a.event = any (e.events))
       and (e.organization_id is null or e.organization_id::text = a.data->>'organizationId') and e.created_at <= a.created_at`),
  /** One delivery per target; an event already fanned out to an endpoint is skipped (the job may run twice). */
  fanOut: statement<{ id: string }, { eventId: string, ids: string[], endpointIds: string[] }>((p) =>
    `insert into ${D} (id, endpoint_id, audit_event_id, event_type, next_attempt_at)
     select t.id, t.endpoint_id, a.id, a.event, now() from unnest(${p.ids}::uuid[], ${p.endpointIds}::uuid[]) as t(id, endpoint_id)
     join ${A} a on a.id = ${p.eventId}
     on conflict (endpoint_id, audit_event_id) do nothing returning id`),

  /**
   * Up to `limit` of an endpoint's due deliveries, oldest first, each with the audit event as the API lists it,
   * leased for `leaseSec` (their next_attempt_at moved on): another job skips them, and a worker killed while
   * sending leaves them due again once the lease ends. None when the endpoint is disabled.
   */
  claim: statement<ListedRow & { delivery_id: string, url: string, secret: string }, { endpointId: string, limit: number, leaseSec: number }>((p) =>
    `with due as (select d.id from ${D} d join ${E} e on e.id = d.endpoint_id and e.enabled
         where d.endpoint_id = ${p.endpointId} and d.status = 'pending' and d.next_attempt_at <= now()
         order by d.next_attempt_at, d.id limit ${p.limit} for update of d skip locked),
       leased as (update ${D} d set next_attempt_at = now() + make_interval(secs => ${p.leaseSec}::int) from due where d.id = due.id
         returning d.id, d.audit_event_id)
     select a.*, ${emailOf('a.account_type', 'a.account_id')} as account_email, ${emailOf('a.actor_type', 'a.actor_id')} as actor_email,
       l.id as delivery_id, e.url, e.secret
     from leased l join ${A} a on a.id = l.audit_event_id join ${E} e on e.id = ${p.endpointId} order by l.id`),
  /** A disabled endpoint's pending deliveries: failed, no more attempts. */
  abandon: statement<never, { endpointId: string }>((p) =>
    `update ${D} set status = 'failed', next_attempt_at = null, last_error = 'endpoint disabled'
     where endpoint_id = ${p.endpointId} and status = 'pending' and not (select enabled from ${E} where id = ${p.endpointId})`),

  /**
   * The outcomes of a set of attempts at one endpoint (a success is an answer in 2xx, as sendAttempt says), each delivery's next attempt after `delays[attempts]`
   * seconds while some are left, and the endpoint's failure tracking: a success clears it; failing since
   * `disableAfter` seconds without one disables the endpoint (`disabled`).
   */
  record: statement<{ disabled: boolean, organization_id: string | null, url: string },
    { endpointId: string, ids: string[], codes: Array<number | null>, durations: number[], errors: Array<string | null>,
      delays: number[], disableAfter: number }>((p) =>
    `with before as (select id, enabled, failing_since from ${E} where id = ${p.endpointId} for update),
     r as (select id, coalesce(code between 200 and 299, false) as ok, code, duration_ms, error
       from unnest(${p.ids}::uuid[], ${p.codes}::int[], ${p.durations}::int[], ${p.errors}::text[]) as r(id, code, duration_ms, error)),
     d as (update ${D} d set attempts = d.attempts + 1, last_response_code = r.code, duration_ms = r.duration_ms, last_error = r.error,
         status = case when r.ok then 'delivered' when d.attempts >= cardinality(${p.delays}::int[]) then 'failed' else 'pending' end,
         delivered_at = case when r.ok then now() end,
         next_attempt_at = case when not r.ok and d.attempts < cardinality(${p.delays}::int[])
           then now() + make_interval(secs => (${p.delays}::int[])[d.attempts + 1]) end
       from r where d.id = r.id and d.endpoint_id = ${p.endpointId} and d.status = 'pending' returning r.ok),
     outcome as (select bool_or(ok) as any_ok from d),
     disabling as (select coalesce(before.enabled and not outcome.any_ok
       and before.failing_since <= now() - make_interval(secs => ${p.disableAfter}::int), false) as yes from before, outcome),
     e as (update ${E} set failing_since = case when (select any_ok from outcome) then null else coalesce(failing_since, now()) end,
         enabled = enabled and not (select yes from disabling),
         disabled_at = case when (select yes from disabling) then now() else disabled_at end
       where id = (select id from before) and exists (select 1 from d) returning organization_id, url)
     select (select yes from disabling) as disabled, e.organization_id, e.url from e`),

  /**
   * The mail to the admins of a disabled endpoint: every active admin for an admins' endpoint, the members who
   * manage its organization's webhooks (apikeys:manage) for an organization's.
   */
  mailDisabled: statement<never, { organizationId: string | null, url: string, locale: string }>((p) =>
    `with recipients as (
       select email from ${nameOf(admins)} where ${p.organizationId}::uuid is null and is_active and deleted_at is null
       union
       select email from ${nameOf(users)} where id in (${membersHoldingSql(`${p.organizationId}::uuid`, 'apikeys:manage')}) and is_active and deleted_at is null)
     select ${queueWebhookDisabledSql('recipients.email', `${p.locale}::text`, `${p.url}::text`)} from recipients`)
}
