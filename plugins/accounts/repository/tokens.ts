import { ACCOUNT_TYPES, type AccountType } from '../registry.js'
import { statement, type Placeholders } from '../../core/db.js'
import { auditInsert } from '../../audit/index.js'
import { queueMailSql } from '../../mail/index.js'
import { OWNER_FIELDS, tablesOf, type Owner, type OwnerRow } from './shared.js'
import type { AccountPage } from '../../core/links.js'
import type { MailTemplate } from '../../../schemas/mail.js'

/**
 * What a one-time token is for; each purpose has a mail template of the same name (the notices
 * have no token; login_locked carries a sign_in token, login_locked_notice none; org_invitation an invitation's, plugins/orgs).
 */
export type Purpose = Exclude<MailTemplate, 'email_change_notice' | 'mfa_locked' | 'login_locked' | 'login_locked_notice' | 'org_invitation' | 'webhook_disabled'>
/** The page each purpose's link opens (core/links.ts: in the client app, or the service's account pages; docs/api.md#mailed-links-and-their-pages). */
export const PAGES: Record<Purpose, AccountPage> = { verify_email: 'verify-email', reset_password: 'reset-password', sign_in: 'sign-in',
  change_email: 'confirm-email-change', cancel_deletion: 'cancel-deletion' }
type Id = Pick<OwnerRow, 'id'>
/** `queued` reads the mail job's CTE, which a statement that never read it would not run. */
export interface Issue { issued: number, queued: number }

/**
 * The parameters of a token's issue: `target` selects the owner (its id or address), the token
 * (id, hash, lifetime in seconds), the mail's locale and link, the event's id and who asked.
 */
export interface IssueParams {
  target: string
  tokenId: string
  hash: string
  lifetime: number
  locale: string
  link: string
  eventId: string
  actorType: string | null
  actorId: string | null
  sessionId: string | null
  ip: string | null
  userAgent: string | null
}
/** A token's use by its owner: the token's hash, the event's id, where from. */
type UseParams = { hash: string, eventId: string, ip: string | null, userAgent: string | null }

/**
 * The one-time token statements of one account type. A token is issued in one statement with
 * everything it goes with: the owner's earlier unused tokens of that purpose are deleted
 * (superseded), the mail is queued and the audit event written. A token is used in one statement
 * (or transaction) with the change it authorises; `used_at is null` is re-checked under the row
 * lock, so of any number of concurrent uses exactly one succeeds.
 */
