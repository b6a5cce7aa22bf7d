import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from './registry.js'
import { AppError } from '../core/errors.js'
import type { Queryable } from '../core/db.js'
import { mailedLink } from '../core/links.js'
import { repositoryOf } from './repository.js'
import { credentialsStatement, type Credentials } from './repository/owners.js'
import { reserveStatement } from './repository/safety.js'
import { PAGES } from './repository/tokens.js'
import { newOpaqueToken } from './tokens.js'
import { uuidv7 } from '../../random.js'

export interface Attempt {
  /** The account with this address, if any. */
  found: Credentials | undefined
  /** This attempt's number in the lockout window; null when the lockout is off. */
  number: number | null
}

/**
 * The per-account lockout of password sign-in (LOGIN_LOCKOUT_THRESHOLD failures within
 * LOGIN_LOCKOUT_WINDOW, docs/behaviour.md#lockout), counted in PostgreSQL (`login_attempts`) so
 * that every instance and every client address counts together, and keyed by the address tried
 * so that an unknown address is locked exactly like a known one. Off (threshold 0): the plain
 * credentials read, nothing counted.
 */
export function createLockout (app: FastifyInstance) {
  const { sql, config } = app
  const { threshold, windowSeconds } = config.loginLockout
  // The two reads of a password's first step, with the registered sign-in steps' column
  // (steps.ts), built at the first sign-in of each type: every step is registered by then.
  const reads = new Map<AccountType, { credentials: ReturnType<typeof credentialsStatement>, reserve: ReturnType<typeof reserveStatement> }>()
  function readsOf (kind: AccountType) {
    let built = reads.get(kind)
    if (!built) {
      const pending = app.signInSteps.pendingSql(kind)
      built = { credentials: credentialsStatement(kind, pending), reserve: reserveStatement(kind, pending) }
      reads.set(kind, built)
    }
    return built
  }

  return {
    enabled: threshold > 0,

    /**
     * The account of `address` and this attempt's number, read and counted in one statement
     * (the round trip login makes anyway). A locked address is 429 TOO_MANY_REQUESTS with
     * Retry-After, before any password is verified.
     */
    async attempt (kind: AccountType, address: string): Promise<Attempt> {
      if (threshold === 0) {
        const [found] = await readsOf(kind).credentials.run(sql, { email: address })
        return { found, number: null }
      }
      const [row] = await readsOf(kind).reserve.run(sql, { email: address, threshold, windowSeconds })
      if (row.attempt === null) {
        const after = row.retry_after ?? windowSeconds
        throw new AppError('TOO_MANY_REQUESTS', { params: { after: `${after} s` }, headers: { 'retry-after': after } })
      }
      const { attempt, retry_after: _, ...found } = row
      return { found: found.id === null ? undefined : found as Credentials, number: attempt }
    },

    /**
     * After a failed attempt: the one that reaches the threshold locks the address (once a
     * window), recorded as login.locked, and mails the owner of an active account a sign-in link
     * as the way in (users, MAGIC_LINK_ENABLED; else the mail names the reset). One statement
     * and the same work for every address, as the event alone took: the answer is unchanged.
     */
    async failed (kind: AccountType, address: string, accountId: string | null, attempt: Attempt,
      meta: { ip: string | null, userAgent: string | null, locale?: string }): Promise<void> {
      if (attempt.number === null || attempt.number < threshold) return
      // Sign-in links are the users' alone (routes/v1/users/signinwithlink.ts): an admin's mail names the reset.
      const link = config.magicLinkEnabled && kind === ACCOUNT_TYPES.user ? newOpaqueToken() : null
      await repositoryOf(kind).lockout.lock.run(sql, { email: address, failures: attempt.number, windowSeconds, accountId, eventId: uuidv7(),
        ip: meta.ip, userAgent: meta.userAgent, locale: meta.locale ?? 'en', tokenId: uuidv7(), tokenHash: link?.hash ?? null,
        link: link && mailedLink(config, PAGES.sign_in, link.token), linkLifetime: link && config.signInLinkTtl })
    }
  }
}

/** A successful password reset: the account's address starts afresh (in the reset's transaction). */
export async function clearLockout (db: Queryable, kind: AccountType, ownerId: string): Promise<void> {
  await repositoryOf(kind).lockout.clear.run(db, { ownerId })
}
