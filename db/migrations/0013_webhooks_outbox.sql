CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","endpoint_id") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
-- The audit log's trigger writes the deliveries and nothing else: the rows are the queue, in the
-- event's transaction. graphile-worker's add_job (and its pg_notify, whose commit takes the
-- notification queue's lock) leaves the audited request: the worker's dispatcher queues one
-- V1SendWebhooksTask job per endpoint with due deliveries (plugins/webhooks/webhooks.ts).
CREATE OR REPLACE FUNCTION "webhooks_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" (id, endpoint_id, audit_event_id, event_type, next_attempt_at)
  SELECT "latchkey_uuidv7"(), e.id, NEW.id, NEW.event, now() FROM "webhook_endpoints" e
   WHERE e.enabled AND (e.events @> ARRAY['*'] OR NEW.event = ANY (e.events))
     AND (e.organization_id IS NULL OR e.organization_id::text = NEW.data->>'organizationId') AND e.created_at <= NEW.created_at
  ON CONFLICT (endpoint_id, audit_event_id) DO NOTHING;
  RETURN NULL;
END
$$;
