import { setTimeout as sleep } from 'node:timers/promises'
import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { getTableName } from '../db/drizzle.js'
import { loginAttempts } from '../db/schema.js'
import { ACCOUNT_TYPES, type AccountType, repositoryOf, pruneLoginAttempts, LAST_ID } from '../plugins/accounts/index.js'
import { factorRepositoryOf } from '../plugins/factors/index.js'

/** Rows looked at per statement: each statement locks at most this many rows, for milliseconds. */
export const PRUNE_BATCH = 5000

/**
 * After a window that deleted or erased rows the walk waits this many times as long as the window
 * took, so that its writes take a quarter of the time at most: each refresh's commit waits for the
 * WAL written before it, the window's deletes included (figures: bench/README.md, big tables).
 */
export const PRUNE_REST = 3

const FIRST_ID = '00000000-0000-0000-0000-000000000000'

/** The text of one window of the walk over a session table (plugins/accounts/repository/prune.ts). */
export function windowStatement (kind: AccountType): string {
  return repositoryOf(kind).prune.window.text
}

/** Deletes a table's one-time tokens that expired SESSION_RETENTION ago: how many. */
export async function pruneTokens (app: FastifyInstance, kind: AccountType, batch = PRUNE_BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const { count } = await repositoryOf(kind).prune.tokens.run(app.sql, { retention: app.config.sessionRetention, batch })
    deleted += count
    if (count < batch) return deleted
  }
}

/** Deletes a type's expired MFA and WebAuthn challenges (they are worth nothing once expired): how many. */
export async function pruneChallenges (app: FastifyInstance, kind: AccountType, batch = PRUNE_BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const [{ n }] = await factorRepositoryOf(kind).pruneChallenges.run(app.sql, { batch })
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
  const { window } = repositoryOf(kind).prune
  const pruned = { table: kind.sessionTable, deleted: 0, erased: 0 }
  for (let after = FIRST_ID; ;) {
    const started = performance.now()
    const [row] = await window.run(app.sql, { after, batch, retention: sessionRetention, reuseInterval: refreshTokenReuseInterval })
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
      ({ count } = await pruneLoginAttempts.run(app.sql, { batch }))
      attempts += count
    }
    app.log.info({ table: getTableName(loginAttempts), deleted: attempts, jobId: helpers.job.id }, 'lockout windows pruned')
  }
}
