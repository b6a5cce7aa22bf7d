import { sql } from 'drizzle-orm'
import { boolean, char, check, index, integer, pgTable, text, timestamp, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { uuidv7 } from '../random.js'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const id = () => uuid('id').primaryKey().$defaultFn(() => uuidv7())

/** An account table and its session table; every account type has the same shape. */
function accountTables (table: string, sessionTable: string, ownerColumn: string) {
  const owners = pgTable(table, {
    id: id(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    password: text('password').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
    deletedAt: ts('deleted_at'),
    loginCount: integer('login_count').notNull().default(0),
    lastLogin: ts('last_login'),
    lastLoginAt: ts('last_login_at'),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow()
  }, (t) => [check(`${table}_email_lower_case`, sql`${t.email} = lower(${t.email})`)])

  const sessions = pgTable(sessionTable, {
    id: id(),
    ownerId: uuid(ownerColumn).notNull().references(() => owners.id, { onDelete: 'cascade' }),
    refreshTokenHash: char('refresh_token_hash', { length: 64 }).notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    client: varchar('client', { length: 8 }).notNull().default('web'),
    platform: varchar('platform', { length: 32 }).notNull().default('web'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    revokedAt: ts('revoked_at'),
    replacedBySessionId: uuid('replaced_by_session_id').references((): AnyPgColumn => sessions.id),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow()
  }, (t) => [index(`${sessionTable}_${ownerColumn}_idx`).on(t.ownerId)])

  return { owners, sessions }
}

export const { owners: users, sessions: userSessions } = accountTables('users', 'user_sessions', 'user_id')
export const { owners: admins, sessions: adminSessions } = accountTables('admins', 'admin_sessions', 'admin_id')

export const posts = pgTable('posts', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 300 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('draft'),
  publishedAt: ts('published_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow()
}, (t) => [
  check('posts_status_check', sql`${t.status} in ('draft', 'published')`),
  check('posts_title_length', sql`char_length(${t.title}) between 1 and 300`),
  index('posts_user_id_idx').on(t.userId)
])

