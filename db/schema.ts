import type { Table } from 'drizzle-orm'
import { getTableName, pg, sql } from './drizzle.js'
import { accountTables, id, ts } from './account-tables.js'
const { boolean, char, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex, uuid, varchar } = pg

export * from './room-tables.js' // the rooms' tables, written by the PostgreSQL broker only

/** The tables of one account type (its entry in plugins/accounts/registry.ts holds them). */
export type AccountTables = ReturnType<typeof accountTables<string>>

export const userTables = accountTables('user', 'users', 'user_sessions', 'user_tokens', 'user_id')
export const adminTables = accountTables('admin', 'admins', 'admin_sessions', 'admin_tokens', 'admin_id')

export const {
  owners: users, sessions: userSessions, tokens: userTokens, factors: userFactors, recoveryCodes: userRecoveryCodes,
  mfaChallenges: userMfaChallenges, mfaAttempts: userMfaAttempts, webauthnChallenges: userWebauthnChallenges
} = userTables
export const {
  owners: admins, sessions: adminSessions, tokens: adminTokens, factors: adminFactors, recoveryCodes: adminRecoveryCodes,
  mfaChallenges: adminMfaChallenges, mfaAttempts: adminMfaAttempts, webauthnChallenges: adminWebauthnChallenges
} = adminTables

export const posts = pgTable('posts', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 300 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('draft'),
  publishedAt: ts('published_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow()
}, (t) => [
  check('posts_status_check', sql`${t.status} in ('draft', 'published')`), check('posts_title_length', sql`char_length(${t.title}) between 1 and 300`),
  index('posts_user_id_idx').on(t.userId)
])

/** A user's accounts at OpenID Connect providers (docs/behaviour.md#identities): one subject per provider. */
export const userIdentities = pgTable('user_identities', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  provider: varchar('provider', { length: 32 }).notNull(),
  subject: varchar('subject', { length: 255 }).notNull(),
  email: varchar('email', { length: 254 }),
  emailVerified: boolean('email_verified').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSignInAt: ts('last_sign_in_at')
}, (t) => [
  uniqueIndex('user_identities_provider_subject_idx').on(t.provider, t.subject),
  index('user_identities_user_id_idx').on(t.userId)
])

/**
 * A provider sign-in under way: the state (only its SHA-256), the nonce and the PKCE verifier,
 * kept server-side between authorize and callback; single use, 10 minutes.
 */
export const oauthStates = pgTable('oauth_states', {
  id: id(),
  stateHash: char('state_hash', { length: 64 }).notNull().unique(),
  provider: varchar('provider', { length: 32 }).notNull(),
  nonce: varchar('nonce', { length: 128 }).notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  // Where the app wants the browser back, and the callback URL given to the provider.
  redirectTo: text('redirect_to').notNull(),
  callbackUrl: text('callback_url').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow()
}, (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)])

/**
 * What happened to accounts (docs/behaviour.md#audit-log), written in the transaction or statement
 * of the change it records. `data` never holds a secret.
 */
export const auditEvents = pgTable('audit_events', {
  id: id(),
  createdAt: ts('created_at').notNull().defaultNow(),
  event: varchar('event', { length: 64 }).notNull(),
  accountType: varchar('account_type', { length: 16 }).notNull(),
  accountId: uuid('account_id'),
  actorType: varchar('actor_type', { length: 16 }),
  actorId: uuid('actor_id'),
  sessionId: uuid('session_id'),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  data: jsonb('data').notNull().default(sql`'{}'::jsonb`)
}, (t) => [
  index('audit_events_created_at_idx').on(t.createdAt),
  index('audit_events_account_idx').on(t.accountType, t.accountId, t.id),
  index('audit_events_event_idx').on(t.event, t.id)
])

/**
 * The per-account lockout (docs/behaviour.md#lockout): sign-in attempts with a password per
 * account type and address tried (known or not, so that unknown addresses behave the same), in
 * a fixed window. An attempt is counted before its password is verified and uncounted when a
 * session opens. The migration makes the table UNLOGGED (drizzle cannot say so): no WAL, so
 * counting adds no commit flush to a login; a crash of PostgreSQL empties it, which only
 * forgets current lockouts.
 */
