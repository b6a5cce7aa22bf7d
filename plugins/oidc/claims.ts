import type { Configuration } from 'oidc-provider'
import type { PublicAccount } from '../../schemas/accounts.js'

type Claim = (account: PublicAccount) => unknown

/**
 * The scopes that release claims about the user (OpenID Connect Core 5.4), each claim with its
 * value from the Latchkey account. A scope here is one a client may be registered with and a
 * user may grant (OIDC_SCOPES); its claims go to userinfo and to the ID token (providerClaims).
 * `profile` (name, picture, locale...) is a row of its own here once accounts have profiles.
 */
export const CLAIM_SCOPES = {
  email: {
    email: (account) => account.email,
    email_verified: (account) => account.isEmailConfirmed
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

/** Every claim the provider may release about `account` (it keeps those of the scopes granted, and of the `claims` asked for). */
export function accountClaims (id: string, account: PublicAccount): { sub: string, [claim: string]: unknown } {
  const out: { sub: string, [claim: string]: unknown } = { sub: id }
  for (const claims of Object.values(CLAIM_SCOPES)) {
    for (const [name, value] of Object.entries<Claim>(claims)) out[name] = value(account)
  }
  return out
}
