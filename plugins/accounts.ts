import { adminSessions, admins, userSessions, users, type AccountTable, type SessionTable } from '../db/schema.js'

/**
 * The account types. Every route, error code, cookie and audience of an account type is derived
 * from its entry here; adding a type is a table pair and one more entry.
 */
export interface AccountType {
  type: string
  /** Plural used in URLs (/v1/users/...) and in route folders. */
  path: string
  /** Key of the account object in response bodies. */
  bodyKey: string
  owners: AccountTable
  sessions: SessionTable
  ownerTable: string
  sessionTable: string
  ownerColumn: string
  scheme: string
  cookie: string
  errorPrefix: string
  audiences: { web: string, app: string }
}

function accountType (type: string, path: string, ownerTable: string, sessionTable: string, ownerColumn: string,
  owners: AccountTable, sessions: SessionTable): AccountType {
  return {
    type,
    path,
    bodyKey: type,
    owners,
    sessions,
    ownerTable,
    sessionTable,
    ownerColumn,
    scheme: `jwt-${type}`,
    cookie: `jwt-${type}-refresh`,
    errorPrefix: type.toUpperCase(),
    audiences: { web: `${type}-web`, app: `${type}-app` }
  }
}

export const ACCOUNT_TYPES = {
  user: accountType('user', 'users', 'users', 'user_sessions', 'user_id', users, userSessions),
  admin: accountType('admin', 'admins', 'admins', 'admin_sessions', 'admin_id', admins, adminSessions)
} as const

export type AccountTypeName = keyof typeof ACCOUNT_TYPES
export type Client = 'web' | 'app'

/** The authenticated caller of a request, set by the auth plugin on protected routes. */
export interface Account {
  type: AccountTypeName
  id: string
  tokenVersion: number
  client: Client
}

declare module 'fastify' {
  interface FastifyRequest { account: Account | null }
}
