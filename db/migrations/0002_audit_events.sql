CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" varchar(64) NOT NULL,
	"account_type" varchar(16) NOT NULL,
	"account_id" uuid,
	"actor_type" varchar(16),
	"actor_id" uuid,
	"session_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_events_account_idx" ON "audit_events" USING btree ("account_type","account_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_event_idx" ON "audit_events" USING btree ("event","id");