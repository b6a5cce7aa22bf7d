/**
 * Names of the NATS broker's stream, bucket and subjects. One installation's instances share
 * them: they are named after the database they share (its name, kept to [A-Za-z0-9_-]), so two
 * installations on one NATS server (or the test suite's databases) never hear each other.
 */
export interface NatsNames {
  /** The JetStream stream of the rooms' history, and the subject prefix of its events. */
  stream: string
  prefix: string
  /** The KV bucket of presence. */
  bucket: string
  /** The pg_notify channel of events published in a PostgreSQL transaction, sent on after commit. */
  afterCommit: string
}

export function natsNames (databaseUrl: string | undefined): NatsNames {
  let database = 'latchkey'
  try {
    if (databaseUrl) database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database
  } catch {}
  const ns = database.replace(/[^A-Za-z0-9_-]/g, '_')
  return { stream: `LATCHKEY_ROOMS_${ns}`, prefix: `latchkey.${ns}.rooms`, bucket: `LATCHKEY_PRESENCE_${ns}`, afterCommit: 'latchkey_rooms_after_commit' }
}

/** A room as one subject token or KV key token: base64url, valid whatever the room's characters. */
export const roomToken = (room: string) => Buffer.from(room).toString('base64url')
