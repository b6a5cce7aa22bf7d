ALTER TABLE "admin_sessions" DROP CONSTRAINT "admin_sessions_replaced_by_session_id_admin_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "user_sessions" DROP CONSTRAINT "user_sessions_replaced_by_session_id_user_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "family_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "successor_token" text;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "family_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "successor_token" text;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_replaced_by_session_id_admin_sessions_id_fk" FOREIGN KEY ("replaced_by_session_id") REFERENCES "public"."admin_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_replaced_by_session_id_user_sessions_id_fk" FOREIGN KEY ("replaced_by_session_id") REFERENCES "public"."user_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_family_id_idx" ON "admin_sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "admin_sessions_replaced_by_session_id_idx" ON "admin_sessions" USING btree ("replaced_by_session_id") WHERE "admin_sessions"."replaced_by_session_id" is not null;--> statement-breakpoint
CREATE INDEX "user_sessions_family_id_idx" ON "user_sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "user_sessions_replaced_by_session_id_idx" ON "user_sessions" USING btree ("replaced_by_session_id") WHERE "user_sessions"."replaced_by_session_id" is not null;--> statement-breakpoint
-- Sessions that existed before families: each rotation chain becomes one family named after its first row.
WITH RECURSIVE chain AS (
  SELECT p.id, p.id AS root FROM "user_sessions" p
    WHERE NOT EXISTS (SELECT 1 FROM "user_sessions" c WHERE c.replaced_by_session_id = p.id)
  UNION ALL
  SELECT s.replaced_by_session_id, chain.root FROM chain JOIN "user_sessions" s ON s.id = chain.id
    WHERE s.replaced_by_session_id IS NOT NULL
)
UPDATE "user_sessions" u SET family_id = chain.root FROM chain WHERE u.id = chain.id;--> statement-breakpoint
WITH RECURSIVE chain AS (
  SELECT p.id, p.id AS root FROM "admin_sessions" p
    WHERE NOT EXISTS (SELECT 1 FROM "admin_sessions" c WHERE c.replaced_by_session_id = p.id)
  UNION ALL
  SELECT s.replaced_by_session_id, chain.root FROM chain JOIN "admin_sessions" s ON s.id = chain.id
    WHERE s.replaced_by_session_id IS NOT NULL
)
UPDATE "admin_sessions" u SET family_id = chain.root FROM chain WHERE u.id = chain.id;
