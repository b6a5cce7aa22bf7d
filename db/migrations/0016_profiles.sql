ALTER TABLE "admins" ADD COLUMN "name" varchar(100);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "given_name" varchar(60);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "family_name" varchar(60);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "picture" varchar(500);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "locale" varchar(35);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "zoneinfo" varchar(64);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "profile_edited" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "profile_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "user_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "app_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "given_name" varchar(60);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_name" varchar(60);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "picture" varchar(500);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" varchar(35);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zoneinfo" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_edited" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "user_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "app_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "room_presence" ADD COLUMN "name" varchar(100);--> statement-breakpoint
ALTER TABLE "room_presence" ADD COLUMN "picture" varchar(500);--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_user_metadata_object" CHECK (jsonb_typeof("admins"."user_metadata") = 'object');--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_app_metadata_object" CHECK (jsonb_typeof("admins"."app_metadata") = 'object');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_metadata_object" CHECK (jsonb_typeof("users"."user_metadata") = 'object');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_app_metadata_object" CHECK (jsonb_typeof("users"."app_metadata") = 'object');