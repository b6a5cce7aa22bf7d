import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES } from '../accounts/index.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import { federationStatements as q, type IdentityRow } from './repository.js'
import { federationError } from './errors.js'
import type { Identity } from '../../schemas/federation.js'

const USER = ACCOUNT_TYPES.user

export function presentIdentity (row: IdentityRow): Identity {
  return {
    id: row.id,
    provider: row.provider,
    email: row.email,
    emailVerified: row.email_verified,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null
  }
}

/** A user's identities at providers: listing them, and unlinking one that is not the last way in. */
export function createIdentities (app: FastifyInstance) {
  const { sql } = app
  return {
    async list (userId: string): Promise<Identity[]> {
      return (await q.listIdentities.run(sql, { userId })).map(presentIdentity)
    },

    /**
     * Removes one of the caller's identities, unless nothing else would open the account: no
     * password, no other identity, no passkey (400 LAST_SIGN_IN_METHOD). The account row is
     * locked, so two unlinks at once cannot remove the last two.
     */
    async unlink (userId: string, identityId: string, context: AuditContext): Promise<void> {
      await sql.begin(async (tx) => {
        const [ways] = await q.waysIn.run(tx, { userId })
        if (!ways) throw federationError(USER, 'IDENTITY_NOT_FOUND')
        const [removed] = await q.unlink.run(tx, { id: identityId, userId })
        if (!removed) throw federationError(USER, 'IDENTITY_NOT_FOUND')
        if (!ways.has_password && ways.identities <= 1 && ways.passkeys === 0) throw federationError(USER, 'BAD_REQUEST_LAST_SIGN_IN_METHOD')
        await recordEvent(tx, { event: 'oauth.identity_unlinked', accountType: USER.type, accountId: userId,
          data: { provider: removed.provider, identityId } }, context)
      })
    }
  }
}
