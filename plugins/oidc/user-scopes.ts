import { OIDC_SCOPES } from './client-rules.js'

/**
 * Section 27: a user's grant holds OpenID scopes only, so no token of the code or device flows
 * (nor their refreshes) carries a permission scope (`<resource>:<action>`: whatever is not an
 * OpenID scope), which the user may not hold. Permission scopes are for the client_credentials
 * tokens of an organization's client (provider.ts), which have no grant.
 */
export const isPermission = (scope: string): boolean => !OIDC_SCOPES.has(scope)

/** The permission scopes among `scopes`, and the others (those a user may grant). */
export function splitScopes (scopes: Iterable<string>): { granted: string[], refused: string[] } {
  const all = [...scopes]
  return { granted: all.filter((s) => !isPermission(s)), refused: all.filter(isPermission) }
}

const words = (scope: unknown): string[] => typeof scope === 'string' ? scope.split(' ').filter(Boolean) : []
const sentence = (scopes: string[]): string | undefined => scopes.length > 0 ? [...new Set(scopes)].join(' ') : undefined

/** What a stored oidc-provider Grant says about scopes: granted, and refused (`rejected`). */
interface GrantScopes {
  openid?: { scope?: string }
  resources?: Record<string, string>
  rejected?: { openid?: { scope?: string }, resources?: Record<string, string> }
}

/** A grant's payload with its permission scopes moved to those it refused: answered, so that no consent asks for them again. */
function refusePermissions (grant: GrantScopes): GrantScopes {
  const openid = splitScopes(words(grant.openid?.scope))
  const resources = Object.entries(grant.resources ?? {}).map(([indicator, scope]) => [indicator, splitScopes(words(scope))] as const)
  if (openid.refused.length === 0 && resources.every(([, split]) => split.refused.length === 0)) return grant
  const rejected = { ...grant.rejected }
  const out: GrantScopes = { ...grant, rejected }
  if (openid.refused.length > 0) {
    out.openid = { ...grant.openid, scope: sentence(openid.granted) }
    rejected.openid = { ...grant.rejected?.openid, scope: sentence([...words(grant.rejected?.openid?.scope), ...openid.refused]) }
  }
  for (const [indicator, split] of resources.filter(([, s]) => s.refused.length > 0)) {
    out.resources = { ...out.resources, [indicator]: sentence(split.granted) ?? '' }
    rejected.resources = { ...rejected.resources, [indicator]: sentence([...words(rejected.resources?.[indicator]), ...split.refused])! }
  }
  return out
}

/** What is issued to a user: a grant, and the codes and tokens under it (ClientCredentials, a machine's, is not). */
const USER_KINDS: ReadonlySet<string> = new Set(['AuthorizationCode', 'DeviceCode', 'BackchannelAuthenticationRequest', 'AccessToken', 'RefreshToken'])

/**
 * A model of the provider as stored and as read (the adapter's), whatever wrote it: a consent,
 * or a Latchkey from before the rule (its grants and tokens then work on, without the permission).
 */
export function withoutPermissions (kind: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'Grant') return refusePermissions(payload as GrantScopes) as Record<string, unknown>
  if (!USER_KINDS.has(kind) || !words(payload.scope).some(isPermission)) return payload
  return { ...payload, scope: sentence(words(payload.scope).filter((s) => !isPermission(s))) }
}
