import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from './registry.js'
import { AppError } from '../core/errors.js'
import { prepared, type Queryable } from '../core/db.js'
import { accountErrorCode } from './errors.js'
import { hashPassword, verifyPassword } from './passwords.js'
import { OWNER_FIELDS, presentAccount } from './queries.js'
import { normalizeEmail } from './sessions.js'
import { OPAQUE_TOKEN, hashToken, newOpaqueToken } from './tokens.js'
import { AUDIT_COLUMNS, recordEvent, type AuditContext } from '../audit/events.js'
import { queueMailSql } from '../mail/mailer.js'
import { uuidv7 } from '../../random.js'
import type { PublicAccount } from '../../schemas/accounts.js'
import type { MailTemplate } from '../../schemas/mail.js'

declare module 'fastify' {
  interface FastifyInstance { accountLifecycle: ReturnType<typeof createAccountLifecycle> }
}

type Purpose = MailTemplate

/** Where each purpose's link points in the client app (README: what those pages call). */
const PAGES: Record<Purpose, string> = { verify_email: '/verify-email', reset_password: '/reset-password' }

/**
 * SQL of one account type. A token is issued in one statement with everything it goes with: the
 * owner's earlier unused tokens of that purpose are deleted (superseded), the mail is queued and
 * the audit event written. A token is used in one statement (or transaction) with the change it
 * authorises; `used_at is null` is re-checked under the row lock, so of any number of concurrent
 * uses exactly one succeeds.
 */
function statements (kind: AccountType) {
  const o = `"${kind.ownerTable}"`
  const tk = `"${kind.tokenTable}"`
  const owner = `"${kind.ownerColumn}"`
  // $1 selects the owner; $2 token id, $3 its hash, $4 lifetime in seconds, $5 locale, $6 link,
  // $7 event id, $8-$12 actor type, actor id, session, ip, user agent. Answers whether a token was
  // issued. `blind`: the mail job and the event are written whether or not an account matched
  // (then the event has no account id, and the job, addressed to $1, is dropped by
  // V1SendEmailTask: its token matches nothing).
  const issue = (purpose: Purpose, event: string, target: string, blind = false) => {
    const source = blind ? '(select) x left join o on true' : 'o'
    const to = blind ? 'coalesce(o.email, $1::text)' : 'o.email'
    return `with o as (${target}),
    d as (delete from ${tk} where ${owner} in (select id from o) and purpose = '${purpose}' and used_at is null),
    t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
      select $2, o.id, '${purpose}', $3, o.email, now() + make_interval(secs => $4::int) from o returning id),
    j as (select ${queueMailSql(`'${purpose}'`, to, '$5::text', '$6::text', '$4::int')} from ${source}),
    e as (insert into audit_events (${AUDIT_COLUMNS})
      select $7, '${event}', '${kind.type}', o.id, $8, $9::uuid, $10::uuid, $11, $12,
        json_build_object('email', ${to}) from ${source})
    select (select count(*) from t)::int as issued, (select count(*) from j)::int as queued`
  }
  // A usable token of the purpose, sent to the owner's current address, of an owner not deleted.
  const usable = (purpose: Purpose, extra = '') => `k.token_hash = $1 and k.purpose = '${purpose}' and k.used_at is null
    and k.expires_at > now() and a.id = k.${owner} and a.email = k.email and a.deleted_at is null ${extra}`
  return {
    // The account's own address, unless it is confirmed already.
    issueVerification: issue('verify_email', 'email.verification_sent',
      `select id, email from ${o} where id = $1 and not is_email_confirmed and deleted_at is null`),
    // Only an active account that is not deleted gets a token and a mail. Every address costs the
    // same statement with the same writes (a mail job, an event), so neither the answer nor its
    // time tells an account from none.
    issueReset: issue('reset_password', 'password.reset_requested',
      `select id, email from ${o} where email = $1 and is_active and deleted_at is null`, true),
    // $2 event id, $3 ip, $4 user agent.
    verifyEmail: `with t as (update ${tk} k set used_at = now() from ${o} a where ${usable('verify_email')}
        returning k.${owner} as owner_id),
      u as (update ${o} set is_email_confirmed = true, updated_at = now() where id = (select owner_id from t)
        returning ${OWNER_FIELDS(o)}),
      e as (insert into audit_events (${AUDIT_COLUMNS})
        select $2, 'email.verified', '${kind.type}', owner_id, '${kind.type}', owner_id, null, $3, $4, '{}'::jsonb from t)
      select * from u`,
    resetUsable: `select 1 from ${tk} k, ${o} a where ${usable('reset_password', 'and a.is_active')}`,
    // $2 the new hash, $3 event id, $4 ip, $5 user agent. The mailbox was proven: the email is confirmed.
    resetPassword: `with t as (update ${tk} k set used_at = now() from ${o} a where ${usable('reset_password', 'and a.is_active')}
        returning k.${owner} as owner_id),
      u as (update ${o} set password = $2, is_email_confirmed = true, updated_at = now() where id = (select owner_id from t)
        returning id),
      e as (insert into audit_events (${AUDIT_COLUMNS})
        select $3, 'password.reset', '${kind.type}', owner_id, '${kind.type}', owner_id, null, $4, $5, '{}'::jsonb from t)
      select id from u`,
    passwordOf: `select password from ${o} where id = $1 and is_active and deleted_at is null`,
    // Only if the password is still the one that was checked ($3); pending reset links die with it.
    changePassword: `with u as (update ${o} set password = $2, updated_at = now() where id = $1 and password = $3 returning id),
      d as (delete from ${tk} where ${owner} = (select id from u) and purpose = 'reset_password' and used_at is null)
      select id from u`
  }
}

