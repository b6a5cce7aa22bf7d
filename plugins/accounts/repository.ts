import { ACCOUNT_TYPES, type AccountType } from './registry.js'
import { ownerStatements } from './repository/owners.js'
import { sessionStatements } from './repository/sessions.js'
import { tokenStatements } from './repository/tokens.js'
import { pruneStatements } from './repository/prune.js'
import { lockoutStatements, mfaLockoutStatements } from './repository/safety.js'
import type { Owner } from './repository/shared.js'
import type { PublicAccount } from '../../schemas/accounts.js'
import type { AdminAccountView } from '../../schemas/admin.js'

export { REVOKE_CHANNEL, type Owner } from './repository/shared.js'

/**
 * The one data path of an account type: every statement on its owner, session and one-time
 * token tables, its lockout windows and counts of wrong codes, typed by their rows
 * (db/schema.ts), built once from its registry entry.
 */
function repository (kind: AccountType) {
  return {
    owners: ownerStatements(kind),
    sessions: sessionStatements(kind),
    tokens: tokenStatements(kind),
    lockout: lockoutStatements(kind),
    mfaLockout: mfaLockoutStatements(kind),
    prune: pruneStatements(kind)
  }
}
export type Repository = ReturnType<typeof repository>

const REPOSITORIES = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, repository(kind)]))

export function repositoryOf (kind: AccountType): Repository {
  return REPOSITORIES.get(kind)!
}

/** Addresses are compared lower-cased and without surrounding spaces (the column is checked lower-case). */
export function normalizeEmail (email: string): string {
  return email.trim().toLowerCase()
}

const iso = (d: Date | null): string | null => d ? d.toISOString() : null

export function presentAccount (row: Owner): PublicAccount {
  return {
    id: row.id,
    email: row.email,
    isActive: row.is_active,
    isEmailConfirmed: row.is_email_confirmed,
    loginCount: row.login_count,
    lastLogin: iso(row.last_login),
    lastLoginAt: iso(row.last_login_at),
    name: row.name,
    givenName: row.given_name,
    familyName: row.family_name,
    picture: row.picture,
    locale: row.locale,
    zoneinfo: row.zoneinfo,
    userMetadata: row.user_metadata as Record<string, unknown>,
    appMetadata: row.app_metadata as Record<string, unknown>,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString()
  }
}

/** The account as admins see it: the public fields plus deletedAt and tokenVersion (admin, and factors' reset). */
export function presentAdminView (row: Owner): AdminAccountView {
  return { ...presentAccount(row), deletedAt: row.deleted_at?.toISOString() ?? null, tokenVersion: row.token_version }
}
