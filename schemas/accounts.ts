import { Type, type Static } from '@sinclair/typebox'
import { Success } from './common.js'

const Timestamp = Type.String({ format: 'date-time' })
const NullableTimestamp = Type.Union([Timestamp, Type.Null()])

const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description })
/** A JSON object (metadata): at most 4 KiB serialized and 5 levels deep, checked by the service. */
const Metadata = (description: string) => Type.Object({}, { additionalProperties: true, description })

/** The profile as responses show it (OpenID Connect Core 5.1's names, camel-cased): null when unset. */
const ProfileFields = {
  name: NullableText('the full name'),
  givenName: NullableText('the given name'),
  familyName: NullableText('the family name'),
  picture: NullableText('an https URL of a picture'),
  locale: NullableText('a BCP 47 language tag (en-GB)'),
  zoneinfo: NullableText('an IANA time zone (Europe/Paris)'),
  userMetadata: Metadata('the user\'s own JSON object (updateprofile)'),
  appMetadata: Metadata('the application\'s JSON object: only admins and the CLI write it')
}

/** The account as every response shows it: nothing else of the row ever leaves the server. */
export const AccountSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  isActive: Type.Boolean(),
  isEmailConfirmed: Type.Boolean(),
  loginCount: Type.Integer(),
  lastLogin: NullableTimestamp,
  lastLoginAt: NullableTimestamp,
  ...ProfileFields,
  createdAt: Timestamp,
  updatedAt: Timestamp
}, { title: 'User', description: 'An account as every response shows it (a user, or an admin its own account)', additionalProperties: false })

/** A string or null (one type, so that a wrong value is one field error, not one per member of a union). */
const StringOrNull = (options: Record<string, unknown>) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...options })
/**
 * Text without NUL or control characters (U+0000-U+001F, U+007F); surrounding spaces are trimmed
 * and an empty value clears the field, as null does.
 */
const ProfileText = (maxLength: number, description: string) =>
  StringOrNull({ maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*$', description })

/**
 * The profile as requests write it (sign-up, updateprofile, updateuser): each field optional, null
 * or "" clears it. Types, lengths and control characters are checked here; what a pattern cannot
 * say (an https URL, a known language, a time zone, the metadata's size and depth) by the service,
 * each failure named in one answer.
 */
export const ProfileArgs = {
  name: Type.Optional(ProfileText(100, 'the full name, up to 100 characters')),
  givenName: Type.Optional(ProfileText(60, 'the given name, up to 60 characters')),
  familyName: Type.Optional(ProfileText(60, 'the family name, up to 60 characters')),
  // Their forms are the service's to check (plugins/accounts/profile.ts), so that each refusal says what is wrong.
  picture: Type.Optional(ProfileText(500, 'an https URL, up to 500 characters')),
  locale: Type.Optional(ProfileText(35, 'a BCP 47 language tag of a known language (en, pt-BR)')),
  zoneinfo: Type.Optional(ProfileText(64, 'an IANA time zone (Europe/Paris, UTC)')),
  userMetadata: Type.Optional(Metadata('the user\'s own JSON object, replaced whole: at most 4 KiB serialized and 5 levels deep'))
}
/** What admins and the CLI write besides (updateuser). */
export const AppMetadataArg = {
  appMetadata: Type.Optional(Metadata('the application\'s JSON object, replaced whole: at most 4 KiB serialized and 5 levels deep'))
}

export const UpdateProfileArgsSchema = Type.Object(ProfileArgs, { additionalProperties: false })
const AppMetadataArgsSchema = Type.Object(AppMetadataArg)
export type ProfileChanges = Static<typeof UpdateProfileArgsSchema> & Static<typeof AppMetadataArgsSchema>
export type PublicAccount = Static<typeof AccountSchema>

const Email = Type.String({ format: 'email', maxLength: 254 })
const NewPassword = Type.String({ minLength: 8, maxLength: 1024 })

export const LoginArgsSchema = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 1024 })
}, { additionalProperties: false })

export const RegisterArgsSchema = Type.Object({
  email: Email,
  password: NewPassword,
  ...ProfileArgs
}, { additionalProperties: false })

/** A one-time token from a mailed link; anything that is not one is USER.BAD_REQUEST_INVALID_TOKEN, not a 400 on its form. */
const OneTimeToken = Type.String({ minLength: 1, maxLength: 1024, description: 'the token of the mailed link (its `token` query parameter)' })

