import { getTableName } from '../../db/drizzle.js'
import { adminTables, userTables, type AccountTables } from '../../db/schema.js'
import type { Assurance } from './assurance.js'

/**
 * The account types. Every route, error code, cookie and audience of an account type is derived
 * from its entry here; adding a type is a table pair (db/schema.ts) and one more entry.
 */
/** The account types there are; each has an entry in ACCOUNT_TYPES. */
export type AccountTypeName = 'user' | 'admin'

export interface AccountType {
  type: AccountTypeName
  /** Plural used in URLs: the prefix of the type's routes (/v1/users/...). */
  path: string
  /** Key of the account object in response bodies. */
  bodyKey: string
  /** Its tables (db/schema.ts); SQL names them with `nameOf`. */
  tables: AccountTables
  ownerTable: string
  sessionTable: string
  /** The one-time tokens of mailed links (verify_email, reset_password). */
  tokenTable: string
  ownerColumn: string
  scheme: string
  cookie: string
  errorPrefix: string
  audiences: { web: string, app: string }
  /** Whether its accounts can be members of organizations and act for one (switchorg): users only. */
  organizations: boolean
}

function accountType (type: AccountTypeName, path: string, tables: AccountTables): AccountType {
  return {
    type,
    path,
    bodyKey: type,
    tables,
    ownerTable: getTableName(tables.owners),
    sessionTable: getTableName(tables.sessions),
    tokenTable: getTableName(tables.tokens),
    ownerColumn: tables.sessions.ownerId.name,
    scheme: `jwt-${type}`,
    cookie: `jwt-${type}-refresh`,
    errorPrefix: type.toUpperCase(),
    audiences: { web: `${type}-web`, app: `${type}-app` },
    organizations: type === 'user'
  }
}

export const ACCOUNT_TYPES: Readonly<Record<AccountTypeName, AccountType>> = {
  user: accountType('user', 'users', userTables),
  admin: accountType('admin', 'admins', adminTables)
}

/** The account type whose routes live under `/v1/<path>` (`users`): a shared route file's `under`. */
export function accountTypeAt (path: string): AccountType {
  const kind = Object.values(ACCOUNT_TYPES).find((k) => k.path === path)
  if (!kind) throw new Error(`no account type is served under /v1/${path}`)
  return kind
}
export type Client = 'web' | 'app'

/** The authenticated caller of a request, set by the auth hook on protected routes. */
export interface Account {
  type: AccountTypeName
  id: string
  tokenVersion: number
  client: Client
  /** The session family of the access token (its `sid`); null for tokens issued before families. */
  sessionId: string | null
  /** When the access token expires, in seconds since the epoch (its `exp`). */
  expiresAt: number
  /** The session's assurance as its access token states it (tokens from before it: aal1, pwd). */
  aal: Assurance['aal']
  amr: Assurance['amr']
  /** The organization the session acts for (its access token's `org`); absent when it acts for none. */
  org?: OrgClaim
  /**
   * On routes declaring a permission, with an org token: the caller's membership in the token's
   * organization as the permission check's subquery read it with the owner (PermissionHooks.member),
   * null when there is none; absent elsewhere. The domain that owns organizations reads it.
   */
  member?: unknown
}

/**
 * The `org` claim of an access token whose session acts for an organization (switchorg): the
 * caller's membership as it was when the token was issued. `membershipVersion` is the
 * membership's `version`, which every change of role bumps: a route compares it with the
 * current one, so a change or a removal takes effect before the token expires.
 */
export interface OrgClaim {
  id: string
  slug: string
  role: string
  permissions: string[]
  membershipVersion: number
}

/** The client kind from X-Client: `app`, anything else is `web`. */
export function clientOf (header: string | string[] | undefined): Client {
  return header === 'app' ? 'app' : 'web'
}
