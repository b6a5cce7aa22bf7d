import { Type, type Static } from '@sinclair/typebox'
import { KeyOrganizationId, Success } from './common.js'

/** Organizations, members, roles, invitations and API keys (docs/api.md#organizations). */
const Timestamp = Type.String({ format: 'date-time' })
const MaybeTimestamp = Type.Union([Timestamp, Type.Null()])
const Uuid = Type.String({ format: 'uuid' })
// `-` escaped in classes: HTML pattern attributes compile with the v flag, where a bare one is an error.
const Slug = Type.String({ pattern: '^[a-z0-9\\-]{3,48}$', description: '3 to 48 of a-z, 0-9 and -' })
const Name = Type.String({ minLength: 1, maxLength: 100 })
const RoleName = Type.String({ pattern: '^[a-z0-9_\\-]{1,48}$', description: 'owner, admin, member or a custom role of the organization' })
const Permission = Type.String({ minLength: 3, maxLength: 100 })
const Permissions = Type.Array(Permission, { maxItems: 64, uniqueItems: true })
const Email = Type.String({ format: 'email', maxLength: 254 })
const OrgId = { organizationId: Uuid }
const KeyOrgId = { organizationId: KeyOrganizationId }

export const OrganizationSchema = Type.Object({
  id: Uuid,
  slug: Type.String(),
  name: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp
}, { title: 'Organization', additionalProperties: false })
export type PublicOrganization = Static<typeof OrganizationSchema>

/** An organization as one of its members sees it: with the member's role and what it grants. */
export const MyOrganizationSchema = Type.Object({
  ...OrganizationSchema.properties,
  role: Type.Union([Type.String(), Type.Null()], { description: 'the caller\'s role; null for an API key (get)' }),
  permissions: Type.Array(Type.String())
}, { title: 'MyOrganization', additionalProperties: false })
export type MyOrganization = Static<typeof MyOrganizationSchema>

export const MemberSchema = Type.Object({
  userId: Uuid,
  email: Type.String(),
  role: Type.String(),
  joinedAt: Timestamp
}, { title: 'Member', additionalProperties: false })
export type PublicMember = Static<typeof MemberSchema>

export const RoleSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  builtIn: Type.Boolean()
}, { title: 'Role', additionalProperties: false })
export type PublicRole = Static<typeof RoleSchema>

export const InvitationSchema = Type.Object({
  id: Uuid,
  email: Type.String(),
  role: Type.String(),
  invitedBy: Type.Union([Uuid, Type.Null()]),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  acceptedAt: MaybeTimestamp,
  revokedAt: MaybeTimestamp
}, { title: 'Invitation', additionalProperties: false })
export type PublicInvitation = Static<typeof InvitationSchema>

/** An API key as lists show it: its prefix, never its secret nor its hash. */
export const ApiKeySchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String(),
  permissions: Type.Array(Type.String()),
  createdBy: Type.Union([Uuid, Type.Null()]),
  createdAt: Timestamp,
  expiresAt: MaybeTimestamp,
  lastUsedAt: MaybeTimestamp,
  revokedAt: MaybeTimestamp
}, { title: 'ApiKey', additionalProperties: false })
export type PublicApiKey = Static<typeof ApiKeySchema>

const args = <T extends Parameters<typeof Type.Object>[0]>(properties: T) => Type.Object(properties, { additionalProperties: false })

export const CreateOrgArgsSchema = args({ slug: Slug, name: Name })
export const OrgArgsSchema = args({ ...OrgId })
export const KeyOrgArgsSchema = args({ ...KeyOrgId })
export const UpdateOrgArgsSchema = args({ ...KeyOrgId, slug: Type.Optional(Slug), name: Type.Optional(Name) })
export const InviteArgsSchema = args({ ...KeyOrgId, email: Email, role: RoleName })
export const InvitationIdArgsSchema = args({ ...KeyOrgId, invitationId: Uuid })
export const AcceptInvitationArgsSchema = args({ token: Type.String({ minLength: 1, maxLength: 200 }) })
export const UpdateMemberArgsSchema = args({ ...KeyOrgId, userId: Uuid, role: RoleName })
export const MemberArgsSchema = args({ ...KeyOrgId, userId: Uuid })
export const CreateRoleArgsSchema = args({ ...KeyOrgId, name: RoleName, permissions: Permissions })
export const UpdateRoleArgsSchema = args({ ...KeyOrgId, roleId: Uuid, name: Type.Optional(RoleName), permissions: Type.Optional(Permissions) })
export const RoleIdArgsSchema = args({ ...KeyOrgId, roleId: Uuid })
export const CreateApiKeyArgsSchema = args({
  ...KeyOrgId,
  name: Type.String({ minLength: 1, maxLength: 100 }),
  permissions: Type.Array(Permission, { minItems: 1, maxItems: 64, uniqueItems: true }),
  expiresIn: Type.Optional(Type.Integer({ minimum: 60, maximum: 2 * 365 * 86400, description: 'seconds; without it the key does not expire' }))
})
export const ApiKeyIdArgsSchema = args({ ...KeyOrgId, apiKeyId: Uuid })
export const ListOrgsByAdminArgsSchema = args({
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'part of the slug or name' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'nextCursor of the previous page' }))
})

export const MyOrganizationResponseSchema = (status: 200 | 201) => Success(status, { organization: MyOrganizationSchema })
export const OrganizationResponseSchema = Success(200, { organization: OrganizationSchema })
export const ListMyOrgsResponseSchema = Success(200, { organizations: Type.Array(MyOrganizationSchema) })
export const MembersResponseSchema = Success(200, { members: Type.Array(MemberSchema) })
export const MemberResponseSchema = Success(200, { member: MemberSchema })
export const InvitationResponseSchema = (status: 200 | 201) => Success(status, { invitation: InvitationSchema })
export const InvitationsResponseSchema = Success(200, { invitations: Type.Array(InvitationSchema) })
export const RoleResponseSchema = (status: 200 | 201) => Success(status, { role: RoleSchema })
export const RolesResponseSchema = Success(200, { roles: Type.Array(RoleSchema) })
export const CreatedApiKeyResponseSchema = Success(201, {
  apiKey: ApiKeySchema,
  key: Type.String({ description: 'lk_ and 52 base32 characters: shown once, only its SHA-256 is kept' })
})
export const ApiKeyResponseSchema = Success(200, { apiKey: ApiKeySchema })
export const ApiKeysResponseSchema = Success(200, { apiKeys: Type.Array(ApiKeySchema) })
export const EmptyResponseSchema = Success(200)

export const AdminOrganizationSchema = Type.Object({
  ...OrganizationSchema.properties,
  deletedAt: MaybeTimestamp,
  members: Type.Integer()
}, { title: 'AdminOrganizationView', additionalProperties: false })
export type AdminOrganization = Static<typeof AdminOrganizationSchema>
export const ListOrgsByAdminResponseSchema = Success(200, {
  organizations: Type.Array(AdminOrganizationSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()])
})
export const GetOrgByAdminResponseSchema = Success(200, {
  organization: AdminOrganizationSchema,
  members: Type.Array(MemberSchema),
  roles: Type.Array(RoleSchema),
  apiKeys: Type.Array(ApiKeySchema)
})