export function tokenStatements (kind: AccountType) {
  const { o, tk, owner } = tablesOf(kind)
  // Answers whether a token was issued. `blind`: the mail job and the event are written whether
  // or not an account matched (then the event has no account id, and the job, addressed to
  // `target`, is dropped by V1SendEmailTask: its token matches nothing).
  const issue = (purpose: Purpose, event: 'email.verification_sent' | 'password.reset_requested' | 'signin_link.requested',
    target: (p: Placeholders<IssueParams>) => string, blind = false) => statement<Issue, IssueParams>((p) => {
    const source = blind ? '(select) x left join o on true' : 'o'
    const to = blind ? `coalesce(o.email, ${p.target}::text)` : 'o.email'
    return `with o as (${target(p)}),
    d as (delete from ${tk} where ${owner} in (select id from o) and purpose = '${purpose}' and used_at is null),
    t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
      select ${p.tokenId}, o.id, '${purpose}', ${p.hash}, o.email, now() + make_interval(secs => ${p.lifetime}::int) from o returning id),
    j as (select ${queueMailSql(`'${purpose}'`, to, `${p.locale}::text`, `${p.link}::text`, `${p.lifetime}::int`)} from ${source}),
    e as (${auditInsert({ id: p.eventId, event, accountType: kind.type, accountId: 'o.id', actorType: p.actorType, actorId: `${p.actorId}::uuid`,
      sessionId: `${p.sessionId}::uuid`, ip: p.ip, userAgent: p.userAgent, data: `json_build_object('email', ${to})` }, source)})
    select (select count(*) from t)::int as issued, (select count(*) from j)::int as queued`
  })
  // A usable token of the purpose, sent to the owner's current address, of an owner not deleted.
  const usable = (hash: string, purpose: Purpose, extra = '') => `k.token_hash = ${hash} and k.purpose = '${purpose}' and k.used_at is null
    and k.expires_at > now() and a.id = k.${owner} and a.email = k.email and a.deleted_at is null ${extra}`
  // The owner's own change, recorded as its own act.
  const used = (p: Placeholders<UseParams>, event: 'email.verified' | 'password.reset' | 'signin_link.used') => auditInsert({
    id: p.eventId, event, accountType: kind.type, accountId: 'owner_id', actorType: `'${kind.type}'`, actorId: 'owner_id', ip: p.ip, userAgent: p.userAgent
  }, 't')
  return {
    // The account's own address, unless it is confirmed already.
    issueVerification: issue('verify_email', 'email.verification_sent',
      (p) => `select id, email from ${o} where id = ${p.target} and not is_email_confirmed and deleted_at is null`),
    // Only an active account that is not deleted gets a token and a mail. Every address costs the
    // same statement with the same writes (a mail job, an event), so neither the answer nor its
    // time tells an account from none.
    issueReset: issue('reset_password', 'password.reset_requested',
      (p) => `select id, email from ${o} where email = ${p.target} and is_active and deleted_at is null`, true),
    // Like the reset: only an active account gets a link, and every address costs the same statement.
    issueSignIn: issue('sign_in', 'signin_link.requested',
      (p) => `select id, email from ${o} where email = ${p.target} and is_active and deleted_at is null`, true),
    // A sign-in link, used once by an active account: the mailbox was proven, so the email is
    // confirmed; the session is opened by the caller.
    // `was_confirmed`: before this use (an unconfirmed account is claimed by it).
    useSignIn: statement<Id & { was_confirmed: boolean }, UseParams>((p) => `with t as (update ${tk} k set used_at = now() from ${o} a
        where ${usable(p.hash, 'sign_in', 'and a.is_active')} returning k.${owner} as owner_id, a.is_email_confirmed as was_confirmed),
      u as (update ${o} set is_email_confirmed = true, updated_at = now() where id = (select owner_id from t) returning id),
      e as (${used(p, 'signin_link.used')})
      select u.id, t.was_confirmed from u, t`),
    // Resending a verification link without signing in (`target`: the address): only an
    // unconfirmed, active account that is not deleted gets one; every address costs the same statement.
    issueResend: issue('verify_email', 'email.verification_sent',
      (p) => `select id, email from ${o} where email = ${p.target} and not is_email_confirmed and is_active and deleted_at is null`, true),
    verifyEmail: statement<Owner, UseParams>((p) => `with t as (update ${tk} k set used_at = now() from ${o} a where ${usable(p.hash, 'verify_email')}
        returning k.${owner} as owner_id),
      u as (update ${o} set is_email_confirmed = true, updated_at = now() where id = (select owner_id from t)
        returning ${OWNER_FIELDS(o)}),
      e as (${used(p, 'email.verified')})
      select * from u`),
    // The address of the account a usable reset token is for (the password policy reads it).
    resetUsable: statement<Pick<OwnerRow, 'email'>, { hash: string }>((p) => `select a.email from ${tk} k, ${o} a
      where ${usable(p.hash, 'reset_password', 'and a.is_active')}`),
    // `password`: the new hash. The mailbox was proven: the email is confirmed.
    resetPassword: statement<Id, UseParams & { password: string }>((p) => `with t as (update ${tk} k set used_at = now() from ${o} a
        where ${usable(p.hash, 'reset_password', 'and a.is_active')}
        returning k.${owner} as owner_id),
      u as (update ${o} set password = ${p.password}, is_email_confirmed = true, updated_at = now() where id = (select owner_id from t)
        returning id),
      e as (${used(p, 'password.reset')})
      select id from u`),
    // Only if the password is still the one that was checked (`checked`); pending reset links die with it.
    changePassword: statement<Id, { ownerId: string, password: string, checked: string | null }>((p) => `with u as (update ${o} set password = ${p.password}, updated_at = now()
        where id = ${p.ownerId} and password = ${p.checked} returning id),
      d as (delete from ${tk} where ${owner} = (select id from u) and purpose = 'reset_password' and used_at is null)
      select id from u`),
    // Every unused link and exchange code of the owner (a claimed account's: an email change asked
    // by the one who registered it would take it back): how many.
    dropUnused: statement<{ n: number }, { ownerId: string }>((p) => `with d as (delete from ${tk} where ${owner} = ${p.ownerId} and used_at is null returning 1)
      select count(*)::int as n from d`),
    // The exchange code of a provider sign-in: a one-time token of the account (only its SHA-256
    // kept; earlier unused ones die), `lifetime` seconds.
    issueExchange: statement<never, { ownerId: string, tokenId: string, hash: string, lifetime: number }>((p) => `with d as (delete from ${tk}
        where ${owner} = ${p.ownerId} and purpose = 'oauth_exchange' and used_at is null)
    insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
    select ${p.tokenId}, id, 'oauth_exchange', ${p.hash}, email, now() + make_interval(secs => ${p.lifetime}::int) from ${o} where id = ${p.ownerId}`),
    useExchange: statement<{ owner_id: string }, { hash: string }>((p) => `update ${tk} set used_at = now()
    where token_hash = ${p.hash} and purpose = 'oauth_exchange' and used_at is null and expires_at > now() returning ${owner} as owner_id`)
  }
}

/** Whether a mailed link's token (its hash, its purpose) can still be used, whatever its account type. */
export const linkUsable = statement<{ ok: boolean }, { hash: string, purpose: string }>((p) => `select ${Object.values(ACCOUNT_TYPES).map((kind) => `exists (select 1 from ${tablesOf(kind).tk}
  where token_hash = ${p.hash} and purpose = ${p.purpose} and used_at is null and expires_at > now())`).join(' or ')} as ok`)
