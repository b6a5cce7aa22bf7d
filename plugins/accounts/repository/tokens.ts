import { ACCOUNT_TYPES, type AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { auditInsert } from '../../audit/events.js'
import { queueMailSql } from '../../mail/mailer.js'
import { OWNER_FIELDS, tablesOf, type Owner, type OwnerRow } from './shared.js'
import type { MailTemplate } from '../../../schemas/mail.js'

/**
 * What a one-time token is for; each purpose has a mail template of the same name (the notices
 * have no token; login_locked carries a sign_in token, login_locked_notice none).
 */
export type Purpose = Exclude<MailTemplate, 'email_change_notice' | 'mfa_locked' | 'login_locked' | 'login_locked_notice'>
/** Where each purpose's link points in the client app (docs/api.md#what-a-client-apps-pages-call). */
export const PAGES: Record<Purpose, string> = { verify_email: '/verify-email', reset_password: '/reset-password', sign_in: '/sign-in', change_email: '/confirm-email-change' }
type Id = Pick<OwnerRow, 'id'>
/** `queued` reads the mail job's CTE, which a statement that never read it would not run. */
export interface Issue { issued: number, queued: number }

/**
 * The one-time token statements of one account type. A token is issued in one statement with
 * everything it goes with: the owner's earlier unused tokens of that purpose are deleted
 * (superseded), the mail is queued and the audit event written. A token is used in one statement
 * (or transaction) with the change it authorises; `used_at is null` is re-checked under the row
 * lock, so of any number of concurrent uses exactly one succeeds.
 */
export function tokenStatements (kind: AccountType) {
  const { o, tk, owner } = tablesOf(kind)
  // $1 selects the owner; $2 token id, $3 its hash, $4 lifetime in seconds, $5 locale, $6 link,
  // $7 event id, $8-$12 actor type, actor id, session, ip, user agent. Answers whether a token was
  // issued. `blind`: the mail job and the event are written whether or not an account matched
  // (then the event has no account id, and the job, addressed to $1, is dropped by
  // V1SendEmailTask: its token matches nothing).
  const issue = (purpose: Purpose, event: 'email.verification_sent' | 'password.reset_requested' | 'signin_link.requested', target: string,
    blind = false) => {
    const source = blind ? '(select) x left join o on true' : 'o'
    const to = blind ? 'coalesce(o.email, $1::text)' : 'o.email'
    return statement<Issue>(`with o as (${target}),
    d as (delete from ${tk} where ${owner} in (select id from o) and purpose = '${purpose}' and used_at is null),
    t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
      select $2, o.id, '${purpose}', $3, o.email, now() + make_interval(secs => $4::int) from o returning id),
    j as (select ${queueMailSql(`'${purpose}'`, to, '$5::text', '$6::text', '$4::int')} from ${source}),
    e as (${auditInsert({ id: '$7', event, accountType: kind.type, accountId: 'o.id', actorType: '$8', actorId: '$9::uuid',
      sessionId: '$10::uuid', ip: '$11', userAgent: '$12', data: `json_build_object('email', ${to})` }, source)})
    select (select count(*) from t)::int as issued, (select count(*) from j)::int as queued`)
  }
  // A usable token of the purpose, sent to the owner's current address, of an owner not deleted.
  const usable = (purpose: Purpose, extra = '') => `k.token_hash = $1 and k.purpose = '${purpose}' and k.used_at is null
    and k.expires_at > now() and a.id = k.${owner} and a.email = k.email and a.deleted_at is null ${extra}`
  // The owner's own change, recorded as its own act: $2 (verify) or $3 (reset) the event id.
  const used = (id: string, event: 'email.verified' | 'password.reset' | 'signin_link.used', ip: string, userAgent: string) => auditInsert({
    id, event, accountType: kind.type, accountId: 'owner_id', actorType: `'${kind.type}'`, actorId: 'owner_id', ip, userAgent
  }, 't')
  return {
    // The account's own address, unless it is confirmed already.
    issueVerification: issue('verify_email', 'email.verification_sent',
      `select id, email from ${o} where id = $1 and not is_email_confirmed and deleted_at is null`),
    // Only an active account that is not deleted gets a token and a mail. Every address costs the
    // same statement with the same writes (a mail job, an event), so neither the answer nor its
    // time tells an account from none.
    issueReset: issue('reset_password', 'password.reset_requested',
      `select id, email from ${o} where email = $1 and is_active and deleted_at is null`, true),
    // Like the reset: only an active account gets a link, and every address costs the same statement.
    issueSignIn: issue('sign_in', 'signin_link.requested',
      `select id, email from ${o} where email = $1 and is_active and deleted_at is null`, true),
    // A sign-in link, used once by an active account: the mailbox was proven, so the email is
    // confirmed ($2 event id, $3 ip, $4 user agent); the session is opened by the caller.
    // `was_confirmed`: before this use (an unconfirmed account is claimed by it).
    useSignIn: statement<Id & { was_confirmed: boolean }>(`with t as (update ${tk} k set used_at = now() from ${o} a
        where ${usable('sign_in', 'and a.is_active')} returning k.${owner} as owner_id, a.is_email_confirmed as was_confirmed),
      u as (update ${o} set is_email_confirmed = true, updated_at = now() where id = (select owner_id from t) returning id),
      e as (${used('$2', 'signin_link.used', '$3', '$4')})
      select u.id, t.was_confirmed from u, t`),
    // Resending a verification link without signing in ($1 the address): only an unconfirmed,
    // active account that is not deleted gets one; every address costs the same statement.
    issueResend: issue('verify_email', 'email.verification_sent',
      `select id, email from ${o} where email = $1 and not is_email_confirmed and is_active and deleted_at is null`, true),
    // $2 event id, $3 ip, $4 user agent.
    verifyEmail: statement<Owner>(`with t as (update ${tk} k set used_at = now() from ${o} a where ${usable('verify_email')}
        returning k.${owner} as owner_id),
      u as (update ${o} set is_email_confirmed = true, updated_at = now() where id = (select owner_id from t)
        returning ${OWNER_FIELDS(o)}),
      e as (${used('$2', 'email.verified', '$3', '$4')})
      select * from u`),
    // The address of the account a usable reset token is for (the password policy reads it).
    resetUsable: statement<Pick<OwnerRow, 'email'>>(`select a.email from ${tk} k, ${o} a where ${usable('reset_password', 'and a.is_active')}`),
    // $2 the new hash, $3 event id, $4 ip, $5 user agent. The mailbox was proven: the email is confirmed.
    resetPassword: statement<Id>(`with t as (update ${tk} k set used_at = now() from ${o} a where ${usable('reset_password', 'and a.is_active')}
        returning k.${owner} as owner_id),
      u as (update ${o} set password = $2, is_email_confirmed = true, updated_at = now() where id = (select owner_id from t)
        returning id),
      e as (${used('$3', 'password.reset', '$4', '$5')})
      select id from u`),
    // Only if the password is still the one that was checked ($3); pending reset links die with it.
    changePassword: statement<Id>(`with u as (update ${o} set password = $2, updated_at = now() where id = $1 and password = $3 returning id),
      d as (delete from ${tk} where ${owner} = (select id from u) and purpose = 'reset_password' and used_at is null)
      select id from u`),
    // Every unused link and exchange code of the owner (a claimed account's: an email change asked
    // by the one who registered it would take it back): how many.
    dropUnused: statement<{ n: number }>(`with d as (delete from ${tk} where ${owner} = $1 and used_at is null returning 1)
      select count(*)::int as n from d`)
  }
}

/** Whether a mailed link's token ($1 its hash, $2 its purpose) can still be used, whatever its account type. */
export const linkUsable = statement<{ ok: boolean }>(`select ${Object.values(ACCOUNT_TYPES).map((kind) => `exists (select 1 from "${kind.tokenTable}"
  where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now())`).join(' or ')} as ok`)
