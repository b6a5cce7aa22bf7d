import type { AccountType } from '../registry.js'
import { nameOf, type Row, type users, type userSessions, type userTokens } from '../../../db/schema.js'

/** Every account type's tables have the same shape (db/schema.ts); the users' tables type them. */
export type OwnerRow = Row<typeof users>
/** An owner as the statements return it: everything but the password hash and what only profile.ts reads. */
export type Owner = Omit<OwnerRow, 'password' | 'profile_edited' | 'erasure_due_at'>
export type SessionRow = Omit<Row<typeof userSessions>, 'user_id'>
export type OneTimeTokenRow = Omit<Row<typeof userTokens>, 'user_id'>

/** The quoted names of an account type's tables (db/schema.ts) and owner column. */
export function tablesOf (kind: AccountType) {
  const { owners, sessions, tokens, mfaAttempts } = kind.tables
  return { o: nameOf(owners), s: nameOf(sessions), tk: nameOf(tokens), ma: nameOf(mfaAttempts), owner: `"${kind.ownerColumn}"` }
}

/** The columns of `Owner`, of table (or alias) `t`. */
export const OWNER_FIELDS = (t: string) => ['id', 'email', 'is_active', 'is_email_confirmed', 'login_count', 'last_login',
  'last_login_at', 'created_at', 'updated_at', 'token_version', 'deleted_at', 'name', 'given_name', 'family_name', 'picture', 'locale',
  'zoneinfo', 'profile_updated_at', 'user_metadata', 'app_metadata'].map((c) => `${t}.${c}`).join(', ')

/** A session row that can still be refreshed. */
export const active = (t: string) => `${t}.revoked_at is null and ${t}.expires_at > now()`

/**
 * Channel of the revocation notices that close live sockets on every instance:
 * `{type, id}` for every session of an owner (logout-all, theft), `{type, id, family}` for one
 * session family, `{type, id, except}` for every family but one (logoutothers).
 */
export const REVOKE_CHANNEL = 'latchkey_revoke'
export const notify = (type: string, owner: string, extra = '') =>
  `pg_notify('${REVOKE_CHANNEL}', json_build_object('type', '${type}', 'id', ${owner}${extra})::text)`

/** A count of rows left to revoke. */
export interface Remaining { n: number }
