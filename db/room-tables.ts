import { pg } from './drizzle.js'
import { ts } from './account-tables.js'
const { bigint, index, jsonb, pgTable, primaryKey, uuid, varchar } = pg

/**
 * Rooms' history (docs/websocket.md#recovery), written by the PostgreSQL broker only. Each room's
 * head holds its epoch and last offset: the upsert that takes the next offset locks the row until
 * the publisher commits, so offsets of a room commit in order whoever publishes. The migration
 * makes these tables UNLOGGED: a crash of PostgreSQL empties them, and a room's next event then
 * starts a new epoch, which is exactly what clients must be told.
 */
export const roomHeads = pgTable('room_heads', {
  room: varchar('room', { length: 160 }).primaryKey(),
  epoch: varchar('epoch', { length: 32 }).notNull(),
  lastOffset: bigint('last_offset', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow()
})

/** The last ROOM_HISTORY_SIZE events of each room, kept ROOM_HISTORY_TTL. */
export const roomHistory = pgTable('room_history', {
  room: varchar('room', { length: 160 }).notNull(),
  offset: bigint('offset', { mode: 'number' }).notNull(),
  event: varchar('event', { length: 64 }).notNull(),
  data: jsonb('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow()
}, (t) => [
  primaryKey({ columns: [t.room, t.offset] }),
  index('room_history_created_at_idx').on(t.createdAt)
])

/** Instances serving sockets, each alive while it renews `expires_at` (presence across instances). */
export const roomInstances = pgTable('room_instances', {
  id: varchar('id', { length: 32 }).primaryKey(),
  expiresAt: ts('expires_at').notNull()
})

/**
 * Sockets present in rooms (joined with presence), by instance: an expired instance's rows are
 * gone with it. `name` and `picture` are the user's as its join read them (users' columns), so
 * presence answers without reading users.
 */
export const roomPresence = pgTable('room_presence', {
  instanceId: varchar('instance_id', { length: 32 }).notNull().references(() => roomInstances.id, { onDelete: 'cascade' }),
  connectionId: varchar('connection_id', { length: 32 }).notNull(),
  room: varchar('room', { length: 160 }).notNull(),
  userId: uuid('user_id').notNull(),
  name: varchar('name', { length: 100 }),
  picture: varchar('picture', { length: 500 }),
  since: ts('since').notNull().defaultNow()
}, (t) => [
  primaryKey({ columns: [t.room, t.connectionId] }),
  index('room_presence_instance_idx').on(t.instanceId)
])
