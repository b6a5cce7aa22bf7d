import type { AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { auditInsert } from '../../audit/events.js'
import { queueMailSql, queueNoticeSql } from '../../mail/mailer.js'
import { OWNER_FIELDS, tablesOf, type Owner } from './shared.js'
import type { Issue } from './tokens.js'

/**
 * The statements of an email change (docs/behaviour.md#email-change): a `change_email` token
 * whose `email` is the new address, its link mailed there and a notice to the current one, and
 * its use, which moves the account to the address the link was sent to.
 */
export function emailChangeStatements (kind: AccountType) {
  const { o, tk, owner } = tablesOf(kind)
  const type = kind.type
  return {
    // $1 owner, $2 token id, $3 its hash, $4 lifetime (s), $5 locale, $6 link, $7 event id,
    // $8-$12 actor type, actor id, session, ip, user agent, $13 the new address. Earlier unused
    // change tokens of the owner are superseded.
    issue: statement<Issue>(`with o as (select id, email from ${o} where id = $1 and is_active and deleted_at is null),
      d as (delete from ${tk} where ${owner} in (select id from o) and purpose = 'change_email' and used_at is null),
      t as (insert into ${tk} (id, ${owner}, purpose, token_hash, email, expires_at)
        select $2, o.id, 'change_email', $3, $13::text, now() + make_interval(secs => $4::int) from o returning id),
      j as (select ${queueMailSql("'change_email'", '$13::text', '$5::text', '$6::text', '$4::int')} from o),
      n as (select ${queueNoticeSql("'email_change_notice'", 'o.email', '$5::text', { newEmail: '$13::text' })} from o),
      e as (${auditInsert({ id: '$7', event: 'email.change_requested', accountType: type, accountId: 'o.id', actorType: '$8', actorId: '$9::uuid',
        sessionId: '$10::uuid', ip: '$11', userAgent: '$12', data: "json_build_object('email', o.email, 'newEmail', $13::text)" }, 'o')})
      select (select count(*) from t)::int as issued, (select count(*) from j)::int + (select count(*) from n)::int as queued`),
    // $1 the token's hash, $2 event id, $3 ip, $4 user agent. An address taken meanwhile fails the
    // statement on the unique email (nothing changes, the token stays unused).
    confirm: statement<Owner>(`with t as (update ${tk} k set used_at = now() from ${o} a
        where k.token_hash = $1 and k.purpose = 'change_email' and k.used_at is null and k.expires_at > now()
          and a.id = k.${owner} and a.is_active and a.deleted_at is null
        returning k.${owner} as owner_id, k.email as new_email, a.email as old_email),
      u as (update ${o} set email = (select new_email from t), is_email_confirmed = true, updated_at = now()
        where id = (select owner_id from t) returning ${OWNER_FIELDS(o)}),
      e as (${auditInsert({ id: '$2', event: 'email.changed', accountType: type, accountId: 'owner_id', actorType: `'${type}'`, actorId: 'owner_id',
        ip: '$3', userAgent: '$4', data: "json_build_object('from', old_email, 'to', new_email)" }, 't')})
      select * from u`),
    taken: statement<{ id: string }>(`select id from ${o} where email = $1`)
  }
}
