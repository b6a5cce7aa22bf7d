ALTER TABLE "oauth_clients" ADD COLUMN "backchannel_logout_uri" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "post_logout_redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A user's consents by account and client (plugins/oidc/grants.ts: every authorization looks its grant up; listauthorizedapps): the Grant rows only.
CREATE INDEX "oidc_payloads_grant_account_idx" ON "oidc_payloads" USING btree ((payload->>'accountId'), (payload->>'clientId')) WHERE kind = 'Grant';
