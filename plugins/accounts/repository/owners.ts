import type { AccountType } from '../registry.js'
import { statement } from '../../core/db.js'
import { auditInsert } from '../../audit/events.js'
import { OWNER_FIELDS, tablesOf, type Owner, type OwnerRow } from './shared.js'

/**
 * An account as the password step reads it; `pending`: the sign-in step that follows, null for
 * none (steps.ts; one column, no extra round trip).
 */
export type Credentials = Pick<OwnerRow, 'id' | 'password' | 'is_active' | 'is_email_confirmed' | 'deleted_at'> & { pending: string | null }
/** The `pending` column when no sign-in step is composed in (steps.ts): none follows. */
export const NOTHING_PENDING = (_ownerId: string): string => 'null::text'
type Id = Pick<OwnerRow, 'id'>

/** The changes of an account's state (admin actions and the CLI); each answers the id, none when there is no such account. */
const STATE_CHANGES = {
  deactivate: 'is_active = false',
  activate: 'is_active = true',
  delete: 'deleted_at = coalesce(deleted_at, now())',
  restore: 'deleted_at = null',
  confirmEmail: 'is_email_confirmed = true'
} as const
export type StateChange = keyof typeof STATE_CHANGES

/**
 * The statements on one account type's owner table: reading, creating and changing accounts.
 * `pending`: the sign-in steps' column of `credentials` (steps.ts), for the id expression given.
 */
export function ownerStatements (kind: AccountType, pending: (ownerId: string) => string = NOTHING_PENDING) {
  const { o } = tablesOf(kind)
  const fields = OWNER_FIELDS(o)
  const change = Object.fromEntries(Object.entries(STATE_CHANGES).map(([name, set]) =>
    [name, statement<Id>(`update ${o} set ${set}, updated_at = now() where id = $1 returning id`)])) as Record<StateChange, ReturnType<typeof statement<Id>>>
  return {
    credentials: statement<Credentials>(`select id, password, is_active, is_email_confirmed, deleted_at, ${pending(`${o}.id`)} as pending
      from ${o} where email = $1`),
    authenticate: statement<Pick<OwnerRow, 'token_version' | 'is_active' | 'deleted_at'>>(
      `select token_version, is_active, deleted_at from ${o} where id = $1`),
    /** The account unless deleted (`me`). */
    account: statement<Owner>(`select ${fields} from ${o} where id = $1 and deleted_at is null`),
    /** The account, deleted or not (admins). */
    get: statement<Owner>(`select ${fields} from ${o} where id = $1`),
    idByEmail: statement<Id>(`select id from ${o} where email = $1`),
    // Newest first by id (UUIDv7); a page starts below the previous page's last id, so rows
    // inserted meanwhile (newer ids) never shift it. Run unprepared: the optional filters fold away.
    list: `select ${fields} from ${o}
      where ($1::text is null or email like '%' || $1 || '%' escape '\\')
        and ($2 = 'all' or ($2 = 'active' and is_active and deleted_at is null)
          or ($2 = 'inactive' and not is_active and deleted_at is null) or ($2 = 'deleted' and deleted_at is not null))
        and ($3::uuid is null or id < $3)
      order by id desc limit $4`,
    // Every account, newest first by creation time (the CLI's user list, read through a cursor):
    // imported accounts keep their created_at and may bring their own ids, so the ids' order is not that.
    all: `select ${fields} from ${o} order by created_at desc, id desc`,
    // An account without a session (the CLI): $1 id, $2 email, $3 hash, $4 confirmed.
    create: statement<Owner>(`insert into ${o} (id, email, password, is_email_confirmed) values ($1, $2, $3, $4) returning ${fields}`),
    // A registration without a session ($4 the event id, $5 ip, $6 user agent, $7 client, $8 platform).
    registerWithoutSession: statement<Owner>(`with a as (insert into ${o} (id, email, password) values ($1, $2, $3) returning *),
      e as (${auditInsert({ id: '$4', event: 'register', accountType: kind.type, accountId: '$1', actorType: `'${kind.type}'`, actorId: '$1',
        ip: '$5', userAgent: '$6', data: "json_build_object('client', $7::text, 'platform', $8::text)" })})
      select ${OWNER_FIELDS('a')} from a`),
    change,
    /** Locks the row, for a change of its sessions only (an admin's signout). */
    lock: statement<Id>(`select id from ${o} where id = $1 for update`),
    /** An unconfirmed account taken by whoever proved its address: no password, confirmed; whether it had one (the row locked first). */
    claim: statement<{ had_password: boolean }>(`with a as (select id, password is not null as had_password from ${o} where id = $1 for update),
      u as (update ${o} set password = null, is_email_confirmed = true, updated_at = now() where id = (select id from a))
      select had_password from a`),
    passwordOf: statement<Pick<OwnerRow, 'password' | 'email'>>(`select password, email from ${o} where id = $1 and is_active and deleted_at is null`)
  }
}
