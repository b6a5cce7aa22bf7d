CREATE TABLE "admin_factors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'unverified' NOT NULL,
	"secret" text,
	"last_used_step" bigint,
	"credential_id" "bytea",
	"public_key" "bytea",
	"sign_count" bigint,
	"transports" text[],
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_factors_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "admin_factors_type_check" CHECK ("admin_factors"."type" in ('totp', 'webauthn')),
	CONSTRAINT "admin_factors_status_check" CHECK ("admin_factors"."status" in ('unverified', 'verified')),
	CONSTRAINT "admin_factors_name_length" CHECK (char_length("admin_factors"."name") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "admin_mfa_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"token_hash" char(64) NOT NULL,
	"method" varchar(16) NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_mfa_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"code_hash" char(64) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_webauthn_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"purpose" varchar(16) NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_webauthn_challenges_purpose_check" CHECK ("admin_webauthn_challenges"."purpose" in ('register', 'login'))
);
--> statement-breakpoint
CREATE TABLE "user_factors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" varchar(16) DEFAULT 'unverified' NOT NULL,
	"secret" text,
	"last_used_step" bigint,
	"credential_id" "bytea",
	"public_key" "bytea",
	"sign_count" bigint,
	"transports" text[],
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_factors_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "user_factors_type_check" CHECK ("user_factors"."type" in ('totp', 'webauthn')),
	CONSTRAINT "user_factors_status_check" CHECK ("user_factors"."status" in ('unverified', 'verified')),
	CONSTRAINT "user_factors_name_length" CHECK (char_length("user_factors"."name") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "user_mfa_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" char(64) NOT NULL,
	"method" varchar(16) NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_mfa_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" char(64) NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_webauthn_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"purpose" varchar(16) NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_webauthn_challenges_purpose_check" CHECK ("user_webauthn_challenges"."purpose" in ('register', 'login'))
);
--> statement-breakpoint
ALTER TABLE "admin_tokens" DROP CONSTRAINT "admin_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "user_tokens" DROP CONSTRAINT "user_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "aal" varchar(4) DEFAULT 'aal1' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "amr" text[] DEFAULT '{pwd}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "aal" varchar(4) DEFAULT 'aal1' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "amr" text[] DEFAULT '{pwd}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_factors" ADD CONSTRAINT "admin_factors_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_mfa_challenges" ADD CONSTRAINT "admin_mfa_challenges_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_webauthn_challenges" ADD CONSTRAINT "admin_webauthn_challenges_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_factors" ADD CONSTRAINT "user_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_mfa_challenges" ADD CONSTRAINT "user_mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_webauthn_challenges" ADD CONSTRAINT "user_webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_factors_admin_id_idx" ON "admin_factors" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_factors_one_verified_totp_idx" ON "admin_factors" USING btree ("admin_id") WHERE "admin_factors"."type" = 'totp' and "admin_factors"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "admin_mfa_challenges_admin_id_idx" ON "admin_mfa_challenges" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "admin_mfa_challenges_expires_at_idx" ON "admin_mfa_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_recovery_codes_admin_id_code_idx" ON "admin_recovery_codes" USING btree ("admin_id","code_hash");--> statement-breakpoint
CREATE INDEX "admin_webauthn_challenges_expires_at_idx" ON "admin_webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_factors_user_id_idx" ON "user_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_factors_one_verified_totp_idx" ON "user_factors" USING btree ("user_id") WHERE "user_factors"."type" = 'totp' and "user_factors"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "user_mfa_challenges_user_id_idx" ON "user_mfa_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_mfa_challenges_expires_at_idx" ON "user_mfa_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_recovery_codes_user_id_code_idx" ON "user_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "user_webauthn_challenges_expires_at_idx" ON "user_webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "admin_tokens" ADD CONSTRAINT "admin_tokens_purpose_check" CHECK ("admin_tokens"."purpose" in ('verify_email', 'reset_password', 'sign_in', 'change_email', 'oauth_exchange'));--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_purpose_check" CHECK ("user_tokens"."purpose" in ('verify_email', 'reset_password', 'sign_in', 'change_email', 'oauth_exchange'));