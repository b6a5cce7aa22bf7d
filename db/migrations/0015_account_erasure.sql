ALTER TABLE "admin_tokens" DROP CONSTRAINT "admin_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "user_tokens" DROP CONSTRAINT "user_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "erasure_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erasure_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD CONSTRAINT "admin_tokens_purpose_check" CHECK ("admin_tokens"."purpose" in ('verify_email', 'reset_password', 'sign_in', 'change_email', 'oauth_exchange', 'cancel_deletion'));--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_purpose_check" CHECK ("user_tokens"."purpose" in ('verify_email', 'reset_password', 'sign_in', 'change_email', 'oauth_exchange', 'cancel_deletion'));