import { createRemoteJWKSet, jwtVerify } from 'jose'

/** The `org` claim: the user's membership in the team the session acts for (switchorg). */
export interface OrgClaim { id: string, slug: string, role: string, permissions: string[], membershipVersion: number }

/** A good user token that does not let its user do this in this team: answer 403 (any other error: 401). */
export class Forbidden extends Error {}

/** Latchkey's rule: the permission itself, or `app:*` for any `app:` permission. */
function grants (held: string[], permission: string): boolean {
  return held.includes(permission) || (permission.startsWith('app:') && held.includes('app:*'))
}

/**
 * A checker of Latchkey user access tokens (ACCESS_TOKEN_ALGORITHM=EdDSA) against the public keys
 * at `jwksUrl`, e.g. https://auth.example.com/.well-known/jwks.json; `issuer` is its JWT_ISSUER.
 */
export function orgVerifier (jwksUrl: string, issuer = 'latchkey') {
  const keys = createRemoteJWKSet(new URL(jwksUrl)) // cached; fetched again for an unknown kid (a new key)
  /** The user and team of `token` if it acts for `orgId` and holds `permission`; throws otherwise. */
  return async function verifyOrg (token: string, orgId: string, permission: string) {
    const { payload } = await jwtVerify<{ type: string, org?: OrgClaim }>(token, keys, {
      algorithms: ['EdDSA'], // pinned: never the token's own choice
      issuer,
      audience: ['user-web', 'user-app'], // a user's token, from the web or an app (X-Client: app)
      requiredClaims: ['exp', 'iat', 'sub']
    })
    if (payload.type !== 'user') throw new Error('not a user token')
    const org = payload.org
    if (org?.id !== orgId) throw new Forbidden('the token does not act for this team')
    if (!grants(org.permissions, permission)) throw new Forbidden(`the role ${org.role} lacks ${permission}`)
    return { userId: payload.sub!, org }
  }
}
