import { Type, type Static } from '@sinclair/typebox'
import { Success } from './common.js'

const Timestamp = Type.String({ format: 'date-time' })

/** One of the user's accounts at a provider. */
export const IdentitySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  provider: Type.String({ description: 'the provider name of OIDC_PROVIDERS' }),
  email: Type.Union([Type.String(), Type.Null()], { description: 'the address the provider gave at the last sign-in' }),
  emailVerified: Type.Boolean(),
  createdAt: Timestamp,
  lastSignInAt: Type.Union([Timestamp, Type.Null()])
}, { title: 'Identity', description: 'One of the user\'s accounts at a sign-in provider', additionalProperties: false })
export type Identity = Static<typeof IdentitySchema>

export const ProviderParamsSchema = Type.Object({
  provider: Type.String({ minLength: 1, maxLength: 64, description: 'a provider name of OIDC_PROVIDERS' })
})

export const AuthorizeArgsSchema = Type.Object({
  redirectTo: Type.String({ minLength: 1, maxLength: 2048, description: 'where the browser goes back with ?code= or ?error=; must start with PUBLIC_APP_URL (unset: PUBLIC_URL) or one of OAUTH_REDIRECT_URLS' })
}, { additionalProperties: false })

/** The provider's answer, as it sends it (other parameters pass): nothing in it is trusted before the state is. */
export const CallbackArgsSchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 1024 })),
  error: Type.Optional(Type.String({ maxLength: 1024 }))
}, { additionalProperties: true })

export const ExchangeArgsSchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 1024, description: 'the ?code= the callback sent the app (64 hex characters, 2 minutes, single use)' })
}, { additionalProperties: false })

export const SignInLinkArgsSchema = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 1024, description: 'the token of the mailed sign-in link (its `token` query parameter)' })
}, { additionalProperties: false })

export const UnlinkIdentityArgsSchema = Type.Object({ identityId: Type.String({ format: 'uuid' }) }, { additionalProperties: false })

export const ListIdentitiesResponseSchema = Success(200, { identities: Type.Array(IdentitySchema) })

export const ListProvidersResponseSchema = Success(200, {
  providers: Type.Array(Type.Object({
    name: Type.String({ description: 'as in /v1/users/oauth/<name>/authorize' }),
    label: Type.String({ description: 'OIDC_<N>_LABEL: what to show people' }),
    available: Type.Boolean({ description: 'false while the provider cannot be discovered (its authorize answers 503)' })
  }, { additionalProperties: false }))
})
