import type { Queryable } from '../../core/db.js'

/** An event of a room; `offset` and `epoch` once a broker has placed it in the room's history. */
export interface RoomEvent {
  room: string
  event: string
  data: unknown
  offset?: number
  epoch?: string
}

/** Where a client is in a room's history: the last offset it got, in that epoch. */
export interface Position { offset: number, epoch: string }

/**
 * The events after a position, when the room still holds them all: every one (`recovered`), or
 * those the joiner may see (an org room's, none older than its membership); and the room's last
 * position when read (`head`; absent: nothing published yet): a live event at or before it was
 * published before the join.
 */
export interface Recovery { recovered: boolean, events: RoomEvent[], head?: Position }

/**
 * A recovery from the events a room holds after `since`, up to its head, in offset order, each
 * `older` when published before the joiner's history begins. When they are all there, the socket
 * gets those it may see, and `recovered` says none was withheld (so the client knows what it holds
 * from before is not continued: the application decides what a new member may know of it); when
 * some are lost, none.
 */
export function recoveryOf (since: Position, head: Position, held: Array<{ event: RoomEvent, older: boolean }>): Recovery {
  const complete = held.length === head.offset - since.offset && held.every(({ event }, i) => event.offset === since.offset + 1 + i)
  if (!complete) return { recovered: false, events: [], head }
  const events = held.filter(({ older }) => !older).map(({ event }) => event)
  return { recovered: events.length === held.length, events, head }
}

/**
 * Who a present user is (null when unset), read once at each join with presence and carried in
 * the broker's presence record: no instance reads the users table per event or presence question.
 */
export interface Profile { name: string | null, picture: string | null }

/** A user present in a room: its profile as of its latest join, its present sockets, on every instance, and since when. */
export interface PresentUser extends Profile { userId: string, connections: number, since: string }

/** `presence.joined` of a user in a room, with the profile its join read, or `presence.left` (the user's id only). */
export type PresenceChange = { room: string, event: 'presence.joined', userId: string } & Profile
  | { room: string, event: 'presence.left', userId: string }

/**
 * What carries rooms between instances (plugins/realtime/brokers/postgres.ts by default, nats.ts with BROKER_URL): it
 * numbers each room's events, keeps the room's recent history and fans events out to every
 * instance's `subscribe`, each room's in offset order.
 */
export interface Broker {
  /** Appends an event to a room's history and fans it out: its position. */
  publish: (room: string, event: string, data: unknown) => Promise<Position>
  /** The same from inside a PostgreSQL transaction: the event exists only if and when it commits. */
  publishInTransaction: (tx: Queryable, room: string, event: string, data: unknown) => Promise<void>
  /**
   * Hears every room's events (and presence changes) from every instance until the returned stop;
   * `lost`: an event of the room could not be delivered here (its sockets must recover).
   */
  subscribe: (deliver: (event: RoomEvent) => void, presence: (change: PresenceChange) => void,
    lost?: (room: string) => void) => Promise<() => Promise<void>>
  /**
   * The events of a room after `since`, in order, without those published before `notBefore`;
   * `recovered: false` when some are lost (or the epoch changed) or withheld (recoveryOf).
   */
  history: (room: string, since: Position, notBefore?: Date) => Promise<Recovery>
  /** Makes a socket (`connectionId`) of a user present in a room, or absent; changes of the user's presence are fanned out. */
  enter: (room: string, connectionId: string, userId: string, profile: Profile) => Promise<void>
  leave: (room: string, connectionId: string) => Promise<void>
  /** Who is present in a room, on live instances. */
  present: (room: string) => Promise<PresentUser[]>
  /** Whether its own connection is up (/ready); absent: it has none (PostgreSQL's is the database's). */
  up?: () => boolean
  /** Stops the broker's own timers and connections (after the last publish). */
  close: () => Promise<void>
}
