-- UNLOGGED: rooms' history and presence write no WAL; a crash of PostgreSQL empties them, and each room then starts a new epoch.
CREATE UNLOGGED TABLE "room_heads" (
	"room" varchar(160) PRIMARY KEY NOT NULL,
	"epoch" varchar(32) NOT NULL,
	"last_offset" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "room_history" (
	"room" varchar(160) NOT NULL,
	"offset" bigint NOT NULL,
	"event" varchar(64) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_history_room_offset_pk" PRIMARY KEY("room","offset")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "room_instances" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "room_presence" (
	"instance_id" varchar(32) NOT NULL,
	"connection_id" varchar(32) NOT NULL,
	"room" varchar(160) NOT NULL,
	"user_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_presence_room_connection_id_pk" PRIMARY KEY("room","connection_id")
);
--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_instance_id_room_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."room_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_history_created_at_idx" ON "room_history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "room_presence_instance_idx" ON "room_presence" USING btree ("instance_id");