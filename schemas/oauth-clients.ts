import { Type, type Static } from '@sinclair/typebox'
import { Success } from './common.js'

/** The OAuth clients of the OpenID provider (docs/oidc-provider.md#registering-a-client). */
const Timestamp = Type.String({ format: 'date-time' })
const Uuid = Type.String({ format: 'uuid' })
const ClientId = Type.String({ minLength: 1, maxLength: 64, description: 'the client_id (lkc_...)' })
const Name = Type.String({ minLength: 1, maxLength: 100 })
const RedirectUri = Type.String({ minLength: 8, maxLength: 2000, description: 'an exact https URI (http on localhost outside production), no fragment' })
const RedirectUris = Type.Array(RedirectUri, { maxItems: 20, uniqueItems: true })
const PostLogoutRedirectUris = Type.Array(RedirectUri, { maxItems: 20, uniqueItems: true, description: 'where RP-initiated logout may send the browser back (exact match)' })
const BackchannelLogoutUri = Type.Union([RedirectUri, Type.Null()], { description: 'where the provider POSTs a logout_token when the user\'s session ends (OpenID Back-Channel Logout)' })
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:device_code'] as const
export type GrantType = typeof GRANT_TYPES[number]
const GrantTypes = Type.Array(Type.Unsafe<GrantType>({ type: 'string', enum: [...GRANT_TYPES] }), { minItems: 1, maxItems: 4, uniqueItems: true })
const Scope = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9_.:*\\-]+$', description: 'openid, offline_access, email, profile, or a permission' })
const Scopes = Type.Array(Scope, { maxItems: 64, uniqueItems: true })
const ClientType = Type.Unsafe<'public' | 'confidential'>({ type: 'string', enum: ['public', 'confidential'] })
const closed = { additionalProperties: false } as const

/** A client as listed: never its secret (nor the secret's hash). */
export const OauthClientSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  type: ClientType,
  redirectUris: Type.Array(Type.String()),
  grantTypes: Type.Array(Type.String()),
  scopes: Type.Array(Type.String()),
  organizationId: Type.Union([Uuid, Type.Null()]),
  postLogoutRedirectUris: Type.Array(Type.String()),
  backchannelLogoutUri: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp
}, { title: 'OauthClient', additionalProperties: false })
export type PublicOauthClient = Static<typeof OauthClientSchema>

export const CreateOauthClientArgsSchema = Type.Object({
  name: Name,
  type: ClientType,
  redirectUris: Type.Optional(RedirectUris),
  grantTypes: GrantTypes,
  scopes: Type.Optional(Scopes),
  organizationId: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'the organization client_credentials tokens act for' })),
  postLogoutRedirectUris: Type.Optional(PostLogoutRedirectUris),
  backchannelLogoutUri: Type.Optional(BackchannelLogoutUri)
}, closed)
export type CreateOauthClientArgs = Static<typeof CreateOauthClientArgsSchema>

export const UpdateOauthClientArgsSchema = Type.Object({
  clientId: ClientId,
  name: Type.Optional(Name),
  redirectUris: Type.Optional(RedirectUris),
  grantTypes: Type.Optional(GrantTypes),
  scopes: Type.Optional(Scopes),
  organizationId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  postLogoutRedirectUris: Type.Optional(PostLogoutRedirectUris),
  backchannelLogoutUri: Type.Optional(BackchannelLogoutUri)
}, closed)
export type UpdateOauthClientArgs = Static<typeof UpdateOauthClientArgsSchema>

export const OauthClientIdArgsSchema = Type.Object({ clientId: ClientId }, closed)
export const ListOauthClientsArgsSchema = Type.Object({}, closed)

const Secret = Type.Union([Type.String(), Type.Null()], { description: 'lks_...: shown here only; null for a public client' })
export const CreatedOauthClientResponseSchema = Success(201, { client: OauthClientSchema, clientSecret: Secret })
export const OauthClientResponseSchema = Success(200, { client: OauthClientSchema })
export const OauthClientSecretResponseSchema = Success(200, { client: OauthClientSchema, clientSecret: Type.String() })
export const OauthClientsResponseSchema = Success(200, { clients: Type.Array(OauthClientSchema) })
export const OauthClientDeletedResponseSchema = Success(200)
