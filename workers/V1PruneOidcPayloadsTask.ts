import type { Task } from 'graphile-worker'
import type { FastifyInstance } from 'fastify'
import { OIDC_PRUNE_BATCH, pruneExpired } from '../plugins/oidc/index.js'

/**
 * Hourly (graphile-worker cron), with an empty payload: deletes the OpenID provider's stored
 * models (oidc_payloads: sessions, grants, codes, tokens, interactions) past their expires_at.
 * Runs whether the provider is enabled or not: rows left from when it was are pruned all the same.
 */
export function V1PruneOidcPayloadsTask (app: FastifyInstance, batch = OIDC_PRUNE_BATCH): Task {
  return async (_payload, helpers) => {
    const started = Date.now()
    const deleted = await pruneExpired(app.sql, batch)
    app.log.info({ deleted, ms: Date.now() - started, jobId: helpers.job.id }, 'expired oidc payloads pruned')
  }
}