export const EmailArgsSchema = Type.Object({ email: Email }, { additionalProperties: false })

export const VerifyEmailArgsSchema = Type.Object({ token: OneTimeToken }, { additionalProperties: false })

export const ResetPasswordArgsSchema = Type.Object({ token: OneTimeToken, password: NewPassword }, { additionalProperties: false })

export const RequestEmailChangeArgsSchema = Type.Object({
  newEmail: Email,
  password: Type.String({ minLength: 1, maxLength: 1024, description: 'the current password' })
}, { additionalProperties: false })

export const ChangePasswordArgsSchema = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: NewPassword
}, { additionalProperties: false })

/**
 * The refresh token may come in the body (mobile) or the cookie (web). Anything that is not a
 * 64-hex string simply matches no session (401), so the schema does not reject it (400).
 */
export const RefreshArgsSchema = Type.Object({
  refreshToken: Type.Optional(Type.Unknown({ description: 'the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead' }))
}, { additionalProperties: false })

export const NoArgsSchema = Type.Object({}, { additionalProperties: false })

/** What the bodies of an account type's answers depend on (plugins/accounts/registry.ts's AccountType has it: schemas import no domain). */
interface AccountType { type: string, bodyKey: string, scheme: string, cookie: string }

/** Body of `me` and `verifyemail` (200), and of `register` without a session (201): `{ <user|admin> }`. */
export function AccountResponseSchema (kind: AccountType, status: 200 | 201 = 200) {
  return Success(status, { [kind.bodyKey]: AccountSchema })
}

/** 200/201 body of login, register and refresh: `{ token, refreshToken, <user|admin> }`. */
export function AuthResponseSchema (kind: AccountType, status: 200 | 201) {
  const name = `${kind.type[0].toUpperCase()}${kind.type.slice(1)}Tokens${status === 200 ? 'Refreshed' : ''}`
  return Success(status, {
    token: Type.String({ description: 'the access token: `Authorization: ' + kind.scheme + ' <token>`' }),
    refreshToken: Type.String({ description: 'also set as the HttpOnly cookie ' + kind.cookie }),
    [kind.bodyKey]: AccountSchema
  }, { title: name, description: status === 200 ? 'A new token pair (the refresh token rotated)' : 'A new session: its token pair' })
}

/** The kinds of device a session's User-Agent may name (its `deviceType`). */
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'bot'] as const
export type DeviceType = typeof DEVICE_TYPES[number]

/** One device (session family) in `listsessions`. */
export const SessionSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  client: Type.String(),
  platform: Type.String(),
  /** The assurance the session was opened with: `aal2` after a second factor or a verifying passkey. */
  aal: Type.Union([Type.Literal('aal1'), Type.Literal('aal2')]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  browser: Type.Union([Type.String(), Type.Null()], { description: 'the browser the User-Agent names (Chrome, Firefox, Safari, ...); null when it names none' }),
  os: Type.Union([Type.String(), Type.Null()], { description: 'the operating system the User-Agent names (Linux, Windows, macOS, iOS, Android, ...); null when it names none' }),
  deviceType: Type.Union([...DEVICE_TYPES.map((type) => Type.Literal(type)), Type.Null()],
    { description: 'the kind of device the User-Agent names; null when it names none' }),
  ipAddress: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  lastUsedAt: NullableTimestamp,
  expiresAt: Timestamp,
  current: Type.Boolean()
}, { title: 'Session', description: 'One device: a session family (a sign-in and all its refreshes)', additionalProperties: false })

export const ListSessionsResponseSchema = Success(200, { sessions: Type.Array(SessionSchema) })

export const RevokeSessionArgsSchema = Type.Object({
  sessionId: Type.String({ format: 'uuid' })
}, { additionalProperties: false })

export const LogoutOthersResponseSchema = Success(200, { revoked: Type.Integer({ minimum: 0 }) })

/** switchorg: the organization to act for, or null for none, and the refresh token it rotates (as refresh takes it). */
export const SwitchOrgArgsSchema = Type.Object({
  organizationId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'the organization to act for; null: none' }),
  refreshToken: Type.Optional(Type.Unknown({ description: 'the refresh token (64 hex characters); the cookie jwt-<type>-refresh, when sent, is used instead' }))
}, { additionalProperties: false })
