CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"audit_event_id" uuid NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_code" integer,
	"duration_ms" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_endpoint_event_unique" UNIQUE("endpoint_id","audit_event_id"),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"secret" varchar(100) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_events_not_empty" CHECK (cardinality("webhook_endpoints"."events") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_audit_event_id_audit_events_id_fk" FOREIGN KEY ("audit_event_id") REFERENCES "public"."audit_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_id_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_audit_event_id_idx" ON "webhook_deliveries" USING btree ("audit_event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_organization_id_idx" ON "webhook_endpoints" USING btree ("organization_id");--> statement-breakpoint
-- Webhooks are queued in the transaction of the audit insert, whichever statement writes it: one
-- fan-out job per event that some enabled endpoint wants (V1FanOutWebhooksTask writes the
-- deliveries), nothing but this lookup of a small table when none does. plpgsql resolves
-- graphile_worker.add_job when it runs, after graphile-worker's own migrations.
CREATE FUNCTION "webhooks_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "webhook_endpoints" e WHERE e.enabled
      AND (e.events @> ARRAY['*'] OR NEW.event = ANY (e.events))
      AND (e.organization_id IS NULL OR e.organization_id::text = NEW.data->>'organizationId')) THEN
    PERFORM graphile_worker.add_job('V1FanOutWebhooksTask', json_build_object('eventId', NEW.id), max_attempts => 25);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_webhooks" AFTER INSERT ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "webhooks_enqueue"();