export const loginAttempts = pgTable('login_attempts', {
  accountType: varchar('account_type', { length: 16 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  attempts: integer('attempts').notNull(),
  windowEndsAt: ts('window_ends_at').notNull()
}, (t) => [
  // No index on window_ends_at: each attempt would maintain it, and the hourly prune scans a small table.
  primaryKey({ columns: [t.accountType, t.email] })
])

/**
 * Organizations (docs/behaviour.md#organizations): users act in them through a membership with a role.
 * Deleted softly; the slug stays taken.
 */
export const organizations = pgTable('organizations', {
  id: id(),
  slug: varchar('slug', { length: 48 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at')
}, (t) => [
  check('organizations_slug_format', sql`${t.slug} ~ '^[a-z0-9-]{3,48}$'`),
  check('organizations_name_length', sql`char_length(${t.name}) between 1 and 100`)
])

/**
 * Roles: the built-in ones (`owner`, `admin`, `member`: organization_id null, inserted by the
 * migration) and each organization's own. `permissions`: `<resource>:<action>` strings.
 */
export const roles = pgTable('roles', {
  id: id(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 48 }).notNull(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow()
}, (t) => [
  unique('roles_organization_id_name_unique').on(t.organizationId, t.name).nullsNotDistinct(),
  check('roles_name_format', sql`${t.name} ~ '^[a-z0-9_-]{1,48}$'`)
])

/**
 * Who is in an organization, with which role. `version` grows with every change of the member's
 * role: access tokens carry it (`org.membershipVersion`), so a change takes effect at once.
 */
export const memberships = pgTable('memberships', {
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: uuid('role_id').notNull().references(() => roles.id),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow()
}, (t) => [
  primaryKey({ columns: [t.organizationId, t.userId] }),
  index('memberships_user_id_idx').on(t.userId),
  index('memberships_role_id_idx').on(t.roleId)
])

/** Invitations by mail: only the token's SHA-256 is kept; 7 days, single use. */
export const invitations = pgTable('invitations', {
  id: id(),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  email: varchar('email', { length: 254 }).notNull(),
  roleId: uuid('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow()
}, (t) => [index('invitations_organization_id_idx').on(t.organizationId)])

/**
 * API keys of organizations, for machines: only the key's SHA-256 is kept (256 random bits: no
 * slow hash needed), with its first 8 characters to tell keys apart in lists.
 */
export const apiKeys = pgTable('api_keys', {
  id: id(),
  organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 100 }).notNull(),
  prefix: varchar('prefix', { length: 8 }).notNull(),
  keyHash: char('key_hash', { length: 64 }).notNull().unique(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: ts('expires_at'),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow()
}, (t) => [index('api_keys_organization_id_idx').on(t.organizationId)])

/**
 * Where audit events are sent (docs/webhooks.md): an admin's endpoint (organization_id null)
 * receives every event it subscribes to, an organization's only that organization's. `events`:
 * audit event names or `*`. `secret` (`whsec_` and base64) signs the deliveries; it is shown once.
 * `failing_since`: the first failed attempt since the last success (5 days of it disable the endpoint).
 * `created_by`: its maker, a user (null: an admin's, or the maker erased); a claim of that account disables it.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: varchar('description', { length: 500 }).notNull().default(''),
  secret: varchar('secret', { length: 100 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledAt: ts('disabled_at'),
  failingSince: ts('failing_since'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow()
}, (t) => [
  index('webhook_endpoints_organization_id_idx').on(t.organizationId),
  check('webhook_endpoints_events_not_empty', sql`cardinality(${t.events}) between 1 and 100`)
])

/**
 * One audit event to send to one endpoint; `id` is its `webhook-id`, the same on every attempt
 * (receivers deduplicate by it). Each attempt updates `attempts`, the last response code, duration
 * and error; `next_attempt_at` is when the next one is due while `pending`.
 */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: id(),
  endpointId: uuid('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  auditEventId: uuid('audit_event_id').notNull().references(() => auditEvents.id, { onDelete: 'cascade' }),
  eventType: varchar('event_type', { length: 64 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastResponseCode: integer('last_response_code'),
  durationMs: integer('duration_ms'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  nextAttemptAt: ts('next_attempt_at'),
  deliveredAt: ts('delivered_at')
}, (t) => [
  unique('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.auditEventId),
  index('webhook_deliveries_endpoint_id_idx').on(t.endpointId, t.id),
  // The prune of old audit events deletes their deliveries through the foreign key.
  index('webhook_deliveries_audit_event_id_idx').on(t.auditEventId),
  // What the worker's dispatcher and its jobs look for: the pending deliveries that are due.
  index('webhook_deliveries_due_idx').on(t.nextAttemptAt, t.endpointId).where(sql`${t.status} = 'pending'`),
  check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`)
])

/**
 * The applications admins register with the OpenID provider (plugins/oidc/clients.ts): `id` is
 * the client_id; a confidential client's secret is kept as its SHA-256 (`secret_hash`) only.
 * `organization_id`: the organization a client_credentials token acts for.
 */
export const oauthClients = pgTable('oauth_clients', {
  id: varchar('id', { length: 64 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  type: varchar('type', { length: 16 }).notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  grantTypes: text('grant_types').array().notNull(),
  scopes: text('scopes').array().notNull(),
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  secretHash: char('secret_hash', { length: 64 }),
  backchannelLogoutUri: text('backchannel_logout_uri'),
  postLogoutRedirectUris: text('post_logout_redirect_uris').array().notNull().default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow()
}, (t) => [
  index('oauth_clients_organization_id_idx').on(t.organizationId),
  check('oauth_clients_type_check', sql`${t.type} in ('public', 'confidential')`),
  check('oauth_clients_secret_check', sql`(${t.type} = 'confidential') = (${t.secretHash} is not null)`)
])

/**
 * What the OpenID provider stores (plugins/oidc/adapter.ts): one row per oidc-provider model
 * instance, its `kind` the model's name (Session, Grant, AuthorizationCode, RefreshToken, ...).
 * A row past `expires_at` is gone for the provider; the lookups by grant, user code and session
 * uid have their indexes.
 */
export const oidcPayloads = pgTable('oidc_payloads', {
  kind: varchar('kind', { length: 64 }).notNull(),
  id: varchar('id', { length: 255 }).notNull(),
  payload: jsonb('payload').notNull(),
  grantId: varchar('grant_id', { length: 255 }),
  userCode: varchar('user_code', { length: 255 }),
  uid: varchar('uid', { length: 255 }),
  expiresAt: ts('expires_at'),
  consumedAt: ts('consumed_at')
}, (t) => [
  primaryKey({ name: 'oidc_payloads_pk', columns: [t.kind, t.id] }),
  index('oidc_payloads_grant_id_idx').on(t.grantId),
  index('oidc_payloads_user_code_idx').on(t.userCode), index('oidc_payloads_uid_idx').on(t.uid), index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  index('oidc_payloads_grant_account_idx').on(sql`(${t.payload}->>'accountId')`, sql`(${t.payload}->>'clientId')`).where(sql`${t.kind} = 'Grant'`)
])

/**
 * A table's name quoted for SQL text: the service's statements name the tables of this schema
 * only through it (test/statements.test.ts checks that).
 */
export const nameOf = (table: Table): string => `"${getTableName(table)}"`

/**
 * A row as the service's SQL returns it: the table's column names (snake_case) with drizzle's
 * types, so raw statements are typed from this schema too.
 */
export type Row<T extends Table> = {
  [K in keyof T['$inferSelect'] & keyof T['_']['columns'] as T['_']['columns'][K]['_']['name']]: T['$inferSelect'][K]
}
