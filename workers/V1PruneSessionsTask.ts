import { setTimeout as sleep } from 'node:timers/promises'
import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_TYPES, type AccountType } from '../plugins/accounts/registry.js'
import { prepared } from '../plugins/core/db.js'
import { pruneLoginAttempts } from '../plugins/accounts/repository/safety.js'
import { factorRepositoryOf } from '../plugins/factors/repository.js'

/** Rows looked at per statement: each statement locks at most this many rows, for milliseconds. */
export const PRUNE_BATCH = 5000

/**
 * After a window that deleted or erased rows the walk waits this many times as long as the window
 * took, so that its writes take a quarter of the time at most: each refresh's commit waits for the
 * WAL written before it, the window's deletes included (figures: bench/README.md, big tables).
 */
export const PRUNE_REST = 3

const FIRST_ID = '00000000-0000-0000-0000-000000000000'

const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff'

/**
 * One window of the walk: the ids after `$1` up to the `$2`-th in id order (UUIDv7, so creation
 * order; the rest of the table when fewer are left), of which it deletes rows expired more than
 * SESSION_RETENTION ($3 s) ago and revoked rows that were not rotated (no successor) revoked that
 * long ago, and erases sealed successors whose reuse interval ($4 s) is over. The window is a
 * range of the primary key, so the delete and the update read its index pages and the heap pages
 * of those rows once (not one index descent per row). Deleting a row sets its predecessor's
 * pointer to null (the foreign key), found through the family index.
 */
export function windowStatement (kind: AccountType) {
  const s = `"${kind.sessionTable}"`
  const expired = `(expires_at < now() - make_interval(secs => $3)
    or (revoked_at < now() - make_interval(secs => $3) and replaced_by_session_id is null))`
  const inWindow = 'id > $1 and id <= (select last from b)'
  return `with b as (select coalesce((select id from ${s} where id > $1 order by id offset $2 - 1 limit 1), '${LAST_ID}'::uuid) as last),
    d as (delete from ${s} where ${inWindow} and ${expired} returning 1),
    e as (update ${s} set successor_token = null
      where ${inWindow} and successor_token is not null
        and revoked_at <= now() - make_interval(secs => $4) and not ${expired} returning 1)
    select (select last from b) as last, (select count(*) from d)::int as deleted, (select count(*) from e)::int as erased`
}

const STATEMENTS = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, windowStatement(kind)]))

/** One-time tokens (used or not) expired more than `$1` seconds ago, `$2` at a time through the expiry index. */
const TOKEN_STATEMENTS = new Map(Object.values(ACCOUNT_TYPES).map((kind) => [kind, `delete from "${kind.tokenTable}"
  where id in (select id from "${kind.tokenTable}" where expires_at < now() - make_interval(secs => $1) limit $2)`]))

/** Deletes a table's one-time tokens that expired SESSION_RETENTION ago: how many. */
export async function pruneTokens (app: FastifyInstance, kind: AccountType, batch = PRUNE_BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const { count } = await prepared(app.sql, TOKEN_STATEMENTS.get(kind)!, [app.config.sessionRetention, batch])
    deleted += count
    if (count < batch) return deleted
  }
}

/** Deletes a type's expired MFA and WebAuthn challenges (they are worth nothing once expired): how many. */
export async function pruneChallenges (app: FastifyInstance, kind: AccountType, batch = PRUNE_BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const [{ n }] = await factorRepositoryOf(kind).pruneChallenges.run(app.sql, [batch])
    deleted += n
    if (n < batch) return deleted
  }
}

export interface Pruned { table: string, deleted: number, erased: number }

/**
 * Walks one session table from start to end; no statement runs longer than one window. `rest` is
 * given the time (ms) of each window that deleted or erased rows, after it.
 */
export async function pruneSessions (app: FastifyInstance, kind: AccountType, batch = PRUNE_BATCH,
  rest = (ms: number): Promise<unknown> => sleep(ms * PRUNE_REST)): Promise<Pruned> {
  const { sessionRetention, refreshTokenReuseInterval } = app.config
  const statement = STATEMENTS.get(kind)!
  const pruned = { table: kind.sessionTable, deleted: 0, erased: 0 }
  for (let after = FIRST_ID; ;) {
    const started = performance.now()
    const [row] = await prepared(app.sql, statement, [after, batch, sessionRetention, refreshTokenReuseInterval])
    pruned.deleted += row.deleted
    pruned.erased += row.erased
    if (row.deleted || row.erased) await rest(performance.now() - started)
    if (row.last === LAST_ID) return pruned
    after = row.last
  }
}

/**
 * Hourly (graphile-worker cron), with an empty payload: retention of the session tables of every
 * account type (docs/operations.md#session-retention), and of their one-time tokens with the same
 * SESSION_RETENTION after expiry; expired MFA and WebAuthn challenges go at once, and the lockout windows that are over. Logs what it removed per table.
 */
export function V1PruneSessionsTask (app: FastifyInstance, batch = PRUNE_BATCH): Task {
  return async (_payload, helpers) => {
    for (const kind of Object.values(ACCOUNT_TYPES)) {
      const started = Date.now()
      const pruned = await pruneSessions(app, kind, batch)
      app.log.info({ ...pruned, ms: Date.now() - started, jobId: helpers.job.id }, 'sessions pruned')
      const tokens = await pruneTokens(app, kind, batch)
      app.log.info({ table: kind.tokenTable, deleted: tokens, jobId: helpers.job.id }, 'one-time tokens pruned')
      const challenges = await pruneChallenges(app, kind, batch)
      app.log.info({ type: kind.type, deleted: challenges, jobId: helpers.job.id }, 'expired second-factor challenges pruned')
    }
    // Lockout windows that are over (an attempt on their address would start afresh anyway).
    let attempts = 0
    for (let count = batch; count === batch;) {
      ({ count } = await pruneLoginAttempts.run(app.sql, [batch]))
      attempts += count
    }
    app.log.info({ table: 'login_attempts', deleted: attempts, jobId: helpers.job.id }, 'lockout windows pruned')
  }
}
