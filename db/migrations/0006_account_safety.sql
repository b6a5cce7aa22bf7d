-- UNLOGGED: counting an attempt writes no WAL (no commit flush on login); a crash empties it (docs/behaviour.md#lockout).
CREATE UNLOGGED TABLE "login_attempts" (
	"account_type" varchar(16) NOT NULL,
	"email" varchar(254) NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_attempts_account_type_email_pk" PRIMARY KEY("account_type","email")
);
