import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from './registry.js'
import { AppError } from '../core/errors.js'
import { verifyPassword } from './passwords.js'
import { accountError } from './errors.js'
import { normalizeEmail, presentAccount, repositoryOf } from './repository.js'
import { emailChangeStatements } from './repository/email-change.js'
import { OPAQUE_TOKEN, hashToken, newOpaqueToken } from './tokens.js'
import type { AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import type { PublicAccount } from '../../schemas/accounts.js'

const STATEMENTS = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, emailChangeStatements(kind)]))

/**
 * Changing an account's address (docs/behaviour.md#email-change): the password proves the
 * caller, a link to the new address proves the mailbox, and the old address is told. `linkTo`
 * makes the link of a `change_email` token.
 */
export function createEmailChange (app: FastifyInstance, linkTo: (token: string) => string) {
  const { sql, config } = app

  return {
    /**
     * Checks the caller's password and that no account has `newEmail`, then issues the token,
     * queues the link to the new address and the notice to the current one, and records
     * email.change_requested, in one statement. Earlier unused change links die.
     */
    async requestEmailChange (kind: AccountType, ownerId: string, newEmail: string, password: string, locale: string,
      context: AuditContext): Promise<void> {
      const [found] = await repositoryOf(kind).owners.passwordOf.run(sql, { id: ownerId })
      if (!found) throw new AppError('UNAUTHORIZED')
      if (!await verifyPassword(found.password, password)) throw accountError(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD')
      const address = normalizeEmail(newEmail)
      const q = STATEMENTS.get(kind)!
      if ((await q.taken.run(sql, { email: address })).length) throw accountError(kind, 'BAD_REQUEST_USER_ALREADY_EXISTS')
      const { token, hash } = newOpaqueToken()
      const { actorType, actorId, sessionId, ip, userAgent } = context
      await q.issue.run(sql, { target: ownerId, tokenId: uuidv7(), hash, lifetime: config.emailVerificationTtl, locale, link: linkTo(token),
        eventId: uuidv7(), actorType, actorId, sessionId, ip, userAgent, newEmail: address })
    },

    /**
     * Moves the account to the address the link was sent to, confirmed, and records
     * email.changed. Unknown, used, expired or superseded: INVALID_TOKEN; an address taken
     * since the request: USER_ALREADY_EXISTS (nothing changes).
     */
    async confirmEmailChange (kind: AccountType, token: string, context: AuditContext): Promise<PublicAccount> {
      if (!OPAQUE_TOKEN.test(token)) throw accountError(kind, 'BAD_REQUEST_INVALID_TOKEN')
      let row
      try {
        [row] = await STATEMENTS.get(kind)!.confirm.run(sql, { hash: hashToken(token), eventId: uuidv7(), ip: context.ip,
          userAgent: context.userAgent })
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw accountError(kind, 'BAD_REQUEST_USER_ALREADY_EXISTS')
        throw e
      }
      if (!row) throw accountError(kind, 'BAD_REQUEST_INVALID_TOKEN')
      return presentAccount(row)
    }
  }
}
