import type { AccountType } from '../registry.js'
import { statement, type Placeholder, type Statement } from '../../core/db.js'
import { auditInsert } from '../../audit/index.js'
import { PROFILE_CLEARED, profileInsert } from '../profile.js'
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
  // An admin's activation also cancels an erasure the user asked for (its job then finds nothing due).
  activate: 'is_active = true, erasure_due_at = null',
  delete: 'deleted_at = coalesce(deleted_at, now())',
  restore: 'deleted_at = null',
  confirmEmail: 'is_email_confirmed = true'
} as const
export type StateChange = keyof typeof STATE_CHANGES

type ById = { id: string }
type ByEmail = { email: string }
export type ListParams = { needle: string | null, status: string, after: string | null, limit: number }
export type RegisterParams = { id: string, email: string, password: string, eventId: string, ip: string | null, userAgent: string | null,
  client: string, platform: string, profile: Record<string, unknown> }
/** One account of an import (plugins/admin/import.ts); `line`: where it was read. */
export interface ImportRow { id: string, email: string, password: string, confirmed: boolean, created_at: string | null, line: number }

/**
 * The password step's read of an address (when the lockout is off): `pending` is the sign-in
 * steps' column (steps.ts) for the id expression given; lockout.ts builds it once the steps are in.
 */
export function credentialsStatement (kind: AccountType, pending: (ownerId: string) => string): Statement<Credentials, ByEmail> {
  const { o } = tablesOf(kind)
  return statement<Credentials, ByEmail>((p) => `select id, password, is_active, is_email_confirmed, deleted_at, ${pending(`${o}.id`)} as pending
    from ${o} where email = ${p.email}`)
}

/** The owner read of an access token (`authenticate`): what the check compares with the token. */
export type Authenticated = Pick<OwnerRow, 'token_version' | 'is_active' | 'deleted_at'>
/**
 * A subquery another domain composes into that read, of the owner's id and of a parameter: its
 * one row (or none) comes back beside the owner's columns, under names of its own.
 */
export type AuthenticateJoin = (ownerId: string, argument: Placeholder) => string

/**
 * The owner read of an access token with a subquery joined (`join`), in the same statement: what
 * a domain needs of the caller on each of its requests (the membership of the organization an
 * org token acts for), for no second round trip. Plain columns: no JSON to build or parse.
 */
export function authenticateWithStatement (kind: AccountType, join: AuthenticateJoin): Statement<Authenticated & Record<string, unknown>, ById & { argument: string }> {
  const { o } = tablesOf(kind)
  return statement<Authenticated & Record<string, unknown>, ById & { argument: string }>((p) =>
    `select ${o}.token_version, ${o}.is_active, ${o}.deleted_at, joined.* from ${o}
      left join lateral (${join(`${o}.id`, p.argument)}) joined on true where ${o}.id = ${p.id}`)
}

