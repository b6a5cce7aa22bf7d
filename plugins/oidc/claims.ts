import type { Configuration } from 'oidc-provider'
import type { PublicAccount } from '../../schemas/accounts.js'

/**
 * The account as the provider reads it (accounts.ts): the public account, and when a profile
 * field last changed, which the public account does not show (its updatedAt moves with every sign-in).
 */
export type ClaimedAccount = PublicAccount & { profileUpdatedAt: Date | null }

type Claim = (account: ClaimedAccount) => unknown

/**
 * The scopes that release claims about the user (OpenID Connect Core 5.4), each claim with its
 * value from the Latchkey account. A scope here is one a client may be registered with and a
 * user may grant (OIDC_SCOPES); its claims go to userinfo and to the ID token (providerClaims).
 */
export const CLAIM_SCOPES = {
  email: {
    email: (account) => account.email,
    email_verified: (account) => account.isEmailConfirmed
  },
  profile: {
    name: (account) => account.name,
    given_name: (account) => account.givenName,
    family_name: (account) => account.familyName,
    picture: (account) => account.picture,
    locale: (account) => account.locale,
    zoneinfo: (account) => account.zoneinfo,
    // Seconds since the epoch (OpenID Connect Core 5.1) of the profile's last change; none until one is set.
    updated_at: (account) => account.profileUpdatedAt && Math.floor(account.profileUpdatedAt.getTime() / 1000),
    // A user signs in with their address: it is the only user name a Latchkey account has.
    preferred_username: (account) => account.email
  }
} as const satisfies Record<string, Record<string, Claim>>

/**
 * oidc-provider's `claims`: `openid` gives sub, and acr and amr (the Latchkey session's aal and
 * amr, RFC 8176, given at sign-in: interactions.ts); each claim scope its claims.
 */
export function providerClaims (): NonNullable<Configuration['claims']> {
  const scoped = Object.fromEntries(Object.entries(CLAIM_SCOPES).map(([scope, claims]) => [scope, Object.keys(claims)]))
  return { auth_time: null, sid: null, openid: ['sub', 'acr', 'amr'], ...scoped }
}

/**
 * Every claim the provider may release about `account` (it keeps those of the scopes granted, and
 * of the `claims` asked for). A profile field not set is no claim at all: oidc-provider would
 * release a null as it is (OpenID Connect Core 5.3.2 omits a claim without a value).
 */
export function accountClaims (id: string, account: ClaimedAccount): { sub: string, [claim: string]: unknown } {
  const out: { sub: string, [claim: string]: unknown } = { sub: id }
  for (const claims of Object.values(CLAIM_SCOPES)) {
    for (const [name, value] of Object.entries<Claim>(claims)) {
      const claim = value(account)
      if (claim !== null && claim !== undefined) out[name] = claim
    }
  }
  return out
}
