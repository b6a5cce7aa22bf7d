import type { AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { auditInsert } from '../../audit/index.js'
import { queueMailSql, queueNoticeSql } from '../../mail/index.js'
import { OWNER_FIELDS, tablesOf, type Owner } from './shared.js'
import type { Issue, IssueParams } from './tokens.js'

/**
 * The statements of an email change (docs/behaviour.md#email-change): a `change_email` token
 * whose `email` is the new address, its link mailed there and a notice to the current one, and
 * its use, which moves the account to the address the link was sent to.
 */
export function emailChangeStatements (kind: AccountType) {
  const { o, tk, owner } = tablesOf(kind)
  const type = kind.type
  return {
    // A token's issue (`target`: the owner's id) to `newEmail`. Earlier unused change tokens of
    // the owner are superseded.
    issue: statement<Issue, IssueParams & { newEmail: string }>((p) => `with o as (select id, email from ${o} where id = ${p.target} and is_active and deleted_at is null),
      d as (delete from ${tk} where ${owner} in (select id from o) and purpose = 'change_email' and used_at is null),
      t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
        select ${p.tokenId}, o.id, 'change_email', ${p.hash}, ${p.newEmail}::text, now() + make_interval(secs => ${p.lifetime}::int) from o returning id),
      j as (select ${queueMailSql("'change_email'", `${p.newEmail}::text`, `${p.locale}::text`, `${p.link}::text`, `${p.lifetime}::int`)} from o),
      n as (select ${queueNoticeSql("'email_change_notice'", 'o.email', `${p.locale}::text`, { newEmail: `${p.newEmail}::text` })} from o),
      e as (${auditInsert({ id: p.eventId, event: 'email.change_requested', accountType: type, accountId: 'o.id', actorType: p.actorType,
        actorId: `${p.actorId}::uuid`, sessionId: `${p.sessionId}::uuid`, ip: p.ip, userAgent: p.userAgent,
        data: `json_build_object('email', o.email, 'newEmail', ${p.newEmail}::text)` }, 'o')})
      select (select count(*) from t)::int as issued, (select count(*) from j)::int + (select count(*) from n)::int as queued`),
    // The token's use (its hash, the event's id, where from). An address taken meanwhile fails
    // the statement on the unique email (nothing changes, the token stays unused).
    confirm: statement<Owner, { hash: string, eventId: string, ip: string | null, userAgent: string | null }>((p) => `with t as (update ${tk} k set used_at = now() from ${o} a
        where k.token_hash = ${p.hash} and k.purpose = 'change_email' and k.used_at is null and k.expires_at > now()
          and a.id = k.${owner} and a.is_active and a.deleted_at is null
        returning k.${owner} as owner_id, k.email as new_email, a.email as old_email),
      u as (update ${o} set email = (select new_email from t), is_email_confirmed = true, updated_at = now()
        where id = (select owner_id from t) returning ${OWNER_FIELDS(o)}),
      e as (${auditInsert({ id: p.eventId, event: 'email.changed', accountType: type, accountId: 'owner_id', actorType: `'${type}'`, actorId: 'owner_id',
        ip: p.ip, userAgent: p.userAgent, data: "json_build_object('from', old_email, 'to', new_email)" }, 't')})
      select * from u`),
    taken: statement<{ id: string }, { email: string }>((p) => `select id from ${o} where email = ${p.email}`)
  }
}