/** The statements on one account type's owner table: reading, creating and changing accounts. */
export function ownerStatements (kind: AccountType) {
  const { o } = tablesOf(kind)
  const fields = OWNER_FIELDS(o)
  const change = Object.fromEntries(Object.entries(STATE_CHANGES).map(([name, set]) =>
    [name, statement<Id, ById>((p) => `update ${o} set ${set}, updated_at = now() where id = ${p.id} returning id`)])) as Record<StateChange, Statement<Id, ById>>
  return {
    authenticate: statement<Authenticated, ById>((p) =>
      `select token_version, is_active, deleted_at from ${o} where id = ${p.id}`),
    /** The account unless deleted (`me`). */
    account: statement<Owner, ById>((p) => `select ${fields} from ${o} where id = ${p.id} and deleted_at is null`),
    /** The account, deleted or not (admins). */
    get: statement<Owner, ById>((p) => `select ${fields} from ${o} where id = ${p.id}`),
    idByEmail: statement<Id, ByEmail>((p) => `select id from ${o} where email = ${p.email}`),
    /** What others see of an account where it is present (rooms' presence): its name and picture. */
    badge: statement<Pick<OwnerRow, 'name' | 'picture'>, ById>((p) => `select name, picture from ${o} where id = ${p.id}`),
    // Newest first by id (UUIDv7); a page starts below the previous page's last id, so rows
    // inserted meanwhile (newer ids) never shift it. Run unprepared: the optional filters fold away.
    list: statement<Owner, ListParams>(({ needle, status, after, limit }) => `select ${fields} from ${o}
      where (${needle}::text is null or email like '%' || ${needle} || '%' escape '\\')
        and (${status} = 'all' or (${status} = 'active' and is_active and deleted_at is null)
          or (${status} = 'inactive' and not is_active and deleted_at is null) or (${status} = 'deleted' and deleted_at is not null))
        and (${after}::uuid is null or id < ${after})
      order by id desc limit ${limit}`),
    // Every account, newest first by creation time (the CLI's user list, read through a cursor):
    // imported accounts keep their created_at and may bring their own ids, so the ids' order is not that.
    all: statement<Owner>(() => `select ${fields} from ${o} order by created_at desc, id desc`),
    // An account without a session (the CLI).
    create: statement<Owner, { id: string, email: string, password: string, confirmed: boolean }>((p) =>
      `insert into ${o} (id, email, password, is_email_confirmed) values (${p.id}, ${p.email}, ${p.password}, ${p.confirmed}) returning ${fields}`),
    // An account without a password (a provider sign-in), confirmed when the provider says the address is.
    createWithoutPassword: statement<Pick<OwnerRow, 'id' | 'is_active' | 'deleted_at' | 'is_email_confirmed'>, { id: string, email: string, confirmed: boolean }>(
      (p) => `insert into ${o} as u (id, email, password, is_email_confirmed) values (${p.id}, ${p.email}, null, ${p.confirmed})
    returning u.id, u.is_active, u.deleted_at, u.is_email_confirmed`),
    // A registration without a session.
    registerWithoutSession: statement<Owner, RegisterParams>((p) => {
      const profile = profileInsert(p.profile)
      return `with a as (insert into ${o} (id, email, password, ${profile.columns}) values (${p.id}, ${p.email}, ${p.password}, ${profile.values}) returning *),
      e as (${auditInsert({ id: p.eventId, event: 'register', accountType: kind.type, accountId: p.id, actorType: `'${kind.type}'`, actorId: p.id,
        ip: p.ip, userAgent: p.userAgent, data: `json_build_object('client', ${p.client}::text, 'platform', ${p.platform}::text)` })})
      select ${OWNER_FIELDS('a')} from a`
    }),
    /**
     * One batch of an import in one statement: inserted unless the email or the id is taken (the
     * email taken before the statement: skipped; else the id: invalid). Answers per line what happened.
     */
    importBatch: statement<{ line: number, inserted: boolean, email_taken: boolean }, { rows: ImportRow[] }>((p) => `with x as (select * from jsonb_to_recordset(${p.rows}::jsonb)
      as x(id uuid, email text, password text, confirmed boolean, created_at timestamptz, line int)),
    i as (insert into ${o} (id, email, password, is_email_confirmed, created_at, updated_at)
      select id, email, password, confirmed, coalesce(created_at, now()), coalesce(created_at, now()) from x
      where not exists (select 1 from ${o} u where u.id = x.id)
      on conflict (email) do nothing returning email)
    select x.line, exists (select 1 from i where i.email = x.email) as inserted,
      exists (select 1 from ${o} u where u.email = x.email) as email_taken
    from x`),
    change,
    /** Locks the row, for a change of its sessions only (an admin's signout). */
    lock: statement<Id, ById>((p) => `select id from ${o} where id = ${p.id} for update`),
    /** Locks the row of an active account (not deleted): a registration of a passkey takes turns with the account's others. */
    lockActive: statement<Id, ById>((p) => `select id from ${o} where id = ${p.id} and is_active and deleted_at is null for update`),
    /**
     * An unconfirmed account taken by whoever proved its address: no password, confirmed, and none
     * of the profile or userMetadata its registrant wrote (appMetadata is the application's: it
     * stays); whether it had a password (the row locked first).
     */
    claim: statement<{ had_password: boolean }, ById>((p) => `with a as (select id, password is not null as had_password from ${o} where id = ${p.id} for update),
      u as (update ${o} set password = null, is_email_confirmed = true, ${PROFILE_CLEARED}, updated_at = now() where id = (select id from a))
      select had_password from a`),
    passwordOf: statement<Pick<OwnerRow, 'password' | 'email'>, ById>((p) => `select password, email from ${o} where id = ${p.id} and is_active and deleted_at is null`)
  }
}
