import { Type, type Static } from '@sinclair/typebox'
import type { AccountType } from '../plugins/accounts/registry.js'
import { Success } from './common.js'

const Timestamp = Type.String({ format: 'date-time' })
const NullableTimestamp = Type.Union([Timestamp, Type.Null()])

/** The account as every response shows it: nothing else of the row ever leaves the server. */
export const AccountSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  isActive: Type.Boolean(),
  isEmailConfirmed: Type.Boolean(),
  loginCount: Type.Integer(),
  lastLogin: NullableTimestamp,
  lastLoginAt: NullableTimestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp
}, { additionalProperties: false })
export type PublicAccount = Static<typeof AccountSchema>

export const LoginArgsSchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 })
}, { additionalProperties: false })

export const RegisterArgsSchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 8, maxLength: 1024 })
}, { additionalProperties: false })

/**
 * The refresh token may come in the body (mobile) or the cookie (web). Anything that is not a
 * 64-hex string simply matches no session (401), so the schema does not reject it (400).
 */
export const RefreshArgsSchema = Type.Object({
  refreshToken: Type.Optional(Type.Unknown({ description: 'the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead' }))
}, { additionalProperties: false })

export const NoArgsSchema = Type.Object({}, { additionalProperties: false })

/** 200 body of `me`: `{ <user|admin> }`. */
export function AccountResponseSchema (kind: AccountType) {
  return Success(200, { [kind.bodyKey]: AccountSchema })
}

/** 200/201 body of login, register and refresh: `{ token, refreshToken, <user|admin> }`. */
export function AuthResponseSchema (kind: AccountType, status: 200 | 201) {
  return Success(status, {
    token: Type.String(),
    refreshToken: Type.String(),
    [kind.bodyKey]: AccountSchema
  })
}

/** One device (session family) in `listsessions`. */
export const SessionSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  client: Type.String(),
  platform: Type.String(),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  ipAddress: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  lastUsedAt: NullableTimestamp,
  expiresAt: Timestamp,
  current: Type.Boolean()
}, { additionalProperties: false })

export const ListSessionsResponseSchema = Success(200, { sessions: Type.Array(SessionSchema) })

export const RevokeSessionArgsSchema = Type.Object({
  sessionId: Type.String({ format: 'uuid' })
}, { additionalProperties: false })

export const LogoutOthersResponseSchema = Success(200, { revoked: Type.Integer({ minimum: 0 }) })
