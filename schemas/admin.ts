import { Type, type Static } from '@sinclair/typebox'
import { AccountSchema, SessionSchema } from './accounts.js'
import { Success } from './common.js'
import { FactorSchema } from './factors.js'

/** The events of the audit log (docs/behaviour.md#audit-log). */
export const AUDIT_EVENTS = [
  'login.succeeded', 'login.failed', 'register', 'refresh.reuse_detected', 'refresh.reuse_allowed', 'logout', 'logoutall',
  'session.revoked', 'sessions.revoked_others', 'email.verification_sent', 'email.verified', 'password.reset_requested',
  'password.reset', 'password.changed', 'admin.user_deactivated', 'admin.user_activated', 'admin.user_deleted',
  'admin.user_restored', 'admin.user_signed_out', 'admin.user_email_confirmed', 'mfa.enrolled', 'mfa.challenge_failed',
  'mfa.verified', 'mfa.recovery_code_used', 'mfa.factor_removed', 'mfa.recovery_codes_regenerated', 'passkey.registered',
  'passkey.login', 'passkey.clone_suspected', 'admin.user_factors_reset',
  'oauth.signed_in', 'oauth.identity_linked', 'oauth.identity_unlinked', 'oauth.failed', 'signin_link.requested', 'signin_link.used',
  // Account safety (section 21)
  'login.locked', 'email.change_requested', 'email.changed',
  // Security corrections (section 22)
  'account.claimed', 'account.deletion_requested', 'account.deletion_cancelled', 'account.erased', 'account.exported', 'mfa.locked',
  // Organizations: `data.organizationId` on each
  'org.created', 'org.updated', 'org.deleted', 'member.invited', 'member.joined', 'member.role_changed', 'member.removed',
  'role.created', 'role.updated', 'role.deleted', 'apikey.created', 'apikey.revoked',
  // Webhook endpoints (`data.webhookId`; an organization's carry `data.organizationId`)
  'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.secret_rotated', 'webhook.disabled',
  // OAuth clients of the OpenID provider (`data.clientId`, `name`; `organizationId` when the client has one)
  'oauth_client.created', 'oauth_client.updated', 'oauth_client.deleted', 'oauth_client.secret_rotated',
  // Profiles (section 30): `data.fields`, the names of the fields written, never their values
  'user.profile_updated', 'admin.user_updated'
] as const
export type AuditEventName = typeof AUDIT_EVENTS[number]

const Timestamp = Type.String({ format: 'date-time' })
const Uuid = Type.String({ format: 'uuid' })
const Cursor = Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' })
/** One of `values`: a plain enum, so a wrong value is one field error (a union of literals gives one per literal). */
const OneOf = <T extends string>(values: readonly T[], options: Record<string, unknown> = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options })
const Limit = (max: number, fallback: number) => Type.Integer({ minimum: 1, maximum: max, default: fallback })

/** The account as admins see it (docs/api.md#administration). */
export const AdminAccountViewSchema = Type.Object({
  ...AccountSchema.properties,
  deletedAt: Type.Union([Timestamp, Type.Null()]),
  tokenVersion: Type.Integer()
}, { title: 'AdminUserView', description: 'A user as admins see it: the account plus deletedAt and tokenVersion', additionalProperties: false })
export type AdminAccountView = Static<typeof AdminAccountViewSchema>

export const ListUsersArgsSchema = Type.Object({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  status: OneOf(['active', 'inactive', 'deleted', 'all'] as const, { default: 'all' }),
  limit: Limit(100, 20),
  cursor: Type.Optional(Cursor)
}, { additionalProperties: false })

export const UserIdArgsSchema = Type.Object({ userId: Uuid }, { additionalProperties: false })

export const ListUsersResponseSchema = Success(200, {
  users: Type.Array(AdminAccountViewSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()])
})
export const AdminUserResponseSchema = Success(200, { user: AdminAccountViewSchema })
export const GetUserResponseSchema = Success(200, { user: AdminAccountViewSchema, sessions: Type.Array(SessionSchema), factors: Type.Array(FactorSchema) })

export const AuditEventSchema = Type.Object({
  id: Uuid,
  createdAt: Timestamp,
  event: Type.String(),
  accountType: Type.String(),
  accountId: Type.Union([Uuid, Type.Null()]),
  actorType: Type.Union([Type.String(), Type.Null()]),
  actorId: Type.Union([Uuid, Type.Null()]),
  accountEmail: Type.Union([Type.String(), Type.Null()], { description: 'the account\'s email now; null when there is no such account' }),
  actorEmail: Type.Union([Type.String(), Type.Null()], { description: 'the acting account\'s email now (a user or an admin); null for the CLI or none' }),
  sessionId: Type.Union([Uuid, Type.Null()]),
  ipAddress: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  data: Type.Record(Type.String(), Type.Unknown())
}, { title: 'AuditEvent', description: 'One event of the audit log', additionalProperties: false })
export type PublicAuditEvent = Static<typeof AuditEventSchema>

export const ListAuditEventsArgsSchema = Type.Object({
  accountType: Type.Optional(OneOf(['user', 'admin'] as const)),
  accountId: Type.Optional(Uuid),
  event: Type.Optional(OneOf(AUDIT_EVENTS)),
  from: Type.Optional(Timestamp),
  to: Type.Optional(Timestamp),
  limit: Limit(100, 50),
  cursor: Type.Optional(Cursor)
}, { additionalProperties: false })

export const ListAuditEventsResponseSchema = Success(200, {
  events: Type.Array(AuditEventSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()])
})

/** The sizes of /v1/admins/auditstats' buckets: whole UTC hours or days. */
export const AUDIT_STATS_BUCKETS = ['hour', 'day'] as const
export type AuditStatsBucket = typeof AUDIT_STATS_BUCKETS[number]

export const AuditStatsArgsSchema = Type.Object({
  from: Type.Optional(Type.String({ format: 'date-time', description: 'start of the range (inclusive), rounded down to its bucket; default: 7 days before `to`' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'end of the range (exclusive), rounded up to its bucket; default: now' })),
  bucket: OneOf(AUDIT_STATS_BUCKETS, { default: 'hour', description: 'the size of a bucket, in UTC' })
}, { additionalProperties: false })

export const AuditStatsResponseSchema = Success(200, {
  bucket: OneOf(AUDIT_STATS_BUCKETS),
  from: Type.String({ format: 'date-time', description: 'the start of the first bucket' }),
  to: Type.String({ format: 'date-time', description: 'the end of the last bucket' }),
  buckets: Type.Array(Type.Object({
    start: Type.String({ format: 'date-time' }),
    counts: Type.Record(Type.String(), Type.Integer({ minimum: 1 }),
      { description: 'events of the bucket by name; an event that did not happen is absent ({} for a quiet bucket)' })
  }, { additionalProperties: false }), { description: 'every bucket of the range, oldest first, quiet ones included' })
})