/** Whether a mailed link's token ($1 its hash, $2 its purpose) can still be used, whatever its account type. */
const LINK_USABLE = `select ${Object.values(ACCOUNT_TYPES).map((kind) => `exists (select 1 from "${kind.tokenTable}"
  where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now())`).join(' or ')} as ok`

export function createAccountLifecycle (app: FastifyInstance) {
  const { sql, sessions, config } = app
  const queries = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, statements(kind)]))
  const q = (kind: AccountType) => queries.get(kind)!
  const invalidToken = (kind: AccountType) => new AppError(accountErrorCode(kind, 'BAD_REQUEST_INVALID_TOKEN'))
  const LIFETIMES: Record<Purpose, number> = { verify_email: config.emailVerificationTtl, reset_password: config.passwordResetTtl }

  /** Issues a token of `purpose` for the owner `target` selects and queues its mail; whether one was queued. */
  async function issue (db: Queryable, statement: string, purpose: Purpose, target: string, locale: string,
    context: AuditContext): Promise<boolean> {
    const { token, hash } = newOpaqueToken()
    const ttl = LIFETIMES[purpose]
    const link = `${config.publicAppUrl}${PAGES[purpose]}?token=${token}`
    const [row] = await prepared(db, statement, [target, uuidv7(), hash, ttl, locale, link, uuidv7(),
      context.actorType, context.actorId, context.sessionId, context.ip, context.userAgent])
    return row.issued > 0
  }

  return {
    /**
     * Mails a verification link to the account's address, unless it is confirmed already (false).
     * Pass the transaction of a registration so that account, token and mail commit together.
     */
    queueVerification (kind: AccountType, ownerId: string, locale: string, context: AuditContext, db: Queryable = sql): Promise<boolean> {
      return issue(db, q(kind).issueVerification, 'verify_email', ownerId, locale, context)
    },

    /**
     * Whether the token of a mailed link can still be used (of any account type). A mail whose
     * link was superseded, used or expired before it went out, or that was queued for an address
     * with no account, is not sent.
     */
    async linkUsable (purpose: Purpose, link: string): Promise<boolean> {
      const token = new URL(link).searchParams.get('token') ?? ''
      if (!OPAQUE_TOKEN.test(token)) return false
      const [row] = await prepared(sql, LINK_USABLE, [hashToken(token), purpose])
      return row.ok
    },

    /** Marks the email confirmed; an unknown, used, expired or superseded token is INVALID_TOKEN. */
    async verifyEmail (kind: AccountType, token: string, context: AuditContext): Promise<PublicAccount> {
      if (!OPAQUE_TOKEN.test(token)) throw invalidToken(kind)
      const [row] = await prepared(sql, q(kind).verifyEmail, [hashToken(token), uuidv7(), context.ip, context.userAgent])
      if (!row) throw invalidToken(kind)
      return presentAccount(row)
    },

    /**
     * Mails a reset link to an active account with this address. Unknown, inactive and deleted
     * addresses run the same single statement, which writes nothing for them: the caller sees
     * the same answer in about the same time.
     */
    async requestPasswordReset (kind: AccountType, email: string, locale: string, context: AuditContext): Promise<void> {
      await issue(sql, q(kind).issueReset, 'reset_password', normalizeEmail(email), locale, context)
    },

    /**
     * Sets a new password with a reset token, confirms the email, revokes every session and bumps
     * tokenVersion, in one transaction. The token is checked before the password is hashed, so a
     * stream of bogus tokens costs no hashing.
     */
    async resetPassword (kind: AccountType, token: string, password: string, context: AuditContext): Promise<void> {
      if (!OPAQUE_TOKEN.test(token)) throw invalidToken(kind)
      const hash = hashToken(token)
      if (!(await prepared(sql, q(kind).resetUsable, [hash])).length) throw invalidToken(kind)
      const phc = await hashPassword(password)
      const done = await sql.begin(async (tx) => {
        const [row] = await prepared(tx, q(kind).resetPassword, [hash, phc, uuidv7(), context.ip, context.userAgent])
        if (!row) return false
        await sessions.revokeAll(tx, kind, row.id)
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
      const wrong = () => new AppError(accountErrorCode(kind, 'BAD_REQUEST_INVALID_CURRENT_PASSWORD'))
      const [found] = await prepared(sql, q(kind).passwordOf, [ownerId])
      if (!found) throw new AppError('UNAUTHORIZED')
      if (!await verifyPassword(found.password, current)) throw wrong()
      const phc = await hashPassword(next)
      await sql.begin(async (tx) => {
        // Changed by another request since it was checked: that one wins, this one must retry.
        if (!(await prepared(tx, q(kind).changePassword, [ownerId, phc, found.password])).length) throw wrong()
        const revoked = await sessions.revokeOtherFamilies(tx, kind, ownerId, context.sessionId)
        await recordEvent(tx, { event: 'password.changed', accountType: kind.type, accountId: ownerId, data: { revoked } }, context)
      })
    }
  }
}

export default fp(async (app) => {
  app.decorate('accountLifecycle', createAccountLifecycle(app))
}, { name: 'account-lifecycle', dependencies: ['config', 'db', 'sessions'] })
