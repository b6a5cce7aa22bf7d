-- The audit log's trigger writes the deliveries itself, one per enabled endpoint that wants the
-- event, each with its V1DeliverWebhookTask job, in the event's transaction: no fan-out job in
-- between (one job and four statements less per event). Ids are UUIDv7 like the service's.
-- V1FanOutWebhooksTask stays for the jobs 0009's trigger queued before this migration.
CREATE FUNCTION "latchkey_uuidv7"() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhooks_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delivery uuid;
BEGIN
  FOR delivery IN
    INSERT INTO "webhook_deliveries" (id, endpoint_id, audit_event_id, event_type, next_attempt_at)
    SELECT "latchkey_uuidv7"(), e.id, NEW.id, NEW.event, now() FROM "webhook_endpoints" e
     WHERE e.enabled AND (e.events @> ARRAY['*'] OR NEW.event = ANY (e.events))
       AND (e.organization_id IS NULL OR e.organization_id::text = NEW.data->>'organizationId') AND e.created_at <= NEW.created_at
    ON CONFLICT (endpoint_id, audit_event_id) DO NOTHING
    RETURNING id
  LOOP
    PERFORM graphile_worker.add_job('V1DeliverWebhookTask', json_build_object('deliveryId', delivery),
      max_attempts => 10, job_key => 'webhook:' || delivery);
  END LOOP;
  RETURN NULL;
END
$$;
