import type { FastifyInstance } from 'fastify'
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider'
import { ACCOUNT_TYPES, presentAccount, repositoryOf } from '../accounts/index.js'
import { latestGrantId } from './grants.js'
import { splitScopes } from './user-scopes.js'
import { accountClaims } from './claims.js'

/**
 * The provider's accounts are Latchkey's users: `sub` is the user's id, and the claims of the
 * scopes granted (claims.ts: `email`, the address and whether it was confirmed; `profile`, the
 * profile's fields). A deleted or deactivated user has no account (the provider then refuses its
 * codes and tokens). The row is read as `me` reads it, since the public account leaves out
 * profile_updated_at, the `updated_at` claim.
 */
export function findAccount (app: FastifyInstance): NonNullable<Configuration['findAccount']> {
  const { owners } = repositoryOf(ACCOUNT_TYPES.user)
  return async (_ctx, id) => {
    const [row] = await owners.account.run(app.sql, { id })
    if (!row || !row.is_active) return undefined
    const account = { ...presentAccount(row), profileUpdatedAt: row.profile_updated_at }
    return {
      accountId: id,
      claims: () => accountClaims(id, account)
    }
  }
}

/**
 * The consent a request may go on with: the one of this interaction, else this session's for
 * the client, else the user's newest one for it (given in another browser): consent is
 * remembered per client and scope until the user withdraws it (/v1/users/revokeauthorizedapp).
 * The permission scopes asked for it refuses (user-scopes.ts): a remembered consent is not asked
 * again for what a user is never granted.
 */
export function loadExistingGrant (app: FastifyInstance): NonNullable<Configuration['loadExistingGrant']> {
  return async (ctx: KoaContextWithOIDC) => {
    const { oidc } = ctx
    const clientId = oidc.client!.clientId
    const accountId = oidc.session!.accountId!
    const grantId = (oidc.result?.consent as { grantId?: string } | undefined)?.grantId ??
      oidc.session!.grantIdFor(clientId) ??
      await latestGrantId(app.sql, accountId, clientId)
    const grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined
    const { refused } = splitScopes(oidc.requestParamOIDCScopes)
    if (grant && refused.length > 0) grant.rejectOIDCScope(refused)
    return grant
  }
}
