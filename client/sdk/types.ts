import type { paths } from './openapi.js'

/** The kinds of account the service has: `users` (the app's) and `admins` (the console's). */
export type Kind = 'users' | 'admins'

type Post<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never
type Responses<P extends keyof paths> = Post<P> extends { responses: infer R } ? R : never
/** The JSON body of one documented answer of a `/v1` action. */
export type Answer<P extends keyof paths, S extends number> = Responses<P> extends Record<S, { content: { 'application/json': infer B } }> ? B : never
/** The JSON arguments of a `/v1` action. */
export type Args<P extends keyof paths> = Post<P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never

export type User = Answer<'/v1/users/me', 200>['user']
export type Admin = Answer<'/v1/admins/me', 200>['admin']
/** The signed-in account: a user, or an admin for `kind: 'admins'`. */
export type Account = User | Admin
/** One device (session family) of the account, from listSessions. */
export type Session = Answer<'/v1/users/listsessions', 200>['sessions'][number]
/** A second factor offered when a sign-in needs one. */
export type Factor = Answer<'/v1/users/login', 200>['factors'][number]
/** A passkey as registered. */
export type PasskeyFactor = Answer<'/v1/users/passkeyregister', 200>['factor']
export type Provider = Answer<'/v1/users/oauthproviders', 200>['providers'][number]
/** The flat error body of every refusal. */
export type ErrorBody = { status: number, success: false, error: string, message: string, fields?: Array<{ name: string, message: string }> }

export type RegisterArgs = Args<'/v1/users/register'>
export type LoginArgs = Args<'/v1/users/login'>
export type VerifyMfaArgs = Args<'/v1/users/verifymfa'>
/** updateProfile's changes: the profile's fields and `userMetadata`, each optional (null or '' clears). */
export type ProfileChanges = Args<'/v1/users/updateprofile'>

/** A sign-in's outcome: signed in, or a second factor is needed (then call verifyMfa with mfaToken). */
export type SignInResult =
  | { mfaRequired: false, user: Account }
  | { mfaRequired: true, mfaToken: string, factors: Factor[] }

/** An organization of mine, with my role and its permissions (orgs.list, orgs.get, orgs.create). */
export type Organization = Answer<'/v1/orgs/get', 200>['organization']
export type Member = Answer<'/v1/orgs/listmembers', 200>['members'][number]
export type Invitation = Answer<'/v1/orgs/invite', 201>['invitation']
export type Role = Answer<'/v1/orgs/listroles', 200>['roles'][number]
/** An API key as listed: its prefix, never the key. */
export type ApiKey = Answer<'/v1/orgs/listapikeys', 200>['apiKeys'][number]

/**
 * The organization the access token acts for (its `org` claim, after switchOrg): my role and its
 * permissions as of the token; the service checks `membershipVersion` on every org route.
 */
export interface OrgClaim {
  id: string
  slug: string
  role: string
  permissions: string[]
  membershipVersion: number
}

export type AuthEvent = 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'SIGNED_OUT'
export interface AuthState {
  event: AuthEvent
  signedIn: boolean
  user: Account | null
  /** The organization the session acts for (switchOrg), or null. */
  org: OrgClaim | null
}
