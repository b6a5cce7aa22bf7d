import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { AccountType } from './registry.js'
import { AppError } from '../core/errors.js'
import { mailedLink } from '../core/links.js'
import type { Queryable, Statement } from '../core/db.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { accountError } from './errors.js'
import { revocations } from './devices.js'
import { clearLockout } from './lockout.js'
import { claimAccount } from './claim.js'
import { assertStrongPassword } from './password-policy.js'
import { createEmailChange } from './email-change.js'
import { normalizeEmail, presentAccount, repositoryOf } from './repository.js'
import { PAGES, linkUsable, type Issue, type IssueParams, type Purpose } from './repository/tokens.js'
import { OPAQUE_TOKEN, hashToken, newOpaqueToken } from './tokens.js'
import { recordEvent, type AuditContext } from '../audit/index.js'
import { uuidv7 } from '../../random.js'
import type { PublicAccount } from '../../schemas/accounts.js'

declare module 'fastify' {
  interface FastifyInstance { accountLifecycle: ReturnType<typeof createAccountLifecycle> }
}

/** Mailed one-time links (email verification, password reset, email change) and password changes. */
export function createAccountLifecycle (app: FastifyInstance) {
  const { sql, config } = app
  const invalidToken = (kind: AccountType) => accountError(kind, 'BAD_REQUEST_INVALID_TOKEN')
  const LIFETIMES: Record<Purpose, number> = {
    verify_email: config.emailVerificationTtl, reset_password: config.passwordResetTtl, sign_in: config.signInLinkTtl,
    change_email: config.emailVerificationTtl, cancel_deletion: config.accountErasureDelay
  }

  /** Issues a token of `purpose` for the owner `target` selects and queues its mail; whether one was queued. */
  async function issue (db: Queryable, statement: Statement<Issue, IssueParams>, purpose: Purpose, target: string, locale: string,
    context: AuditContext): Promise<boolean> {
    const { token, hash } = newOpaqueToken()
    const link = mailedLink(config, PAGES[purpose], token)
    const { actorType, actorId, sessionId, ip, userAgent } = context
    const [row] = await statement.run(db, { target, tokenId: uuidv7(), hash, lifetime: LIFETIMES[purpose], locale, link, eventId: uuidv7(),
      actorType, actorId, sessionId, ip, userAgent })
    return row.issued > 0
  }

  return {
    /**
     * Mails a verification link to the account's address, unless it is confirmed already (false).
     * Pass the transaction of a registration so that account, token and mail commit together.
     */
    queueVerification (kind: AccountType, ownerId: string, locale: string, context: AuditContext, db: Queryable = sql): Promise<boolean> {
      return issue(db, repositoryOf(kind).tokens.issueVerification, 'verify_email', ownerId, locale, context)
    },

    /**
     * Mails a new verification link to an unconfirmed account with this address, without signing
     * in. Every address runs the same single statement with the same writes (a mail job, an
     * event), so neither the answer nor its time tells an account from none, as a reset request.
     */
    async resendVerification (kind: AccountType, email: string, locale: string, context: AuditContext): Promise<void> {
      await issue(sql, repositoryOf(kind).tokens.issueResend, 'verify_email', normalizeEmail(email), locale, context)
    },

    ...createEmailChange(app, (token) => mailedLink(config, PAGES.change_email, token)),

    /**
     * Whether the token of a mailed link can still be used (of any account type). A mail whose
     * link was superseded, used or expired before it went out, or that was queued for an address
     * with no account, is not sent.
     */
    async linkUsable (purpose: Purpose, link: string): Promise<boolean> {
      const token = new URL(link).searchParams.get('token') ?? ''
      if (!OPAQUE_TOKEN.test(token)) return false
      const [row] = await linkUsable.run(sql, { hash: hashToken(token), purpose })
      return row.ok
    },

    /** Marks the email confirmed; an unknown, used, expired or superseded token is INVALID_TOKEN. */
    async verifyEmail (kind: AccountType, token: string, context: AuditContext): Promise<PublicAccount> {
      if (!OPAQUE_TOKEN.test(token)) throw invalidToken(kind)
      const [row] = await repositoryOf(kind).tokens.verifyEmail.run(sql, { hash: hashToken(token), eventId: uuidv7(), ip: context.ip,
        userAgent: context.userAgent })
      if (!row) throw invalidToken(kind)
      return presentAccount(row)
    },

    /**
     * Mails a reset link to an active account with this address. Unknown, inactive and deleted
     * addresses run the same single statement, which writes nothing for them: the caller sees
     * the same answer in about the same time.
     */
    async requestPasswordReset (kind: AccountType, email: string, locale: string, context: AuditContext): Promise<void> {
      await issue(sql, repositoryOf(kind).tokens.issueReset, 'reset_password', normalizeEmail(email), locale, context)
    },

    /** Mails a sign-in link to an active account with this address: the same statement and answer for every address, as the reset. */
    async requestSignInLink (kind: AccountType, email: string, locale: string, context: AuditContext): Promise<void> {
      await issue(sql, repositoryOf(kind).tokens.issueSignIn, 'sign_in', normalizeEmail(email), locale, context)
    },

    /**
     * Uses a sign-in link: the account it opens (active, not deleted, the link sent to its current
     * address), whose email is now confirmed; unknown, used, expired or superseded: INVALID_TOKEN.
     * An account that was unconfirmed is claimed by the link's holder in the same transaction.
     */
    async useSignInLink (kind: AccountType, token: string, context: AuditContext): Promise<string> {
      if (!OPAQUE_TOKEN.test(token)) throw invalidToken(kind)
      return sql.begin(async (tx) => {
        const [row] = await repositoryOf(kind).tokens.useSignIn.run(tx, { hash: hashToken(token), eventId: uuidv7(), ip: context.ip,
          userAgent: context.userAgent })
        if (!row) throw invalidToken(kind)
        if (!row.was_confirmed) {
          await claimAccount(tx, kind, row.id, { via: 'link' }, { ...context, actorType: kind.type, actorId: row.id }, app.accountData)
        }
        return row.id
      })
    },

    /**
     * Sets a new password with a reset token, confirms the email, revokes every session, bumps
     * tokenVersion and clears the address's lockout, in one transaction. The token is checked
     * before the password (the policy, then hashing), so a stream of bogus tokens costs no hashing.
     */
    async resetPassword (kind: AccountType, token: string, password: string, context: AuditContext): Promise<void> {
      if (!OPAQUE_TOKEN.test(token)) throw invalidToken(kind)
      const q = repositoryOf(kind).tokens
      const hash = hashToken(token)
      const [usable] = await q.resetUsable.run(sql, { hash })
      if (!usable) throw invalidToken(kind)
      await assertStrongPassword(kind, config.passwordPolicy, 'password', password, usable.email)
      const phc = await hashPassword(password)
      const done = await sql.begin(async (tx) => {
        const [row] = await q.resetPassword.run(tx, { hash, password: phc, eventId: uuidv7(), ip: context.ip, userAgent: context.userAgent })
        if (!row) return false
        await revocations.revokeAll(tx, kind, row.id)
        await clearLockout(tx, kind, row.id)
        return true
      })
      // Used by a concurrent request between the check and the change.
      if (!done) throw invalidToken(kind)
    },

    /**
     * Changes the caller's password after checking the current one; every other session family
     * is revoked (as logoutothers: tokenVersion stays, the caller stays signed in) in the same
     * transaction, with pending reset links.
     */
    async changePassword (kind: AccountType, ownerId: string, current: string, next: string, context: AuditContext): Promise<void> {
      const wrong = () => accountError(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD')
      const repo = repositoryOf(kind)
      const [found] = await repo.owners.passwordOf.run(sql, { id: ownerId })
      if (!found) throw new AppError('UNAUTHORIZED')
      if (!await verifyPassword(found.password, current)) throw wrong()
      await assertStrongPassword(kind, config.passwordPolicy, 'newPassword', next, found.email)
      const phc = await hashPassword(next)
      await sql.begin(async (tx) => {
        // Changed by another request since it was checked: that one wins, this one must retry.
        if (!(await repo.tokens.changePassword.run(tx, { ownerId, password: phc, checked: found.password })).length) throw wrong()
        const revoked = await revocations.revokeOtherFamilies(tx, kind, ownerId, context.sessionId)
        await recordEvent(tx, { event: 'password.changed', accountType: kind.type, accountId: ownerId, data: { revoked } }, context)
      })
    }
  }
}

export default fp(async (app) => {
  app.decorate('accountLifecycle', createAccountLifecycle(app))
}, { name: 'account-lifecycle', dependencies: ['config', 'db'] })
